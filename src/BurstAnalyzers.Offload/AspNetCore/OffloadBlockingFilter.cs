using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Filters;

namespace BurstAnalyzers.Offload;

/// <summary>
/// The MVC action filter and Razor Pages page filter behind <see cref="OffloadBlockingAttribute"/>. Calling <c>next</c>
/// on an offload thread runs the (synchronous) action or page handler there; the request's thread awaits.
/// </summary>
/// <remarks>
/// Model binding, including any asynchronous body read, has finished before action and handler filters run, so the
/// handler itself always starts on the offload thread. An exception thrown by the handler is captured by MVC into the
/// executed context as usual and handled by the rest of the pipeline unchanged. If the request is aborted while the work
/// still waits for a thread, the handler does not run and the filter throws <see cref="System.OperationCanceledException"/>.
/// If the offload queue is full, the handler does not run and the request gets 503 with Retry-After.
/// </remarks>
internal sealed class OffloadBlockingFilter(OffloadScheduler scheduler) : IAsyncActionFilter, IAsyncPageFilter
{
    public async Task OnActionExecutionAsync(ActionExecutingContext context, ActionExecutionDelegate next)
    {
        Task<ActionExecutedContext> executed;
        try
        {
            executed = await scheduler.RunAsync(() => next(), context.HttpContext.RequestAborted).ConfigureAwait(false);
        }
        catch (OffloadQueueFullException rejected)
        {
            context.Result = Rejected(context.HttpContext, rejected);
            return;
        }

        await executed.ConfigureAwait(false);
    }

    public Task OnPageHandlerSelectionAsync(PageHandlerSelectedContext context) => Task.CompletedTask;

    public async Task OnPageHandlerExecutionAsync(PageHandlerExecutingContext context, PageHandlerExecutionDelegate next)
    {
        Task<PageHandlerExecutedContext> executed;
        try
        {
            executed = await scheduler.RunAsync(() => next(), context.HttpContext.RequestAborted).ConfigureAwait(false);
        }
        catch (OffloadQueueFullException rejected)
        {
            context.Result = Rejected(context.HttpContext, rejected);
            return;
        }

        await executed.ConfigureAwait(false);
    }

    // The handler did not run: the result short-circuits the rest of the action or page pipeline.
    private static StatusCodeResult Rejected(HttpContext httpContext, OffloadQueueFullException rejected)
    {
        OffloadRejection.Apply(httpContext.Response, rejected);
        return new StatusCodeResult(httpContext.Response.StatusCode);
    }
}
