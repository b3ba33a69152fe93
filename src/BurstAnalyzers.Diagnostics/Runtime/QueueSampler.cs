using System.Threading;

namespace BurstAnalyzers.Diagnostics.Runtime;

/// <summary>
/// The stand-in for the runtime's starvation events when they are unavailable: work has stayed queued across four
/// samples (a second at the detector's tick), i.e. work waited a second for a thread. The pool's thread count is no
/// help here: idle threads retire while others are injected. Later and less sure than the runtime's own signal (a
/// saturated CPU looks the same), and the log says the detector runs on this fallback.
/// </summary>
internal sealed class QueueSampler
{
    private const int SamplesToStarve = 4;

    private int _queuedSamples;

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

        if (++_queuedSamples >= SamplesToStarve)
        {
            _queuedSamples = 0;
            return threads;
        }

        return null;
    }
}
