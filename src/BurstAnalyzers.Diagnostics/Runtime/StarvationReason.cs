namespace BurstAnalyzers.Diagnostics.Runtime;

/// <summary>Why the runtime added a thread-pool thread, among the reasons that mean blocked threads.</summary>
internal enum StarvationReason
{
    /// <summary>Queued work had not started for a while: every thread was busy, blocked or not.</summary>
    Starvation,

    /// <summary>Pool threads were blocked waiting on tasks (sync over async); the pool compensates faster, up to a limit.</summary>
    CooperativeBlocking,

    /// <summary>The detector's own sampling saw work queued for a second (runtime events unavailable).</summary>
    QueueSampling,
}
