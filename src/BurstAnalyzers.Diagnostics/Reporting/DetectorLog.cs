using System;
using Microsoft.Extensions.Logging;

namespace BurstAnalyzers.Diagnostics.Reporting;

/// <summary>Everything the detector logs, with stable EventIds (documented in docs/detector.md) and structured fields.</summary>
internal static partial class DetectorLog
{
    public const string Category = "BurstAnalyzers.Diagnostics.BlockingDetector";

    [LoggerMessage(EventId = 1, EventName = "ThreadPoolStarvation", Level = LogLevel.Warning,
        Message = "Thread pool starvation ({Reason}): queued work has waited {QueueDelayMilliseconds:0} ms for a thread ({ThreadCount} threads, {PendingWorkItems} work items queued). Requests in flight by endpoint: {Endpoints}. Blocking in these endpoints is the likely cause; BlockingWait reports name the calls where they can be seen (task waits). For other waits (Monitor, wait handles, locks) run burst-attach on this process (dotnet tool BurstAnalyzers.Attach) while it starves.")]
    public static partial void Starvation(ILogger logger, Runtime.StarvationReason reason, double queueDelayMilliseconds, int threadCount, long pendingWorkItems, string endpoints);

    [LoggerMessage(EventId = 2, EventName = "ThreadPoolStarvationEnded", Level = LogLevel.Information,
        Message = "Thread pool starvation ended after {DurationSeconds:0.0} s ({Signals} starvation signals, {ThreadCount} threads now). Runtime events {RuntimeEvents}: the pool added {StarvationInjections} threads for starvation and {CooperativeBlockingInjections} for threads blocked on tasks.")]
    public static partial void StarvationEnded(ILogger logger, double durationSeconds, int signals, int threadCount, RuntimeEvents runtimeEvents, int starvationInjections, int cooperativeBlockingInjections);

    [LoggerMessage(EventId = 3, EventName = "BlockingWait", Level = LogLevel.Warning,
        Message = "Endpoint {Endpoint} blocked a thread-pool thread for {BlockedMilliseconds:0} ms in {BlockingCall}, called from {CallSite} (in {BlockingAssembly}; {HeldBack} more since the last report). {Advice}")]
    public static partial void BlockingWait(ILogger logger, string endpoint, double blockedMilliseconds, string blockingCall, string callSite, string? blockingAssembly, int heldBack, string advice);

    [LoggerMessage(EventId = 4, EventName = "RuntimeEventsUnavailable", Level = LogLevel.Error,
        Message = "The blocking detector receives no thread-pool events from the runtime ({Reason}). Its queue-delay probe still finds starvation; reports will not say how many threads the pool added or why. Check that EventSource support is not trimmed or disabled (EventSourceSupport / System.Diagnostics.Tracing.EventSource.IsSupported).")]
    public static partial void EventsUnavailable(ILogger logger, string reason);

    [LoggerMessage(EventId = 5, EventName = "DetectorStarted", Level = LogLevel.Information,
        Message = "Blocking detector started: starvation when queued work waits {StarvationThresholdMilliseconds:0} ms for a thread, runtime thread-pool events {RuntimeEvents}, call sites of synchronous task waits {CallSiteCapture} (threshold {ThresholdMilliseconds:0} ms), runtime {Runtime}.")]
    public static partial void Started(ILogger logger, double starvationThresholdMilliseconds, RuntimeEvents runtimeEvents, CallSiteCapture callSiteCapture, double thresholdMilliseconds, string runtime);

    [LoggerMessage(EventId = 6, EventName = "DetectorDisabled", Level = LogLevel.Information,
        Message = "Blocking detector is registered but disabled (BlockingDetectorOptions.Enabled is false).")]
    public static partial void Disabled(ILogger logger);

    [LoggerMessage(EventId = 7, EventName = "CallSiteCaptureOn", Level = LogLevel.Information,
        Message = "Capturing call sites of synchronous task waits for {WindowSeconds:0} s after thread pool starvation.")]
    public static partial void CaptureOn(ILogger logger, double windowSeconds);

    [LoggerMessage(EventId = 8, EventName = "CallSiteCaptureOff", Level = LogLevel.Debug,
        Message = "Call-site capture window closed.")]
    public static partial void CaptureOff(ILogger logger);

    [LoggerMessage(EventId = 9, EventName = "DetectorFailure", Level = LogLevel.Error,
        Message = "The blocking detector failed in {Where} and carries on without it.")]
    public static partial void Failure(ILogger logger, string where, Exception exception);

    /// <summary>
    /// What the report says the wait is in: the assembly, or for a site with none of its own what it is instead (a site
    /// of generated code alone, or framework frames only), never an empty "in ;".
    /// </summary>
    public static string AssemblyOf(CallSite site) =>
        site.BlockingAssembly
        ?? (site.Frames is [CallSite.GeneratedCode] ? "code generated at run time, no assembly" : "framework code, no application or library assembly");

    public static string Advice(CallSite site) => site.Origin switch
    {
        CallSiteOrigin.Library => $"The wait is inside {site.BlockingAssembly}, which the analyzer cannot see into: put [OffloadBlocking] on the endpoint (BurstAnalyzers.Offload) so the wait runs on a dedicated thread, or use an async API of that library.",
        CallSiteOrigin.Application => "The wait is in the application's own code: the BurstAnalyzers analyzer reports it as BURST002 (BURST005 when reached through helper methods) and its code fix makes the chain async.",
        CallSiteOrigin.Inlined => $"The wait is in a method the JIT inlined into {site.Frames[0]}, so the stack has no frame for it: if that method is the application's, the analyzer reports it (BURST002, or BURST005 through helper methods); if it is a library's, put [OffloadBlocking] on the endpoint (BurstAnalyzers.Offload) or use an async API of that library.",
        _ => "No application or library frame is left on the stack (framework code, or methods the JIT inlined into it): look for a synchronous wait in what this endpoint calls, or put [OffloadBlocking] on it (BurstAnalyzers.Offload).",
    };
}
