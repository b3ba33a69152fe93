using System.Threading;

namespace BurstAnalyzers.Diagnostics.Runtime;

/// <summary>
/// The stand-in for the runtime's starvation events when they are unavailable: work has stayed queued across four
/// samples (a second at the detector's tick) while the pool grew, which is what starvation injection looks like from
/// outside. Later and less sure than the runtime's own signal, and said so in the log.
/// </summary>
internal sealed class QueueSampler
{
    private const int SamplesToStarve = 4;

    private int _queuedSamples;
    private int _threadsAtFirstQueued;

    /// <summary>The pool's thread count when it looks starved, otherwise null.</summary>
    public int? Sample()
    {
        long pending = ThreadPool.PendingWorkItemCount;
        int threads = ThreadPool.ThreadCount;
        if (pending == 0)
        {
            _queuedSamples = 0;
            return null;
        }

        if (_queuedSamples++ == 0)
        {
            _threadsAtFirstQueued = threads;
        }

        if (_queuedSamples >= SamplesToStarve && threads > _threadsAtFirstQueued)
        {
            _queuedSamples = 0;
            return threads;
        }

        return null;
    }
}
