using System.Net.Http;
using System.Net.Http.Json;
using System.Text.Json;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.TestHost;
using BurstAnalyzers.Offload.TestHost.Probes;
using Xunit;

namespace BurstAnalyzers.Offload.Tests.Infrastructure;

/// <summary>Calls a probe handler in a given culture and returns what it saw, with the request's trace id.</summary>
internal static class ProbeRequests
{
    public const string Culture = "fr-FR";

    public static Task<(ProbeReport Report, string TraceId)> GetAsync(HttpClient client, string path) =>
        SendAsync(client, new HttpRequestMessage(HttpMethod.Get, path));

    public static Task<(ProbeReport Report, string TraceId)> PostAsync(HttpClient client, string path, ProbeInput body) =>
        SendAsync(client, new HttpRequestMessage(HttpMethod.Post, path) { Content = JsonContent.Create(body) });

    private static async Task<(ProbeReport Report, string TraceId)> SendAsync(HttpClient client, HttpRequestMessage request)
    {
        using (request)
        {
            request.Headers.Add(TestApp.CultureHeader, Culture);
            using HttpResponseMessage response = await client.SendAsync(request);
            Assert.True(response.IsSuccessStatusCode, $"{request.RequestUri}: {(int)response.StatusCode}");
            ProbeReport? report = await response.Content.ReadFromJsonAsync<ProbeReport>(JsonSerializerOptions.Web);
            Assert.NotNull(report);
            return (report, Assert.Single(response.Headers.GetValues(TestApp.TraceIdHeader)));
        }
    }
}
