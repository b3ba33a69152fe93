using System;
using System.Threading;

namespace BurstAnalyzers.Offload;

/// <summary>
/// A moving average of how long work items run (each new one weighs 1/16), for the Retry-After of a rejection. Written
/// by every worker without a lock: a lost update only makes the average a little older.
/// </summary>
internal sealed class RunTimeAverage
{
    private long _ticks;

    public TimeSpan Value => TimeSpan.FromTicks(Volatile.Read(ref _ticks));

    public void Add(TimeSpan runTime)
    {
        long average = Volatile.Read(ref _ticks);
        Volatile.Write(ref _ticks, average == 0 ? runTime.Ticks : average + ((runTime.Ticks - average) / 16));
    }

    /// <summary>How long <paramref name="queued"/> items take to start on <paramref name="threads"/> busy threads, in
    /// whole seconds, from 1 s to 1 h.</summary>
    public TimeSpan DrainTime(int queued, int threads)
    {
        double seconds = Math.Ceiling(Value.TotalSeconds * (queued + 1) / Math.Max(1, threads));
        return TimeSpan.FromSeconds(Math.Clamp(seconds, 1, 3600));
    }
}
