using System;
using System.Diagnostics.Metrics;
using System.Net;
using System.Net.Http;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.TestHost.Probes;
using BurstAnalyzers.Offload.Tests.Infrastructure;
using BurstAnalyzers.Tests.Shared;
using Microsoft.Extensions.DependencyInjection;
using Xunit;

namespace BurstAnalyzers.Offload.Tests.AspNetCore;

/// <summary>
/// With every offload thread busy and the queue at its limit, an offloaded MVC action or minimal API endpoint answers
/// 503 Service Unavailable with Retry-After at once, its handler never runs, and the rejection is counted; what was
/// queued still runs. A hub method gets a HubException the caller can read, and its connection stays usable.
/// </summary>
public sealed class QueueLimitTests
{
    [Theory]
    [InlineData("/mvc/gate")]
    [InlineData("/minimal/gate")]
    public async Task Past_the_queue_limit_a_request_gets_503_with_Retry_After_and_its_handler_never_runs(string gatePath)
    {
        await using InProcessHost host = await InProcessHost.StartAsync(o =>
        {
            o.MaxThreads = 1;
            o.MaxQueueLength = 1;
        });
        using var metrics = new OffloadMeterRecorder(host.Services.GetRequiredService<IMeterFactory>());
        OffloadScheduler scheduler = host.Services.GetRequiredService<OffloadScheduler>();
        ProbeGate gate = host.Services.GetRequiredService<ProbeGate>();

        try
        {
            Task<string> holder = host.Client.GetStringAsync(gatePath);
            await Eventually.TrueAsync(() => gate.Entered == 1, "the first request holds the only offload thread");
            Task<string> queued = host.Client.GetStringAsync(gatePath);
            await Eventually.TrueAsync(() => scheduler.QueueLength == 1, "the second request waits in the queue");

            using HttpResponseMessage refused = await host.Client.GetAsync(gatePath);

            Assert.Equal(HttpStatusCode.ServiceUnavailable, refused.StatusCode);
            Assert.Equal(TimeSpan.FromSeconds(1), refused.Headers.RetryAfter?.Delta);
            Assert.Equal(1, metrics.Total(MetricNames.Rejected));

            gate.Open();
            Assert.Equal("passed", await holder);
            Assert.Equal("passed", await queued);
            Assert.Equal(2, gate.Entered);
        }
        finally
        {
            gate.Open();
        }
    }

    [Fact]
    public async Task Past_the_queue_limit_a_hub_method_fails_with_a_HubException_saying_the_server_is_busy_and_the_connection_stays()
    {
        await using InProcessHost host = await InProcessHost.StartAsync(o =>
        {
            o.MaxThreads = 1;
            o.MaxQueueLength = 0;
        });
        ProbeGate gate = host.Services.GetRequiredService<ProbeGate>();
        await using RawHubConnection hub = await RawHubConnection.ConnectAsync(host.BaseAddress, "/hubs/probe");

        try
        {
            Task<string> holder = host.Client.GetStringAsync("/minimal/gate");
            await Eventually.TrueAsync(() => gate.Entered == 1, "a request holds the only offload thread");

            InvalidOperationException refused = await Assert.ThrowsAsync<InvalidOperationException>(() => hub.InvokeAsync<ProbeReport>("Probe", "hello"));
            Assert.Contains("The server is busy: Probe was not run; retry in 1 s.", refused.Message, StringComparison.Ordinal);

            gate.Open();
            Assert.Equal("passed", await holder);
            Assert.True((await hub.InvokeAsync<ProbeReport>("Probe", "again")).IsOffloadThread);
        }
        finally
        {
            gate.Open();
        }
    }
}
