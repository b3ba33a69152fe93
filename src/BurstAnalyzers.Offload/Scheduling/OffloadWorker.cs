using System;
using System.Threading;

namespace BurstAnalyzers.Offload;

/// <summary>
/// One dedicated thread of an <see cref="OffloadScheduler"/>: runs the item it was started with, then whatever the
/// scheduler hands it, and exits when it has been idle for the idle timeout or the scheduler is disposed.
/// </summary>
internal sealed class OffloadWorker
{
    private readonly OffloadScheduler _scheduler;
    private readonly Thread _thread;

    // Wake-up signal: set once per hand-off (or once to stop). A monitor rather than an event: nothing to dispose.
    private readonly object _wakeLock = new();
    private bool _wakeSet;

    // Guarded by the scheduler's lock.
    private OffloadWorkItem? _assigned;

    public OffloadWorker(OffloadScheduler scheduler, int number, OffloadWorkItem first)
    {
        _scheduler = scheduler;
        _assigned = first;
        _thread = new Thread(Run)
        {
            // Background: blocking work in progress must not keep the process alive at shutdown.
            IsBackground = true,
            Name = $"BurstOffload #{number}",
        };
    }

    /// <summary>Starts the thread without flowing the starter's execution context into it (that belongs to one request).</summary>
    public void Start() => _thread.UnsafeStart();

    /// <summary>Hands an item to this idle worker and wakes it. Called under the scheduler's lock.</summary>
    public void Assign(OffloadWorkItem item)
    {
        _assigned = item;
        Wake();
    }

    /// <summary>Wakes this idle worker with nothing to do, so it exits. Called under the scheduler's lock.</summary>
    public void Stop() => Wake();

    /// <summary>Takes the item handed to this worker, if any. Called under the scheduler's lock.</summary>
    public OffloadWorkItem? TakeAssigned()
    {
        OffloadWorkItem? item = _assigned;
        _assigned = null;
        return item;
    }

    private void Run()
    {
        _scheduler.EnterWorkerThread();
        ExecutionContext threadContext = ExecutionContext.Capture()!;

        // The first item was set before the thread started; nothing else touches it until this worker parks.
        OffloadWorkItem? item = TakeAssigned();
        while (item is not null)
        {
            _scheduler.Execute(item, threadContext);

            OffloadWorkItem finished = item;
            item = _scheduler.TakeNext(this, out bool parked);
            // Only now, with this thread listed as idle (or given its next item), may the caller resume.
            finished.Publish();
            if (parked)
            {
                bool woken = WaitForWake(_scheduler.IdleTimeout);
                item = _scheduler.Unpark(this);
                if (item is not null && !woken)
                {
                    // The hand-off raced with the timeout and its wake-up is still pending: drop it, or the next park
                    // would end at once with nothing assigned and the thread would exit while listed as idle.
                    WaitForWake(TimeSpan.Zero);
                }
            }
        }
    }

    private void Wake()
    {
        lock (_wakeLock)
        {
            _wakeSet = true;
            Monitor.Pulse(_wakeLock);
        }
    }

    private bool WaitForWake(TimeSpan timeout)
    {
        lock (_wakeLock)
        {
            if (!_wakeSet && timeout != TimeSpan.Zero)
            {
                Monitor.Wait(_wakeLock, timeout);
            }

            bool woken = _wakeSet;
            _wakeSet = false;
            return woken;
        }
    }
}
