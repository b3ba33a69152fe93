using System;

namespace BurstAnalyzers.Diagnostics;

/// <summary>Settings of the blocking detector, set through <c>services.AddBurstBlockingDetector(o => ...)</c>.</summary>
public sealed class BlockingDetectorOptions
{
    /// <summary>Turns the detector off without removing its registration (for example from configuration).</summary>
    public bool Enabled { get; set; } = true;

    /// <summary>
    /// A synchronous wait on a task on a request thread is reported when it lasts at least this long. Default 100 ms:
    /// long enough that a wait on an almost finished task is not news, short against the 500 ms the pool takes to
    /// add a thread.
    /// </summary>
    public TimeSpan BlockingThreshold { get; set; } = TimeSpan.FromMilliseconds(100);

    /// <summary>
    /// A call site (or a starvation episode's endpoint list) is logged at most once per interval; the meter still counts
    /// every occurrence. Default 1 minute.
    /// </summary>
    public TimeSpan ReportInterval { get; set; } = TimeSpan.FromMinutes(1);

    /// <summary>
    /// The pool is starving when queued work waits this long for a thread (the detector's probe measures it four times a
    /// second). Default 1 s: a healthy pool, even with every core busy, starts queued work within milliseconds; a
    /// starving one adds a thread only every 0.5-1 s.
    /// </summary>
    public TimeSpan StarvationThreshold { get; set; } = TimeSpan.FromSeconds(1);

    /// <summary>When the runtime's thread-pool events are listened to. Default <see cref="Diagnostics.RuntimeEvents.DuringStarvation"/>.</summary>
    public RuntimeEvents RuntimeEvents { get; set; } = RuntimeEvents.DuringStarvation;

    /// <summary>When call sites of synchronous task waits are captured. Default <see cref="CallSiteCapture.DuringStarvation"/>.</summary>
    public CallSiteCapture CallSiteCapture { get; set; } = CallSiteCapture.DuringStarvation;

    /// <summary>How long call-site capture (and listening to the runtime's events) stays on after a starvation signal. Default 30 s.</summary>
    public TimeSpan CaptureWindow { get; set; } = TimeSpan.FromSeconds(30);

    /// <summary>
    /// A starvation episode ends when no starvation signal came for this long. Default 5 s (the probe signals four
    /// times a second while queued work waits, the runtime every 0.5-1 s while it adds threads).
    /// </summary>
    public TimeSpan EpisodeEndDelay { get; set; } = TimeSpan.FromSeconds(5);

    /// <summary>Frames of application or library code kept in a reported call site. Default 6.</summary>
    public int MaxFrames { get; set; } = 6;

    /// <summary>Endpoints listed in a starvation report, longest in flight first. Default 10.</summary>
    public int MaxEndpointsPerReport { get; set; } = 10;

    /// <summary>Distinct call sites (per endpoint) remembered for de-duplication; past it the one seen least recently is
    /// forgotten, so memory stays bounded and sites that keep blocking stay de-duplicated. Default 1000.</summary>
    public int MaxTrackedSites { get; set; } = 1000;
}
