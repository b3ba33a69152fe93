using System;
using System.Diagnostics;
using System.Diagnostics.Tracing;

namespace BurstAnalyzers.Diagnostics.Runtime;

/// <summary>
/// Listens to the task library's events for synchronous waits on tasks (.Result, .Wait(), GetAwaiter().GetResult()).
/// TplEventSource is a managed event source: its events reach listeners synchronously, on the waiting thread, so the
/// wait's end is observed inside the waiting call and its stack can be taken there. Turned on and off at run time
/// because, while it is on, the runtime adds work to every await.
/// </summary>
internal sealed class TaskWaitEvents : SwitchableListener
{
    private const string TplSourceName = "System.Threading.Tasks.TplEventSource";

    // TaskTransfer | Tasks: TaskWaitBegin is Informational, TaskWaitEnd is Verbose.
    private const EventKeywords TaskKeywords = (EventKeywords)0x3;
    private const int TaskWaitBeginId = 10;
    private const int TaskWaitEndId = 11;
    private const int SynchronousBehavior = 1;

    [ThreadStatic]
    private static int t_waitedTaskId;

    [ThreadStatic]
    private static long t_waitStart;

    private volatile Action<TimeSpan>? _onLongWait;
    private long _thresholdTicks;

    /// <summary>Called on the waiting thread, inside the wait call, when a synchronous wait ended after the threshold.</summary>
    public void Configure(TimeSpan threshold, Action<TimeSpan> onLongWait)
    {
        _thresholdTicks = (long)(threshold.TotalSeconds * Stopwatch.Frequency);
        _onLongWait = onLongWait;
    }

    protected override string SourceName => TplSourceName;

    protected override void Enable(EventSource source) => EnableEvents(source, EventLevel.Verbose, TaskKeywords);

    protected override void OnEventWritten(EventWrittenEventArgs eventData)
    {
        switch (eventData.EventId)
        {
            // TaskWaitBegin(OriginatingTaskSchedulerID, OriginatingTaskID, TaskID, Behavior, ContinueWithTaskID)
            case TaskWaitBeginId when eventData.Payload is { Count: >= 4 } begin && Convert.ToInt32(begin[3], System.Globalization.CultureInfo.InvariantCulture) == SynchronousBehavior:
                t_waitedTaskId = Convert.ToInt32(begin[2], System.Globalization.CultureInfo.InvariantCulture);
                t_waitStart = Stopwatch.GetTimestamp();
                break;

            // TaskWaitEnd(OriginatingTaskSchedulerID, OriginatingTaskID, TaskID)
            case TaskWaitEndId when t_waitStart != 0 && eventData.Payload is { Count: >= 3 } end
                && Convert.ToInt32(end[2], System.Globalization.CultureInfo.InvariantCulture) == t_waitedTaskId:
                long waited = Stopwatch.GetTimestamp() - t_waitStart;
                t_waitStart = 0;
                if (waited >= _thresholdTicks)
                {
                    _onLongWait?.Invoke(Stopwatch.GetElapsedTime(0, waited));
                }

                break;
        }
    }
}
