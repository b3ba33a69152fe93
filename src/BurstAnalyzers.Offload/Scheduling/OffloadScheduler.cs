using System;
using System.Collections.Generic;
using System.Diagnostics.Metrics;
using System.Threading;
using System.Threading.Tasks;

namespace BurstAnalyzers.Offload;

/// <summary>
/// Runs blocking work on dedicated threads that are not thread-pool threads. A thread is started the moment work
/// arrives and none is idle (no injection delay, unlike the pool past its minimum), reused while work keeps coming,
/// and exits after <see cref="OffloadOptions.IdleTimeout"/> without work. At most <see cref="OffloadOptions.MaxThreads"/>
/// threads exist; past that, work waits in a queue, in order, up to <see cref="OffloadOptions.MaxQueueLength"/> items;
/// work beyond that is refused at once with <see cref="OffloadQueueFullException"/>, never silently dropped.
/// </summary>
/// <remarks>
/// The caller awaits the returned task, so the caller's own thread (a request's thread-pool thread) is released while the
/// work blocks. The caller's <see cref="ExecutionContext"/> flows into the work. Metrics are published under the meter
/// <see cref="MeterName"/>.
/// </remarks>
public sealed partial class OffloadScheduler : IDisposable
{
    /// <summary>The name of the <see cref="Meter"/> this scheduler publishes its metrics under.</summary>
    public const string MeterName = "BurstAnalyzers.Offload";

    // The scheduler whose worker the current thread is; lets nested offloads run inline instead of queueing behind
    // themselves.
    [ThreadStatic]
    private static OffloadScheduler? t_owner;

    private static readonly Action<object?, CancellationToken> s_cancelQueued =
        static (state, token) => ((QueuedCancellation)state!).Cancel(token);

    private readonly object _gate = new();

    // Work waiting past the maximum, oldest first. A linked list so canceled work leaves it at once.
    private readonly LinkedList<OffloadWorkItem> _queue = new();

    // Idle workers, most recently idle last: they are reused first, so the least recently used ones reach the idle
    // timeout and exit when demand drops.
    private readonly List<OffloadWorker> _idle = new();

    // Workers created for a burst whose threads are not started yet. Thread.Start waits until the new thread runs, which
    // under CPU load takes milliseconds each; so each new thread starts up to two more before its own work, and a burst
    // of N threads takes about log2(N) such waits instead of N, none of them on the submitting request's thread.
    private readonly Queue<OffloadWorker> _pendingStarts = new();

    private readonly OffloadMetrics _metrics;

    // How long work items run, for the Retry-After of a rejection.
    private readonly RunTimeAverage _runTime = new();

    // Threads being started that have not yet taken their share of pending starts. While above zero, one of them will
    // start whatever is pending.
    private int _startsInFlight;
    private int _threadCount;
    private int _runningCount;
    private int _threadNumber;
    private bool _disposed;

    /// <summary>Creates a scheduler; <c>services.AddBurstOffload()</c> registers one as a singleton.</summary>
    /// <param name="options">Maximum thread count and idle timeout.</param>
    /// <param name="meterFactory">Creates the meter; without one the scheduler owns a meter of its own.</param>
    /// <exception cref="ArgumentException">The options are out of range.</exception>
    public OffloadScheduler(OffloadOptions options, IMeterFactory? meterFactory = null)
    {
        ArgumentNullException.ThrowIfNull(options);
        List<string> errors = OffloadOptionsValidation.FindErrors(options);
        if (errors.Count > 0)
        {
            throw new ArgumentException(string.Join(" ", errors), nameof(options));
        }

        MaxThreads = options.MaxThreads;
        MaxQueueLength = options.MaxQueueLength;
        IdleTimeout = options.IdleTimeout;
        _metrics = new OffloadMetrics(this, meterFactory);
    }

    /// <summary>The most threads this scheduler runs at once.</summary>
    public int MaxThreads { get; }

    /// <summary>The most work items that wait for a thread; more are refused with <see cref="OffloadQueueFullException"/>.</summary>
    public int MaxQueueLength { get; }

    /// <summary>How long an idle thread waits for work before it exits.</summary>
    public TimeSpan IdleTimeout { get; }

    /// <summary>Dedicated threads alive now, busy or idle.</summary>
    public int ThreadCount => Volatile.Read(ref _threadCount);

    /// <summary>Work items running now (each on its own thread).</summary>
    public int RunningCount => Volatile.Read(ref _runningCount);

    /// <summary>Work items waiting because all <see cref="MaxThreads"/> threads are busy.</summary>
    public int QueueLength
    {
        get
        {
            lock (_gate)
            {
                return _queue.Count;
            }
        }
    }

    /// <summary>True when the calling thread is one of this scheduler's threads.</summary>
    public bool IsOffloadThread => t_owner == this;

    /// <summary>Runs blocking work on a dedicated thread.</summary>
    /// <param name="work">The blocking work.</param>
    /// <param name="cancellationToken">Cancels the work while it still waits in the queue; work that has started is
    /// not interrupted.</param>
    /// <returns>Completes when the work has run, with the exception it threw if any (the same instance).</returns>
    public Task RunAsync(Action work, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(work);
        return RunAsync(() =>
        {
            work();
            return true;
        }, cancellationToken);
    }

    /// <summary>Runs blocking work that returns a value on a dedicated thread.</summary>
    /// <typeparam name="TResult">The work's result.</typeparam>
    /// <param name="work">The blocking work.</param>
    /// <param name="cancellationToken">Cancels the work while it still waits in the queue; work that has started is
    /// not interrupted.</param>
    /// <returns>The work's result, or the exception it threw (the same instance). Canceled if the token fired while the
    /// work was queued; faulted with <see cref="OffloadQueueFullException"/> when the queue was full (the work did not
    /// run), with <see cref="ObjectDisposedException"/> after <see cref="Dispose"/>.</returns>
    public Task<TResult> RunAsync<TResult>(Func<TResult> work, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(work);

        if (t_owner == this)
        {
            // Already on one of our threads: queueing could wait behind this very thread when at the maximum.
            return RunInline(work);
        }

        if (cancellationToken.IsCancellationRequested)
        {
            return Task.FromCanceled<TResult>(cancellationToken);
        }

        var item = new OffloadWorkItem<TResult>(work, ExecutionContext.Capture());
        Submit(item, cancellationToken);
        return item.Task;
    }

    /// <summary>
    /// Stops idle threads and refuses new work. Work already queued or running still runs to completion on the busy
    /// threads, which then exit; nothing waits for them.
    /// </summary>
    public void Dispose()
    {
        lock (_gate)
        {
            if (_disposed)
            {
                return;
            }

            _disposed = true;
            foreach (OffloadWorker worker in _idle)
            {
                worker.Stop();
            }

            _idle.Clear();
        }

        _metrics.Dispose();
    }

    private static Task<TResult> RunInline<TResult>(Func<TResult> work)
    {
        try
        {
            return Task.FromResult(work());
        }
        catch (Exception exception)
        {
            return Task.FromException<TResult>(exception);
        }
    }

    private void Submit(OffloadWorkItem item, CancellationToken cancellationToken)
    {
        OffloadWorker? toStart = null;
        bool queued = false;
        TimeSpan? refusedRetryAfter = null;
        lock (_gate)
        {
            if (_disposed)
            {
                item.Fail(new ObjectDisposedException(nameof(OffloadScheduler)));
                return;
            }

            if (_idle.Count > 0)
            {
                OffloadWorker worker = _idle[^1];
                _idle.RemoveAt(_idle.Count - 1);
                _runningCount++;
                worker.Assign(item);
                return;
            }

            if (_threadCount < MaxThreads)
            {
                _threadCount++;
                _runningCount++;
                var worker = new OffloadWorker(this, ++_threadNumber, item);
                if (_startsInFlight > 0)
                {
                    _pendingStarts.Enqueue(worker);
                }
                else
                {
                    _startsInFlight++;
                    toStart = worker;
                }
            }
            else if (_queue.Count >= MaxQueueLength)
            {
                refusedRetryAfter = _runTime.DrainTime(_queue.Count, MaxThreads);
            }
            else
            {
                Enqueue(item, cancellationToken);
                queued = true;
            }
        }

        if (refusedRetryAfter is { } retryAfter)
        {
            item.Fail(new OffloadQueueFullException(MaxQueueLength, retryAfter));
            _metrics.WorkRejected();
        }
        else if (queued)
        {
            _metrics.WorkQueued();
        }
        else if (toStart is not null)
        {
            Start(toStart);
        }
    }

    private void Enqueue(OffloadWorkItem item, CancellationToken cancellationToken)
    {
        item.QueueNode = _queue.AddLast(item);
        if (cancellationToken.CanBeCanceled)
        {
            // If the token fires during this call, the callback runs right here, re-enters the lock (same thread) and
            // takes the item back out.
            item.WhileQueued = cancellationToken.UnsafeRegister(s_cancelQueued, new QueuedCancellation(this, item));
        }
    }

    private void CancelQueued(OffloadWorkItem item, CancellationToken cancellationToken)
    {
        lock (_gate)
        {
            if (item.QueueNode is null)
            {
                // Already handed to a thread: started work is not interrupted.
                return;
            }

            _queue.Remove(item.QueueNode);
            item.QueueNode = null;
        }

        item.Cancel(cancellationToken);
    }

    private sealed class QueuedCancellation(OffloadScheduler scheduler, OffloadWorkItem item)
    {
        public void Cancel(CancellationToken cancellationToken) => scheduler.CancelQueued(item, cancellationToken);
    }
}
