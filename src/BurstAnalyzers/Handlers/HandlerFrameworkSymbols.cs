using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// The framework types that make code a request handler, resolved once per compilation. A null property means the
/// framework is not referenced; when every one is null the compilation has no handlers and rules register nothing.
/// Classic WCF and classic ASP.NET are matched by full name: no package of ours references them.
/// </summary>
internal sealed class HandlerFrameworkSymbols
{
    private HandlerFrameworkSymbols(Compilation compilation)
    {
        INamedTypeSymbol? Type(string metadataName) => compilation.GetTypeByMetadataName(metadataName);

        CoreWcfServiceContract = Type("CoreWCF.ServiceContractAttribute");
        CoreWcfOperationContract = Type("CoreWCF.OperationContractAttribute");
        CoreWcfWebGet = Type("CoreWCF.Web.WebGetAttribute");
        CoreWcfWebInvoke = Type("CoreWCF.Web.WebInvokeAttribute");
        ServiceModelServiceContract = Type("System.ServiceModel.ServiceContractAttribute");
        ServiceModelOperationContract = Type("System.ServiceModel.OperationContractAttribute");
        ServiceModelWebGet = Type("System.ServiceModel.Web.WebGetAttribute");
        ServiceModelWebInvoke = Type("System.ServiceModel.Web.WebInvokeAttribute");

        MvcController = Type("Microsoft.AspNetCore.Mvc.ControllerAttribute");
        MvcNonController = Type("Microsoft.AspNetCore.Mvc.NonControllerAttribute");
        MvcNonAction = Type("Microsoft.AspNetCore.Mvc.NonActionAttribute");
        PageModel = Type("Microsoft.AspNetCore.Mvc.RazorPages.PageModel");
        PageNonHandler = Type("Microsoft.AspNetCore.Mvc.RazorPages.NonHandlerAttribute");
        Hub = Type("Microsoft.AspNetCore.SignalR.Hub");
        GrpcBindServiceMethod = Type("Grpc.Core.BindServiceMethodAttribute");
        HttpContext = Type("Microsoft.AspNetCore.Http.HttpContext");
        RequestDelegate = Type("Microsoft.AspNetCore.Http.RequestDelegate");
        Middleware = Type("Microsoft.AspNetCore.Http.IMiddleware");
        EndpointRouteBuilderExtensions = Type("Microsoft.AspNetCore.Builder.EndpointRouteBuilderExtensions");
        FallbackEndpointRouteBuilderExtensions = Type("Microsoft.AspNetCore.Builder.FallbackEndpointRouteBuilderExtensions");
        UseExtensions = Type("Microsoft.AspNetCore.Builder.UseExtensions");
        RunExtensions = Type("Microsoft.AspNetCore.Builder.RunExtensions");
        HostedService = Type("Microsoft.Extensions.Hosting.IHostedService");

        AsmxWebMethod = Type("System.Web.Services.WebMethodAttribute");
        WebMvcController = Type("System.Web.Mvc.Controller");
        WebMvcNonAction = Type("System.Web.Mvc.NonActionAttribute");
        WebApiController = Type("System.Web.Http.ApiController");
        WebApiNonAction = Type("System.Web.Http.NonActionAttribute");
        WebHttpHandler = Type("System.Web.IHttpHandler");
        WebHttpTaskAsyncHandler = Type("System.Web.HttpTaskAsyncHandler");

        Delegate = compilation.GetSpecialType(SpecialType.System_Delegate);
        Disposable = compilation.GetSpecialType(SpecialType.System_IDisposable);
    }

    public INamedTypeSymbol? CoreWcfServiceContract { get; }
    public INamedTypeSymbol? CoreWcfOperationContract { get; }
    public INamedTypeSymbol? CoreWcfWebGet { get; }
    public INamedTypeSymbol? CoreWcfWebInvoke { get; }
    public INamedTypeSymbol? ServiceModelServiceContract { get; }
    public INamedTypeSymbol? ServiceModelOperationContract { get; }
    public INamedTypeSymbol? ServiceModelWebGet { get; }
    public INamedTypeSymbol? ServiceModelWebInvoke { get; }

    public INamedTypeSymbol? MvcController { get; }
    public INamedTypeSymbol? MvcNonController { get; }
    public INamedTypeSymbol? MvcNonAction { get; }
    public INamedTypeSymbol? PageModel { get; }
    public INamedTypeSymbol? PageNonHandler { get; }
    public INamedTypeSymbol? Hub { get; }
    public INamedTypeSymbol? GrpcBindServiceMethod { get; }
    public INamedTypeSymbol? HttpContext { get; }
    public INamedTypeSymbol? RequestDelegate { get; }
    public INamedTypeSymbol? Middleware { get; }
    public INamedTypeSymbol? EndpointRouteBuilderExtensions { get; }
    public INamedTypeSymbol? FallbackEndpointRouteBuilderExtensions { get; }
    public INamedTypeSymbol? UseExtensions { get; }
    public INamedTypeSymbol? RunExtensions { get; }
    public INamedTypeSymbol? HostedService { get; }

    public INamedTypeSymbol? AsmxWebMethod { get; }
    public INamedTypeSymbol? WebMvcController { get; }
    public INamedTypeSymbol? WebMvcNonAction { get; }
    public INamedTypeSymbol? WebApiController { get; }
    public INamedTypeSymbol? WebApiNonAction { get; }
    public INamedTypeSymbol? WebHttpHandler { get; }
    public INamedTypeSymbol? WebHttpTaskAsyncHandler { get; }

    public INamedTypeSymbol Delegate { get; }
    public INamedTypeSymbol Disposable { get; }

    public bool HasWcf => CoreWcfServiceContract is not null || ServiceModelServiceContract is not null;

    public bool HasAspNetCoreMvc => MvcController is not null;

    public bool HasClassicAspNet => AsmxWebMethod is not null || WebMvcController is not null || WebApiController is not null || WebHttpHandler is not null;

    /// <summary>Any framework whose handlers we recognise. HttpContext covers minimal APIs, middleware, SignalR and gRPC
    /// (gRPC on ASP.NET Core always references it).</summary>
    public bool HasAnyFramework => HasWcf || HasAspNetCoreMvc || HttpContext is not null || GrpcBindServiceMethod is not null || HasClassicAspNet;

    public static HandlerFrameworkSymbols Resolve(Compilation compilation) => new(compilation);
}
