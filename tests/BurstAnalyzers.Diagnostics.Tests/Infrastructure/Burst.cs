using System;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Shared;
using Xunit;

namespace BurstAnalyzers.Diagnostics.Tests.Infrastructure;

/// <summary>Bursts of simultaneous requests, sent from dedicated threads so the test can watch the logs meanwhile.</summary>
internal static class Burst
{
    /// <summary>
    /// Enough simultaneous 1.5 s requests to starve a child host's pool, which starts at its defaults, for seconds.
    /// Not this process's pool: it keeps the thread count earlier bursts raised it to, even after the threads retire,
    /// and serves a burst sized from <see cref="ThreadPool.ThreadCount"/> without starving.
    /// </summary>
    public const int StarvingCount = 24;

    public static Task<BurstResult> Start(Uri uri, int count) =>
        Task.Factory.StartNew(() => SimultaneousRequests.Send(uri, count), CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);

    public static void AssertAllSucceeded(BurstResult result) =>
        Assert.All(result.Outcomes, o => Assert.True(o.Status == 200, $"status {o.Status}: {o.Body}"));

    /// <summary>
    /// For starving bursts: every response is a 200 (the detector never fails a request). Some connections of the
    /// one-socket-per-request client may be reset after the server served them (the 1000-request test counts the
    /// server's waits and finds all of them); those are the client's, and at least half must get their response.
    /// </summary>
    public static void AssertServedUnderStarvation(BurstResult result)
    {
        Assert.All(result.Outcomes, o => Assert.True(o.Status is null or 200, $"status {o.Status}: {o.Body}"));
        RequestOutcome[] reset = result.Outcomes.Where(o => o.Status is null).ToArray();
        Assert.True(reset.Length * 2 <= result.Outcomes.Length, $"{reset.Length} of {result.Outcomes.Length} connections failed: {reset.FirstOrDefault()?.Body}");
    }

    public static int Succeeded(BurstResult result) => result.Outcomes.Count(o => o.Status == 200);
}
