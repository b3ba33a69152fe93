namespace BurstAnalyzers.Diagnostics.Runtime;

/// <summary>What signalled starvation: the detector's probe, or the runtime adding a thread for a reason that means blocked threads.</summary>
internal enum StarvationReason
{
    /// <summary>The detector's probe waited in the pool's queue past <see cref="BlockingDetectorOptions.StarvationThreshold"/>.</summary>
    QueueDelay,

    /// <summary>The runtime added a thread because queued work had not started for a while: every thread was busy, blocked or not.</summary>
    Starvation,

    /// <summary>The runtime added a thread because pool threads were blocked waiting on tasks (sync over async); it compensates faster, up to a limit.</summary>
    CooperativeBlocking,
}
