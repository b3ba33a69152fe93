using System;
using System.Globalization;
using System.Reflection;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using SoapCore.Extensibility;

namespace BurstAnalyzers.Offload.SoapCore;

/// <summary>
/// Wraps the application's <see cref="IOperationInvoker"/> (SoapCore's default one unless another was registered):
/// operations marked with <see cref="OffloadBlockingAttribute"/> are handed to that invoker on an offload thread, so
/// the operation's synchronous part — all of a synchronous operation — blocks a dedicated thread instead of a
/// thread-pool thread. Every other operation goes straight through.
/// </summary>
/// <remarks>
/// The wrapped invoker still does the invoking, so whatever it adds (logging, a transaction, its own exception
/// handling) runs as before, now on the offload thread. The request awaits the same task the wrapped invoker returns:
/// a result, an exception (the same instance, a FaultException included) or a cancellation reaches SoapCore exactly as
/// without offload, and the caller's ExecutionContext (HttpContext accessor, culture, Activity, AsyncLocal) flows in.
/// When the offload queue is full the operation does not run and the client gets a SOAP fault saying the server is
/// busy.
/// </remarks>
internal sealed class OffloadOperationInvoker : IOperationInvoker
{
    private readonly IOperationInvoker _inner;
    private readonly OffloadScheduler _scheduler;
    private readonly IHttpContextAccessor? _httpContextAccessor;

    public OffloadOperationInvoker(IOperationInvoker inner, OffloadScheduler scheduler, IHttpContextAccessor? httpContextAccessor)
    {
        _inner = inner;
        _scheduler = scheduler;
        _httpContextAccessor = httpContextAccessor;
    }

    /// <summary>The invoker this one hands operations to.</summary>
    public IOperationInvoker Inner => _inner;

    public Task<object> InvokeAsync(MethodInfo methodInfo, object instance, object[] inputs)
    {
        ArgumentNullException.ThrowIfNull(methodInfo);
        ArgumentNullException.ThrowIfNull(instance);
        return OffloadedOperations.IsMarked(instance.GetType(), methodInfo)
            ? OffloadAsync(methodInfo, instance, inputs)
            : _inner.InvokeAsync(methodInfo, instance, inputs);
    }

    private async Task<object> OffloadAsync(MethodInfo methodInfo, object instance, object[] inputs)
    {
        // With an accessor registered, an aborted request leaves the queue instead of running for nobody (work that has
        // started is not interrupted). Read here, on the request's own flow.
        HttpContext? httpContext = _httpContextAccessor?.HttpContext;
        CancellationToken aborted = httpContext?.RequestAborted ?? CancellationToken.None;
        Task<object> invoked;
        try
        {
            invoked = await _scheduler.RunAsync(() => _inner.InvokeAsync(methodInfo, instance, inputs), aborted).ConfigureAwait(false);
        }
        catch (OffloadQueueFullException rejected) when (httpContext is not null)
        {
            // SoapCore answers the exception with a SOAP fault whose faultstring is its message ("The offload queue is
            // full ... retry in N s."); the response also says when in Retry-After, as on ASP.NET Core.
            httpContext.Response.Headers.RetryAfter = ((long)rejected.RetryAfter.TotalSeconds).ToString(CultureInfo.InvariantCulture);
            throw;
        }

        return await invoked.ConfigureAwait(false);
    }
}
