using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Threading;

namespace BurstAnalyzers.Offload;

/// <summary>One piece of blocking work, the caller's execution context it runs in, and the task its caller awaits.</summary>
internal abstract class OffloadWorkItem
{
    private static readonly ContextCallback s_invoke = static state => ((OffloadWorkItem)state!).Invoke();

    private readonly ExecutionContext? _callerContext;

    protected OffloadWorkItem(ExecutionContext? callerContext)
    {
        _callerContext = callerContext;
        SubmittedAt = Stopwatch.GetTimestamp();
    }

    /// <summary>When the work was handed to the scheduler (<see cref="Stopwatch"/> ticks), for the queue wait time.</summary>
    public long SubmittedAt { get; }

    /// <summary>Its place in the scheduler's queue while it waits past the maximum; guarded by the scheduler's lock.</summary>
    public LinkedListNode<OffloadWorkItem>? QueueNode { get; set; }

    /// <summary>Cancels it while it waits in the queue; guarded by the scheduler's lock.</summary>
    public CancellationTokenRegistration WhileQueued { get; set; }

    /// <summary>
    /// Runs the work in its caller's execution context (HttpContext accessor, culture, Activity, any AsyncLocal), or in
    /// the thread's clean context when the caller suppressed flow, so nothing leaks from one item to the next.
    /// </summary>
    public void Execute(ExecutionContext threadContext) => ExecutionContext.Run(_callerContext ?? threadContext, s_invoke, this);

    /// <summary>
    /// Completes the caller's task with what <see cref="Execute"/> produced. Separate from running the work so the
    /// worker can first list itself as idle: a caller that submits again right after its await then finds it.
    /// </summary>
    public abstract void Publish();

    /// <summary>Completes the caller's task as canceled: the work never ran.</summary>
    public abstract void Cancel(CancellationToken cancellationToken);

    /// <summary>Completes the caller's task with an error of the scheduler's own: the work never ran.</summary>
    public abstract void Fail(Exception exception);

    /// <summary>Runs the work and keeps its result or exception for <see cref="Publish"/>; never throws.</summary>
    protected abstract void Invoke();
}
