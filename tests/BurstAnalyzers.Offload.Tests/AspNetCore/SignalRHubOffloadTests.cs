using System.Threading.Tasks;
using BurstAnalyzers.Offload.TestHost.Probes;
using BurstAnalyzers.Offload.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Offload.Tests.AspNetCore;

/// <summary>[OffloadBlocking] on a SignalR hub method, through the hub filter AddBurstOffload registers.</summary>
public sealed class SignalRHubOffloadTests(HostFixture fixture) : IClassFixture<HostFixture>
{
    [Fact]
    public async Task A_marked_hub_method_runs_on_an_offload_thread_and_an_unmarked_one_does_not()
    {
        await using RawHubConnection hub = await RawHubConnection.ConnectAsync(fixture.Host.BaseAddress, "/hubs/probe");

        ProbeReport marked = await hub.InvokeAsync<ProbeReport>("Probe", "hello");
        ProbeReport plain = await hub.InvokeAsync<ProbeReport>("ProbePlain", "hello");

        Assert.True(marked.IsOffloadThread, $"ran on '{marked.ThreadName}'");
        Assert.False(marked.IsThreadPoolThread);
        Assert.Equal("hello", marked.Echo);
        ProbeAssert.NotOffloaded(plain);
    }
}
