using System.Diagnostics;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;

namespace BurstAnalyzers.Diagnostics.Requests;

/// <summary>
/// Keeps the in-flight table and, while call sites are captured, marks the request's execution context so waits can be
/// attributed to it.
/// </summary>
internal sealed class RequestTrackingMiddleware
{
    private readonly RequestDelegate _next;
    private readonly InFlightRequests _requests;

    public RequestTrackingMiddleware(RequestDelegate next, InFlightRequests requests)
    {
        _next = next;
        _requests = requests;
    }

    public Task InvokeAsync(HttpContext context)
    {
        var request = new InFlightRequest(context, Stopwatch.GetTimestamp());
        _requests.Add(request);
        Task pipeline;
        bool attribute = _requests.AttributeWaits;
        InFlightRequest? outer = attribute ? InFlightRequest.Current : null;
        try
        {
            // Visible to the rest of the pipeline, including its continuations; restored below for this caller.
            if (attribute)
            {
                InFlightRequest.Current = request;
            }

            pipeline = _next(context);
        }
        catch
        {
            Leave(request);
            throw;
        }
        finally
        {
            if (attribute)
            {
                InFlightRequest.Current = outer;
            }
        }

        if (pipeline.IsCompleted)
        {
            // No state machine for requests that complete synchronously; the task (and its exception) is passed on.
            Leave(request);
            return pipeline;
        }

        return AwaitAndLeave(pipeline, request);
    }

    private async Task AwaitAndLeave(Task pipeline, InFlightRequest request)
    {
        try
        {
            await pipeline;
        }
        finally
        {
            Leave(request);
        }
    }

    private void Leave(InFlightRequest request)
    {
        _requests.Remove(request);
        request.Leave();
    }
}
