namespace BurstAnalyzers.Diagnostics;

/// <summary>When the detector listens for synchronous task waits, whose call sites it reports.</summary>
public enum CallSiteCapture
{
    /// <summary>Never: only the starvation signal and the endpoints in flight are reported.</summary>
    Off,

    /// <summary>
    /// For <see cref="BlockingDetectorOptions.CaptureWindow"/> after each starvation signal. Listening to task events
    /// makes every <c>await</c> more expensive, so the default pays that cost only while the pool is starving, which is
    /// exactly when the blocking calls are running.
    /// </summary>
    DuringStarvation,

    /// <summary>All the time: finds blocking that never starves the pool, at a measurable cost per await.</summary>
    Always,
}
