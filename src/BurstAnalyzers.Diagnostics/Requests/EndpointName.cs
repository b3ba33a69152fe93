using System.Reflection;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.Mvc.Controllers;

namespace BurstAnalyzers.Diagnostics.Requests;

/// <summary>How reports name an endpoint: the name ASP.NET Core's own logs use, so the two can be matched.</summary>
internal static class EndpointName
{
    // Read from the server's feature collection, not through HttpContext.GetEndpoint(): that goes through a per-context
    // cache which, read from a report's thread, can still hold the value from before routing ran.
    public static string Of(HttpContext context) =>
        context.Features.Get<IEndpointFeature>()?.Endpoint?.DisplayName ?? $"{context.Request.Method} {context.Request.Path} (not routed yet)";

    /// <summary>Minimal APIs carry the handler's MethodInfo in their metadata, MVC actions their descriptor.</summary>
    public static Assembly? HandlerAssembly(HttpContext context)
    {
        EndpointMetadataCollection? metadata = context.Features.Get<IEndpointFeature>()?.Endpoint?.Metadata;
        MethodInfo? handler = metadata?.GetMetadata<ControllerActionDescriptor>()?.MethodInfo ?? metadata?.GetMetadata<MethodInfo>();
        return handler?.DeclaringType?.Assembly;
    }
}
