using System.Diagnostics;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;

namespace BurstAnalyzers.Diagnostics.Requests;

/// <summary>Keeps the in-flight table and marks the request's execution context so waits can be attributed to it.</summary>
internal sealed class RequestTrackingMiddleware
{
    private readonly RequestDelegate _next;
    private readonly InFlightRequests _requests;

    public RequestTrackingMiddleware(RequestDelegate next, InFlightRequests requests)
    {
        _next = next;
        _requests = requests;
    }

    public async Task InvokeAsync(HttpContext context)
    {
        var request = new InFlightRequest(context, Stopwatch.GetTimestamp());
        _requests.Add(request);
        // Set inside this async method: the value flows into the rest of the pipeline and is gone when it returns.
        InFlightRequest.Current = request;
        try
        {
            await _next(context);
        }
        finally
        {
            _requests.Remove(request);
            request.Leave();
        }
    }
}
