using System;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Diagnostics.Tests.Infrastructure;

/// <summary>Bursts of simultaneous requests, sent from dedicated threads so the test can watch the logs meanwhile.</summary>
internal static class Burst
{
    /// <summary>Enough simultaneous requests to block every thread the pool has now, and then some.</summary>
    public static int StarvingCount => ThreadPool.ThreadCount + (2 * Environment.ProcessorCount) + 12;

    public static Task<BurstResult> Start(Uri uri, int count) =>
        Task.Factory.StartNew(() => SimultaneousRequests.Send(uri, count), CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);

    public static void AssertAllSucceeded(BurstResult result) =>
        Assert.All(result.Outcomes, o => Assert.True(o.Status == 200, $"status {o.Status}: {o.Body}"));

    /// <summary>
    /// For bursts that starve this very process: every response is a 200 (the detector never fails a request), but a
    /// rare connection may be reset before it gets one while the starved pool cannot accept it in time.
    /// </summary>
    public static void AssertServedUnderStarvation(BurstResult result)
    {
        Assert.All(result.Outcomes, o => Assert.True(o.Status is null or 200, $"status {o.Status}: {o.Body}"));
        int reset = result.Outcomes.Count(o => o.Status is null);
        Assert.True(reset * 20 <= result.Outcomes.Length, $"{reset} of {result.Outcomes.Length} connections failed: {result.Outcomes.First(o => o.Status is null).Body}");
    }

    public static int Succeeded(BurstResult result) => result.Outcomes.Count(o => o.Status == 200);
}
