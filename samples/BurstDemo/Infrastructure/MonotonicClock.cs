using System.Diagnostics;

namespace BurstDemo.Infrastructure;

/// <summary>
/// One time base for every thread of the demo (client threads, the /ping probe, the reader of the server's pool
/// samples), so request starts, completions and thread counts can be put on the same axis.
/// </summary>
internal static class MonotonicClock
{
    private static readonly long Origin = Stopwatch.GetTimestamp();

    /// <summary>Milliseconds since the demo started; never goes backwards.</summary>
    public static double NowMs => Stopwatch.GetElapsedTime(Origin).TotalMilliseconds;
}
