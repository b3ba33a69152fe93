using System;
using System.Net.Http;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.TestHost;
using BurstAnalyzers.Offload.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Offload.Tests.AspNetCore;

/// <summary>[OffloadBlocking] on a Razor Pages page model (pages take filters on the model class only).</summary>
public sealed class RazorPagesOffloadTests(HostFixture fixture) : IClassFixture<HostFixture>
{
    [Fact]
    public async Task The_handler_of_a_marked_page_model_runs_on_an_offload_thread_with_the_request_state()
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, "/pages/probe");
        request.Headers.Add(TestApp.CultureHeader, ProbeRequests.Culture);
        using HttpResponseMessage response = await fixture.Host.Client.SendAsync(request);
        string page = await response.Content.ReadAsStringAsync();

        Assert.True(response.IsSuccessStatusCode, page);
        Assert.Contains(
            $"offload-thread=True;pool-thread=False;http-context=True;culture={ProbeRequests.Culture};",
            page,
            StringComparison.Ordinal);
    }
}
