using System;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.TestHost.Probes;
using BurstAnalyzers.Tests.Shared;
using Microsoft.Extensions.DependencyInjection;
using Xunit;

namespace BurstAnalyzers.Offload.Tests.Infrastructure;

/// <summary>
/// Request cancellation, end to end: with one offload thread held by a first request, a second request queues; the
/// client gives up on it; it must leave the queue without ever running.
/// </summary>
internal static class QueuedRequestCancellation
{
    public static async Task AssertCanceledRequestNeverRuns(string gatePath)
    {
        await using InProcessHost host = await InProcessHost.StartAsync(o => o.MaxThreads = 1);
        OffloadScheduler scheduler = host.Services.GetRequiredService<OffloadScheduler>();
        ProbeGate gate = host.Services.GetRequiredService<ProbeGate>();

        try
        {
            Task<string> holder = host.Client.GetStringAsync(gatePath);
            await Eventually.TrueAsync(() => gate.Entered == 1, "the first request holds the only offload thread");

            using var giveUp = new CancellationTokenSource();
            Task<HttpResponseMessage> queued = host.Client.GetAsync(gatePath, giveUp.Token);
            await Eventually.TrueAsync(() => scheduler.QueueLength == 1, "the second request waits in the queue");

            giveUp.Cancel();
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => queued);
            await Eventually.TrueAsync(() => scheduler.QueueLength == 0, "the aborted request left the queue");

            gate.Open();
            Assert.Equal("passed", await holder);
            Assert.Equal(1, gate.Entered);
        }
        finally
        {
            // Even when an assertion failed: a held handler would delay the host's shutdown.
            gate.Open();
        }

        Assert.Equal(1, scheduler.ThreadCount);
    }
}
