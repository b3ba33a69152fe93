using System;
using System.Diagnostics;
using System.Threading;
using System.Threading.Tasks;
using Xunit;

namespace BurstAnalyzers.Tests.Shared;

/// <summary>Waits for a condition that another thread makes true, with a generous deadline.</summary>
internal static class Eventually
{
    public static readonly TimeSpan Deadline = TimeSpan.FromSeconds(15);

    public static void True(Func<bool> condition, string what) =>
        Assert.True(SpinWait.SpinUntil(condition, Deadline), $"Not true within {Deadline.TotalSeconds} s: {what}.");

    /// <summary>
    /// For tests that host the server in this process: polls without holding a thread-pool thread the server may need.
    /// </summary>
    public static async Task TrueAsync(Func<bool> condition, string what)
    {
        long start = Stopwatch.GetTimestamp();
        while (!condition())
        {
            Assert.True(Stopwatch.GetElapsedTime(start) < Deadline, $"Not true within {Deadline.TotalSeconds} s: {what}.");
            await Task.Delay(5);
        }
    }
}
