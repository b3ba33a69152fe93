using System.Reflection;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;

namespace BurstAnalyzers.Offload;

/// <summary>
/// The endpoint filter behind minimal API offloading: invokes the rest of the filter pipeline, and so the handler, on an
/// offload thread. Endpoint filters run after parameter binding (body included), so the handler starts there.
/// </summary>
internal static class OffloadBlockingEndpointFilter
{
    /// <summary>
    /// An endpoint filter factory: wraps the handler of an endpoint marked with <see cref="OffloadBlockingAttribute"/>
    /// (endpoint metadata, the handler method or its class); leaves other endpoints untouched.
    /// </summary>
    public static EndpointFilterDelegate Create(EndpointBuilder endpoint, EndpointFilterFactoryContext context, EndpointFilterDelegate next)
    {
        // Filter factories run when the endpoint is built, after every convention (WithMetadata included) was applied.
        if (!IsMarked(endpoint, context.MethodInfo))
        {
            return next;
        }

        return invocation => InvokeAsync(invocation, next);
    }

    private static bool IsMarked(EndpointBuilder endpoint, MethodInfo handler)
    {
        foreach (object item in endpoint.Metadata)
        {
            if (item is OffloadBlockingAttribute)
            {
                return true;
            }
        }

        return handler.IsDefined(typeof(OffloadBlockingAttribute), inherit: true)
            || (handler.DeclaringType?.IsDefined(typeof(OffloadBlockingAttribute), inherit: true) ?? false);
    }

    private static async ValueTask<object?> InvokeAsync(EndpointFilterInvocationContext invocation, EndpointFilterDelegate next)
    {
        // Looked up per request, not when the endpoint is built: a missing registration then fails that request with a
        // clear message instead of breaking routing for the whole application.
        OffloadScheduler scheduler = OffloadSchedulerLookup.Require(invocation.HttpContext.RequestServices);
        ValueTask<object?> handled;
        try
        {
            handled = await scheduler.RunAsync(() => next(invocation), invocation.HttpContext.RequestAborted).ConfigureAwait(false);
        }
        catch (OffloadQueueFullException rejected)
        {
            // The handler did not run: 503 with Retry-After instead of its result.
            OffloadRejection.Apply(invocation.HttpContext.Response, rejected);
            return Results.StatusCode(invocation.HttpContext.Response.StatusCode);
        }

        return await handled.ConfigureAwait(false);
    }
}
