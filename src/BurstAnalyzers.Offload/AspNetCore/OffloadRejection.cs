using System.Globalization;
using Microsoft.AspNetCore.Http;

namespace BurstAnalyzers.Offload;

/// <summary>How an offloaded HTTP handler answers when the offload queue is full: 503 Service Unavailable with
/// Retry-After, the status and header clients and load balancers already honour.</summary>
internal static class OffloadRejection
{
    /// <summary>Sets the status and Retry-After (whole seconds) on the response; the caller ends the request.</summary>
    public static void Apply(HttpResponse response, OffloadQueueFullException rejected)
    {
        response.StatusCode = StatusCodes.Status503ServiceUnavailable;
        response.Headers.RetryAfter = ((long)rejected.RetryAfter.TotalSeconds).ToString(CultureInfo.InvariantCulture);
    }
}
