using Microsoft.AspNetCore.Http;

namespace BurstAnalyzers.Diagnostics.Requests;

/// <summary>How reports name an endpoint: the name ASP.NET Core's own logs use, so the two can be matched.</summary>
internal static class EndpointName
{
    public static string Of(HttpContext context) =>
        context.GetEndpoint()?.DisplayName ?? $"{context.Request.Method} {context.Request.Path}";
}
