namespace BurstAnalyzers.Diagnostics;

/// <summary>When the detector listens to the runtime's thread-pool events (thread injections and their reasons).</summary>
public enum RuntimeEvents
{
    /// <summary>Never: starvation is found by the queue-delay probe alone, and reports do not say why the pool added threads.</summary>
    Off,

    /// <summary>
    /// While a starvation episode lasts: the probe finds the episode, then the runtime's events say how many threads
    /// the pool added and why (starvation, or compensation for blocked task waits). An in-process listener of the
    /// runtime's provider costs every request a share (measured in docs/detector.md), so the default pays it only
    /// while the pool is starving.
    /// </summary>
    DuringStarvation,

    /// <summary>All the time: the runtime's own starvation signal as well as the probe's, at a measurable cost per request.</summary>
    Always,
}
