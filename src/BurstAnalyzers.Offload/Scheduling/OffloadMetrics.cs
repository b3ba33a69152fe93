using System;
using System.Diagnostics.Metrics;

// Measurements reach listeners synchronously, mostly on offload threads: a faulty listener must not take the thread,
// and so the process, down with it. Hence the catch-all around each measurement.
#pragma warning disable CA1031

namespace BurstAnalyzers.Offload;

/// <summary>
/// The scheduler's instruments, under the meter <see cref="OffloadScheduler.MeterName"/>, so that
/// <c>dotnet-counters monitor --counters BurstAnalyzers.Offload</c> or OpenTelemetry can watch them.
/// </summary>
internal sealed class OffloadMetrics : IDisposable
{
    /// <summary>Dedicated threads alive, busy or idle.</summary>
    public const string ThreadCount = "burst.offload.thread.count";

    /// <summary>Work items running now.</summary>
    public const string Running = "burst.offload.work_item.running";

    /// <summary>Work items waiting because every thread up to the maximum is busy.</summary>
    public const string QueueLength = "burst.offload.queue.length";

    /// <summary>Work items that had to wait because the maximum was reached (a total).</summary>
    public const string Queued = "burst.offload.work_item.queued";

    /// <summary>Work items refused because the queue was full (a total): each got OffloadQueueFullException, its request
    /// a 503 or a SOAP fault.</summary>
    public const string Rejected = "burst.offload.work_item.rejected";

    /// <summary>Work items that ran, successfully or not (a total).</summary>
    public const string Completed = "burst.offload.work_item.completed";

    /// <summary>Threads started (a total): with <see cref="ThreadCount"/>, shows churn.</summary>
    public const string ThreadsStarted = "burst.offload.thread.started";

    /// <summary>Time from submission to start, in seconds; near zero until the maximum is reached.</summary>
    public const string QueueWaitTime = "burst.offload.queue.wait_time";

    private readonly Meter _meter;
    private readonly bool _ownsMeter;
    private readonly Counter<long> _queued;
    private readonly Counter<long> _rejected;
    private readonly Counter<long> _completed;
    private readonly Counter<long> _threadsStarted;
    private readonly Histogram<double> _queueWaitTime;

    public OffloadMetrics(OffloadScheduler scheduler, IMeterFactory? meterFactory)
    {
        // A meter from the factory is shared and owned by it (the DI container); one made here is ours to dispose.
        _ownsMeter = meterFactory is null;
        _meter = meterFactory?.Create(OffloadScheduler.MeterName) ?? new Meter(OffloadScheduler.MeterName);

        _meter.CreateObservableUpDownCounter(ThreadCount, () => scheduler.ThreadCount, "{thread}", "Dedicated offload threads alive, busy or idle.");
        _meter.CreateObservableUpDownCounter(Running, () => scheduler.RunningCount, "{work_item}", "Offloaded work items running.");
        _meter.CreateObservableUpDownCounter(QueueLength, () => scheduler.QueueLength, "{work_item}", "Offloaded work items waiting because all threads up to the maximum are busy.");
        _queued = _meter.CreateCounter<long>(Queued, "{work_item}", "Offloaded work items that had to wait because the maximum thread count was reached.");
        _rejected = _meter.CreateCounter<long>(Rejected, "{work_item}", "Offloaded work items refused, not run, because the queue held its maximum.");
        _completed = _meter.CreateCounter<long>(Completed, "{work_item}", "Offloaded work items that ran, successfully or not.");
        _threadsStarted = _meter.CreateCounter<long>(ThreadsStarted, "{thread}", "Dedicated offload threads started.");
        _queueWaitTime = _meter.CreateHistogram<double>(QueueWaitTime, "s", "Time offloaded work waited before a thread started it.");
    }

    public void WorkQueued()
    {
        try
        {
            _queued.Add(1);
        }
        catch (Exception)
        {
        }
    }

    public void WorkRejected()
    {
        try
        {
            _rejected.Add(1);
        }
        catch (Exception)
        {
        }
    }

    public void WorkStarted(TimeSpan queueWait)
    {
        try
        {
            _queueWaitTime.Record(queueWait.TotalSeconds);
        }
        catch (Exception)
        {
        }
    }

    public void WorkCompleted()
    {
        try
        {
            _completed.Add(1);
        }
        catch (Exception)
        {
        }
    }

    public void ThreadStarted()
    {
        try
        {
            _threadsStarted.Add(1);
        }
        catch (Exception)
        {
        }
    }

    public void Dispose()
    {
        if (_ownsMeter)
        {
            _meter.Dispose();
        }
    }
}
