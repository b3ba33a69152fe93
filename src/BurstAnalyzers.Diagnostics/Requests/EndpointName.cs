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
        context.Features.Get<IEndpointFeature>()?.Endpoint?.DisplayName ?? NotRouted(context.Request.Method);

    /// <summary>
    /// A request blocked before routing, named by its method alone: the path (and any method outside HTTP's own) is the
    /// client's to choose, and as part of the name it would make every request a new report and a new metric series.
    /// </summary>
    private static string NotRouted(string method) => (IsStandard(method) ? method : "(other method)") + " (not routed yet)";

    private static bool IsStandard(string method) =>
        HttpMethods.IsGet(method) || HttpMethods.IsPost(method) || HttpMethods.IsPut(method) || HttpMethods.IsDelete(method)
        || HttpMethods.IsPatch(method) || HttpMethods.IsHead(method) || HttpMethods.IsOptions(method)
        || HttpMethods.IsTrace(method) || HttpMethods.IsConnect(method);

    /// <summary>Minimal APIs carry the handler's MethodInfo in their metadata, MVC actions their descriptor.</summary>
    public static Assembly? HandlerAssembly(HttpContext context)
    {
        EndpointMetadataCollection? metadata = context.Features.Get<IEndpointFeature>()?.Endpoint?.Metadata;
        MethodInfo? handler = metadata?.GetMetadata<ControllerActionDescriptor>()?.MethodInfo ?? metadata?.GetMetadata<MethodInfo>();
        return handler?.DeclaringType?.Assembly;
    }
}
