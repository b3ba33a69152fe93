using System;
using System.Diagnostics.Tracing;
using System.Threading;

namespace BurstAnalyzers.Diagnostics.Runtime;

/// <summary>
/// Listens to the runtime's thread-pool events ("Microsoft-Windows-DotNETRuntime", ThreadingKeyword, Informational) for
/// thread injection with the Starvation reason (queued work has not started for a while) or the CooperativeBlocking
/// reason (pool threads are blocked waiting on tasks, and the pool adds threads for them faster than for starvation).
/// Only Informational: the Verbose level would also carry an event per work item. The runtime delivers these events on
/// a dispatcher thread of its own some milliseconds after they happened, never on the thread that raised them, so
/// nothing here can look at the starving threads' stacks. Turned on and off at run time: while it is on, the runtime
/// runs an in-process EventPipe session for it, and every request pays a share of that.
/// </summary>
internal sealed class ThreadPoolEvents : SwitchableListener
{
    /// <summary>The runtime's provider; tests name one that never appears.</summary>
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
    private int _starvationInjections;
    private int _cooperativeInjections;

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

    /// <summary>Threads the pool added for each reason since the last call.</summary>
    public (int Starvation, int CooperativeBlocking) TakeInjections()
        => (Interlocked.Exchange(ref _starvationInjections, 0), Interlocked.Exchange(ref _cooperativeInjections, 0));

    protected override string SourceName => _sourceName;

    protected override void OnEventWritten(EventWrittenEventArgs eventData)
    {
        if (eventData.EventId != AdjustmentEventId || eventData.Payload is not { Count: >= 3 } payload)
        {
            return;
        }

        // ThreadPoolWorkerThreadAdjustmentAdjustment(AverageThroughput, NewWorkerThreadCount, Reason, ClrInstanceID).
        uint reason = Convert.ToUInt32(payload[2], System.Globalization.CultureInfo.InvariantCulture);
        if (reason is not (StarvationCode or CooperativeBlockingCode))
        {
            return;
        }

        if (reason == StarvationCode)
        {
            Interlocked.Increment(ref _starvationInjections);
        }
        else
        {
            Interlocked.Increment(ref _cooperativeInjections);
        }

        _onStarvation?.Invoke(
            Convert.ToInt32(payload[1], System.Globalization.CultureInfo.InvariantCulture),
            reason == StarvationCode ? StarvationReason.Starvation : StarvationReason.CooperativeBlocking);
    }

    protected override void Enable(EventSource source)
    {
        try
        {
            EnableEvents(source, EventLevel.Informational, ThreadingKeyword);
            _enabled = true;
        }
#pragma warning disable CA1031 // A listener that cannot subscribe reports it; it must not take the application down.
        catch (Exception exception)
#pragma warning restore CA1031
        {
            _failure = $"{exception.GetType().Name}: {exception.Message}";
        }
    }
}
