using System;
using System.Diagnostics;
using System.Threading;

namespace BurstAnalyzers.Diagnostics.Runtime;

/// <summary>
/// The starvation signal: one tiny work item in the pool's global queue at a time, queued by the detector's own
/// thread. How long it waits for a thread is what every request queued behind the blocked ones waits too. Costs four
/// work items a second, nothing per request: the runtime's thread-pool events, which say the same thing, cost every
/// request a share of an in-process EventPipe session (measured in docs/detector.md), so they are only listened to
/// during an episode unless asked for.
/// </summary>
internal sealed class QueueDelayProbe : IThreadPoolWorkItem
{
    private readonly long _thresholdTicks;
    private long _queuedAt;

    public QueueDelayProbe(TimeSpan threshold) => _thresholdTicks = (long)(threshold.TotalSeconds * Stopwatch.Frequency);

    /// <summary>How long the probe in the queue has waited so far; zero when none is waiting.</summary>
    public TimeSpan Waiting
    {
        get
        {
            long queuedAt = Volatile.Read(ref _queuedAt);
            return queuedAt == 0 ? TimeSpan.Zero : Stopwatch.GetElapsedTime(queuedAt);
        }
    }

    /// <summary>
    /// On the detector's thread, every tick: queues the probe when none is waiting, and returns how long the waiting
    /// one has waited once that reaches the threshold (at every tick until a thread picks it up), else null.
    /// </summary>
    public TimeSpan? Tick()
    {
        long queuedAt = Volatile.Read(ref _queuedAt);
        if (queuedAt == 0)
        {
            Volatile.Write(ref _queuedAt, Stopwatch.GetTimestamp());
            ThreadPool.UnsafeQueueUserWorkItem(this, preferLocal: false);
            return null;
        }

        long now = Stopwatch.GetTimestamp();
        return now - queuedAt >= _thresholdTicks ? Stopwatch.GetElapsedTime(queuedAt, now) : null;
    }

    void IThreadPoolWorkItem.Execute() => Volatile.Write(ref _queuedAt, 0);
}
