using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Threading;

namespace BurstAnalyzers.Offload;

/// <summary>The worker side of the scheduler: starting threads, and what a thread does between work items.</summary>
public sealed partial class OffloadScheduler
{
    /// <summary>
    /// First thing on a new worker's thread: marks it as ours, then starts up to two pending workers, so a burst's threads
    /// start in a widening tree.
    /// </summary>
    internal void EnterWorkerThread()
    {
        t_owner = this;
        _metrics.ThreadStarted();

        OffloadWorker? first;
        OffloadWorker? second;
        lock (_gate)
        {
            _startsInFlight--;
            first = TakePendingStart();
            second = TakePendingStart();
        }

        if (first is not null)
        {
            Start(first);
        }

        if (second is not null)
        {
            Start(second);
        }
    }

    internal void Execute(OffloadWorkItem item, ExecutionContext threadContext)
    {
        long startedAt = Stopwatch.GetTimestamp();
        _metrics.WorkStarted(Stopwatch.GetElapsedTime(item.SubmittedAt, startedAt));
        item.Execute(threadContext);
        _runTime.Add(Stopwatch.GetElapsedTime(startedAt));
        _metrics.WorkCompleted();
    }

    /// <summary>
    /// After a worker finished an item: the next queued item, or null. When null, the worker either was parked among the
    /// idle (<paramref name="parked"/>) or must exit because the scheduler is disposed.
    /// </summary>
    internal OffloadWorkItem? TakeNext(OffloadWorker worker, out bool parked)
    {
        lock (_gate)
        {
            _runningCount--;
            LinkedListNode<OffloadWorkItem>? first = _queue.First;
            if (first is not null)
            {
                OffloadWorkItem item = first.Value;
                _queue.RemoveFirst();
                item.QueueNode = null;
                // Unregister, not Dispose: Dispose would wait for a running cancel callback, which waits for this lock.
                item.WhileQueued.Unregister();
                _runningCount++;
                parked = false;
                return item;
            }

            if (_disposed)
            {
                _threadCount--;
                parked = false;
                return null;
            }

            _idle.Add(worker);
            parked = true;
            return null;
        }
    }

    /// <summary>
    /// After a parked worker's wait ended: the item handed to it, or null when it must exit (idle timeout or disposal).
    /// </summary>
    internal OffloadWorkItem? Unpark(OffloadWorker worker)
    {
        lock (_gate)
        {
            OffloadWorkItem? item = worker.TakeAssigned();
            if (item is not null)
            {
                return item;
            }

            // Timed out with nothing handed to it (still listed as idle), or stopped by Dispose (no longer listed).
            _idle.Remove(worker);
            _threadCount--;
            return null;
        }
    }

    // Under the lock.
    private OffloadWorker? TakePendingStart()
    {
        if (!_pendingStarts.TryDequeue(out OffloadWorker? worker))
        {
            return null;
        }

        _startsInFlight++;
        return worker;
    }

    private void Start(OffloadWorker worker)
    {
        OffloadWorker? next = worker;
        while (next is not null)
        {
            try
            {
                next.Start();
                return;
            }
            catch (Exception exception) when (exception is OutOfMemoryException or ThreadStartException)
            {
                // The OS refused a thread: its caller gets the error, the host goes on, and whatever this start was to
                // pass on is started (or failed) here instead.
                OffloadWorkItem? orphan;
                lock (_gate)
                {
                    _threadCount--;
                    _runningCount--;
                    orphan = next.TakeAssigned();
                    next = _pendingStarts.TryDequeue(out OffloadWorker? pending) ? pending : null;
                    if (next is null)
                    {
                        _startsInFlight--;
                    }
                }

                orphan?.Fail(exception);
            }
        }
    }
}
