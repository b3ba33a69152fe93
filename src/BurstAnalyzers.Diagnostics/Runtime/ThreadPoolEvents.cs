using System;
using System.Diagnostics.Tracing;

namespace BurstAnalyzers.Diagnostics.Runtime;

/// <summary>
/// Listens to the runtime's thread-pool events ("Microsoft-Windows-DotNETRuntime", ThreadingKeyword, Informational) for
/// thread injection with the Starvation reason (queued work has not started for a while) or the CooperativeBlocking
/// reason (pool threads are blocked waiting on tasks, and the pool adds threads for them faster than for starvation). Only Informational: the Verbose level would also carry an event per
/// work item. The runtime delivers these events on a dispatcher thread of its own some milliseconds after they
/// happened, never on the thread that raised them, so nothing here can look at the starving threads' stacks.
/// </summary>
internal sealed class ThreadPoolEvents : EventListener
{
    /// <summary>The runtime's provider; a parameter only so a test can make it never appear.</summary>
    public const string RuntimeSourceName = "Microsoft-Windows-DotNETRuntime";

    private const EventKeywords ThreadingKeyword = (EventKeywords)0x10000;
    private const int AdjustmentEventId = 55;
    private const uint StarvationCode = 6;
    private const uint CooperativeBlockingCode = 8;

    // Field initialisers run before the EventListener constructor, which already calls OnEventSourceCreated for the
    // sources that exist; the constructor body does not.
    private readonly string _sourceName = s_pendingSourceName ?? RuntimeSourceName;
    private volatile Action<int, StarvationReason>? _onStarvation;
    private volatile bool _enabled;
    private volatile string? _failure;

    [ThreadStatic]
    private static string? s_pendingSourceName;

    private ThreadPoolEvents()
    {
    }

    /// <summary>True once the runtime's source accepted the subscription.</summary>
    public bool Enabled => _enabled;

    /// <summary>Why the subscription failed, if it threw.</summary>
    public string? Failure => _failure;

    public static ThreadPoolEvents Create(string sourceName, Action<int, StarvationReason> onStarvation)
    {
        s_pendingSourceName = sourceName;
        try
        {
            var listener = new ThreadPoolEvents();
            listener._onStarvation = onStarvation;
            return listener;
        }
        finally
        {
            s_pendingSourceName = null;
        }
    }

    protected override void OnEventSourceCreated(EventSource eventSource)
    {
        if (eventSource.Name != _sourceName)
        {
            return;
        }

        try
        {
            EnableEvents(eventSource, EventLevel.Informational, ThreadingKeyword);
            _enabled = true;
        }
#pragma warning disable CA1031 // A listener that cannot subscribe reports it; it must not take the application down.
        catch (Exception exception)
#pragma warning restore CA1031
        {
            _failure = $"{exception.GetType().Name}: {exception.Message}";
        }
    }

    protected override void OnEventWritten(EventWrittenEventArgs eventData)
    {
        if (eventData.EventId != AdjustmentEventId || eventData.Payload is not { Count: >= 3 } payload)
        {
            return;
        }

        // ThreadPoolWorkerThreadAdjustmentAdjustment(AverageThroughput, NewWorkerThreadCount, Reason, ClrInstanceID).
        uint reason = Convert.ToUInt32(payload[2], System.Globalization.CultureInfo.InvariantCulture);
        if (reason is StarvationCode or CooperativeBlockingCode)
        {
            _onStarvation?.Invoke(
                Convert.ToInt32(payload[1], System.Globalization.CultureInfo.InvariantCulture),
                reason == StarvationCode ? StarvationReason.Starvation : StarvationReason.CooperativeBlocking);
        }
    }
}
