using System.Threading.Tasks;
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
/// </remarks>
internal sealed class OffloadBlockingFilter(OffloadScheduler scheduler) : IAsyncActionFilter, IAsyncPageFilter
{
    public async Task OnActionExecutionAsync(ActionExecutingContext context, ActionExecutionDelegate next)
    {
        Task<ActionExecutedContext> executed = await scheduler
            .RunAsync(() => next(), context.HttpContext.RequestAborted)
            .ConfigureAwait(false);
        await executed.ConfigureAwait(false);
    }

    public Task OnPageHandlerSelectionAsync(PageHandlerSelectedContext context) => Task.CompletedTask;

    public async Task OnPageHandlerExecutionAsync(PageHandlerExecutingContext context, PageHandlerExecutionDelegate next)
    {
        Task<PageHandlerExecutedContext> executed = await scheduler
            .RunAsync(() => next(), context.HttpContext.RequestAborted)
            .ConfigureAwait(false);
        await executed.ConfigureAwait(false);
    }
}
