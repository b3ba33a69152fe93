using System;
using System.Linq;
using BurstAnalyzers.Offload.Tests.Infrastructure;
using BurstAnalyzers.Offload.TestHost;
using BurstAnalyzers.Tests.Shared;
using Xunit;
using Xunit.Abstractions;

namespace BurstAnalyzers.Offload.Tests.Burst;

/// <summary>
/// 50 simultaneous calls to a handler that blocks 1 s, against a fresh server process: once offloaded, once as written.
/// Offloaded first, so any pool growth it caused could only make the second figure better, never the first.
/// </summary>
internal static class BurstComparison
{
    public const int Calls = 50;
    public const int BlockMilliseconds = 1000;

    public static void Run(ITestOutputHelper output, string handlerKind, string offloadedPath, string blockingPath)
    {
        using ChildHostProcess host = ChildHostProcess.Start(typeof(TestApp).Assembly, Program.ListeningPrefix);
        Uri offloaded = new(host.BaseAddress, offloadedPath);
        Uri blocking = new(host.BaseAddress, blockingPath);
        WarmUp(offloaded);
        WarmUp(blocking);

        BurstResult withOffload = SimultaneousRequests.Send(new Uri(offloaded, $"?ms={BlockMilliseconds}"), Calls);
        BurstResult without = SimultaneousRequests.Send(new Uri(blocking, $"?ms={BlockMilliseconds}"), Calls);

        double ratio = without.Elapsed / withOffload.Elapsed;
        // A starved server also misses Kestrel's minimum response data rate and resets some connections after ~5 s:
        // those calls ended early, so counting them as done at that moment can only understate the slowdown.
        int reset = without.Outcomes.Count(o => !Succeeded(o));
        output.WriteLine($"{handlerKind}: {Calls} simultaneous calls blocking {BlockMilliseconds} ms each: " +
            $"[OffloadBlocking] {withOffload.Elapsed.TotalSeconds:F2} s, without {without.Elapsed.TotalSeconds:F2} s " +
            $"({ratio:F1}x slower; {reset} of {Calls} calls without it failed)");

        AssertAllSucceeded(withOffload);
        Assert.True(
            withOffload.Elapsed <= TimeSpan.FromMilliseconds(1.5 * BlockMilliseconds),
            $"offloaded burst took {withOffload.Elapsed.TotalSeconds:F2} s, more than 1.5x the {BlockMilliseconds} ms each call blocks");
        Assert.True(ratio >= 3, $"without offloading the burst was only {ratio:F1}x slower");
    }

    // JIT (client and server), routing and MVC caches: the first calls must not count as blocking time. A burst that
    // does not block exercises the same code paths without growing the server's thread pool.
    private static void WarmUp(Uri path) => AssertAllSucceeded(SimultaneousRequests.Send(new Uri(path, "?ms=0"), Calls));

    private static bool Succeeded(RequestOutcome outcome) =>
        outcome.Status == 200 && outcome.Body.Contains("slept", StringComparison.Ordinal);

    private static void AssertAllSucceeded(BurstResult burst)
    {
        RequestOutcome[] failed = burst.Outcomes.Where(o => !Succeeded(o)).ToArray();
        Assert.True(failed.Length == 0, $"{failed.Length} calls failed, e.g. {failed.FirstOrDefault()}");
    }
}
