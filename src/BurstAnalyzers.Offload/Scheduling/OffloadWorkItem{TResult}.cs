using System;
using System.Diagnostics;
using System.Threading;
using System.Threading.Tasks;

namespace BurstAnalyzers.Offload;

/// <summary>Blocking work with a result.</summary>
internal sealed class OffloadWorkItem<TResult> : OffloadWorkItem
{
    private readonly Func<TResult> _work;

    // Continuations go back to the thread pool: the request's remaining pipeline must not run on an offload thread.
    private readonly TaskCompletionSource<TResult> _completion = new(TaskCreationOptions.RunContinuationsAsynchronously);

    private TResult? _result;
    private Exception? _exception;

    public OffloadWorkItem(Func<TResult> work, ExecutionContext? callerContext)
        : base(callerContext)
    {
        _work = work;
    }

    public Task<TResult> Task => _completion.Task;

    public override void Cancel(CancellationToken cancellationToken) => _completion.TrySetCanceled(cancellationToken);

    public override void Fail(Exception exception) => _completion.TrySetException(exception);

    public override void Publish()
    {
        if (_exception is null)
        {
            _completion.TrySetResult(_result!);
        }
        else
        {
            // The very exception, OperationCanceledException included (not turned into a canceled task), so the
            // caller's await rethrows what the handler threw.
            _completion.TrySetException(_exception);
        }
    }

    protected override void Invoke()
    {
        try
        {
            _result = _work();
        }
        catch (Exception exception)
        {
            _exception = exception;
        }
    }
}
