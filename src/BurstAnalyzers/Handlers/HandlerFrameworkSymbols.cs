using System.Collections.Immutable;
using System.Runtime.CompilerServices;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// The framework types that make code a request handler, resolved once per compilation. A null property means the
/// framework is not referenced. Whether the compilation has handlers at all is the registry's answer
/// (<see cref="HandlerFrameworks.AnyPresent"/>), not a list kept here.
/// Classic WCF and classic ASP.NET are matched by full name: no package of ours references them.
/// </summary>
internal sealed class HandlerFrameworkSymbols
{
    private static readonly ConditionalWeakTable<Compilation, HandlerFrameworkSymbols> s_byCompilation = new();

    private HandlerFrameworkSymbols(Compilation compilation)
    {
        var types = WellKnownTypes.For(compilation);
        INamedTypeSymbol? Type(string metadataName) => types.Get(metadataName);

        CoreWcfServiceContract = Type(WellKnownTypeNames.CoreWcfServiceContractAttribute);
        CoreWcfOperationContract = Type(WellKnownTypeNames.CoreWcfOperationContractAttribute);
        CoreWcfWebGet = Type(WellKnownTypeNames.CoreWcfWebGetAttribute);
        CoreWcfWebInvoke = Type(WellKnownTypeNames.CoreWcfWebInvokeAttribute);
        ServiceModelServiceContract = Type(WellKnownTypeNames.SystemServiceModelServiceContractAttribute);
        ServiceModelOperationContract = Type(WellKnownTypeNames.SystemServiceModelOperationContractAttribute);
        ServiceModelWebGet = Type(WellKnownTypeNames.SystemServiceModelWebGetAttribute);
        ServiceModelWebInvoke = Type(WellKnownTypeNames.SystemServiceModelWebInvokeAttribute);

        MvcController = Type(WellKnownTypeNames.MicrosoftAspNetCoreMvcControllerAttribute);
        MvcControllerBase = Type(WellKnownTypeNames.MicrosoftAspNetCoreMvcControllerBase);
        MvcNonController = Type(WellKnownTypeNames.MicrosoftAspNetCoreMvcNonControllerAttribute);
        MvcNonAction = Type(WellKnownTypeNames.MicrosoftAspNetCoreMvcNonActionAttribute);
        PageModel = Type(WellKnownTypeNames.MicrosoftAspNetCoreMvcRazorPagesPageModel);
        PageNonHandler = Type(WellKnownTypeNames.MicrosoftAspNetCoreMvcRazorPagesNonHandlerAttribute);
        Page = Type(WellKnownTypeNames.MicrosoftAspNetCoreMvcRazorPagesPage);
        RazorPageBase = Type(WellKnownTypeNames.MicrosoftAspNetCoreMvcRazorRazorPageBase);
        RazorCompiledItemMetadata = Type(WellKnownTypeNames.MicrosoftAspNetCoreRazorHostingRazorCompiledItemMetadataAttribute);
        Hub = Type(WellKnownTypeNames.MicrosoftAspNetCoreSignalRHub);
        Hub1 = Type(WellKnownTypeNames.MicrosoftAspNetCoreSignalRHub1);
        GrpcBindServiceMethod = Type(WellKnownTypeNames.GrpcCoreBindServiceMethodAttribute);
        HttpContext = Type(WellKnownTypeNames.MicrosoftAspNetCoreHttpHttpContext);
        RequestDelegate = Type(WellKnownTypeNames.MicrosoftAspNetCoreHttpRequestDelegate);
        Middleware = Type(WellKnownTypeNames.MicrosoftAspNetCoreHttpIMiddleware);
        EndpointRouteBuilderExtensions = Type(WellKnownTypeNames.MicrosoftAspNetCoreBuilderEndpointRouteBuilderExtensions);
        FallbackEndpointRouteBuilderExtensions = Type(WellKnownTypeNames.MicrosoftAspNetCoreBuilderFallbackEndpointRouteBuilderExtensions);
        UseExtensions = Type(WellKnownTypeNames.MicrosoftAspNetCoreBuilderUseExtensions);
        RunExtensions = Type(WellKnownTypeNames.MicrosoftAspNetCoreBuilderRunExtensions);
        HostedService = Type(WellKnownTypeNames.MicrosoftExtensionsHostingIHostedService);

        MvcFilterInterfaces = Present(
            Type(WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersIActionFilter),
            Type(WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersIAsyncActionFilter),
            Type(WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersIResourceFilter),
            Type(WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersIAsyncResourceFilter),
            Type(WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersIAuthorizationFilter),
            Type(WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersIAsyncAuthorizationFilter),
            Type(WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersIExceptionFilter),
            Type(WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersIAsyncExceptionFilter),
            Type(WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersIResultFilter),
            Type(WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersIAsyncResultFilter),
            Type(WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersIPageFilter),
            Type(WellKnownTypeNames.MicrosoftAspNetCoreMvcFiltersIAsyncPageFilter));
        ViewComponent = Type(WellKnownTypeNames.MicrosoftAspNetCoreMvcViewComponent);
        ViewComponentAttribute = Type(WellKnownTypeNames.MicrosoftAspNetCoreMvcViewComponentAttribute);
        NonViewComponentAttribute = Type(WellKnownTypeNames.MicrosoftAspNetCoreMvcNonViewComponentAttribute);
        TagHelper = Type(WellKnownTypeNames.MicrosoftAspNetCoreRazorTagHelpersTagHelper);
        TagHelperComponent = Type(WellKnownTypeNames.MicrosoftAspNetCoreRazorTagHelpersTagHelperComponent);
        TagHelperComponentInterface = Type(WellKnownTypeNames.MicrosoftAspNetCoreRazorTagHelpersITagHelperComponent);
        AuthorizationHandlerInterface = Type(WellKnownTypeNames.MicrosoftAspNetCoreAuthorizationIAuthorizationHandler);
        AuthorizationHandler1 = Type(WellKnownTypeNames.MicrosoftAspNetCoreAuthorizationAuthorizationHandler1);
        AuthorizationHandler2 = Type(WellKnownTypeNames.MicrosoftAspNetCoreAuthorizationAuthorizationHandler2);
        HealthCheck = Type(WellKnownTypeNames.MicrosoftExtensionsDiagnosticsHealthChecksIHealthCheck);
        ExceptionHandler = Type(WellKnownTypeNames.MicrosoftAspNetCoreDiagnosticsIExceptionHandler);
        ModelBinder = Type(WellKnownTypeNames.MicrosoftAspNetCoreMvcModelBindingIModelBinder);

        // MVC validates every model it binds with the DataAnnotations validators (its DataAnnotations assembly, part of the
        // shared framework): only there do a validation attribute's IsValid and IValidatableObject.Validate run per request.
        if (Type(WellKnownTypeNames.MicrosoftAspNetCoreMvcDataAnnotationsIValidationAttributeAdapterProvider) is not null)
        {
            ValidationAttribute = Type(WellKnownTypeNames.SystemComponentModelDataAnnotationsValidationAttribute);
            ValidatableObject = Type(WellKnownTypeNames.SystemComponentModelDataAnnotationsIValidatableObject);
        }

        InputFormatter = Type(WellKnownTypeNames.MicrosoftAspNetCoreMvcFormattersInputFormatter);
        TextInputFormatter = Type(WellKnownTypeNames.MicrosoftAspNetCoreMvcFormattersTextInputFormatter);
        OutputFormatter = Type(WellKnownTypeNames.MicrosoftAspNetCoreMvcFormattersOutputFormatter);
        TextOutputFormatter = Type(WellKnownTypeNames.MicrosoftAspNetCoreMvcFormattersTextOutputFormatter);
        WorkerFunction = Type(WellKnownTypeNames.MicrosoftAzureFunctionsWorkerFunctionAttribute);
        WebJobsFunctionName = Type(WellKnownTypeNames.MicrosoftAzureWebJobsFunctionNameAttribute);
        FastEndpointsBaseEndpoint = Type(WellKnownTypeNames.FastEndpointsBaseEndpoint);

        // Where Blazor components run is decided here, once: on the server only where the project references
        // Microsoft.AspNetCore.Components.Server (a server project, through the ASP.NET Core shared framework). A
        // WebAssembly-only project (Microsoft.NET.Sdk.BlazorWebAssembly) references ComponentBase but not that assembly:
        // its components run in the browser, on no pool thread of a server, and count as no handlers.
        if (Type(WellKnownTypeNames.MicrosoftAspNetCoreComponentsServerCircuitOptions) is not null)
        {
            ServerComponentBase = Type(WellKnownTypeNames.MicrosoftAspNetCoreComponentsComponentBase);
            EventCallbackFactory = ServerComponentBase is null ? null : Type(WellKnownTypeNames.MicrosoftAspNetCoreComponentsEventCallbackFactory);
        }

        AsmxWebMethod = Type(WellKnownTypeNames.SystemWebServicesWebMethodAttribute);
        WebMvcController = Type(WellKnownTypeNames.SystemWebMvcController);
        WebMvcNonAction = Type(WellKnownTypeNames.SystemWebMvcNonActionAttribute);
        WebApiController = Type(WellKnownTypeNames.SystemWebHttpApiController);
        WebApiNonAction = Type(WellKnownTypeNames.SystemWebHttpNonActionAttribute);
        WebHttpHandler = Type(WellKnownTypeNames.SystemWebIHttpHandler);
        WebHttpTaskAsyncHandler = Type(WellKnownTypeNames.SystemWebHttpTaskAsyncHandler);

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
    public INamedTypeSymbol? MvcControllerBase { get; }
    public INamedTypeSymbol? MvcNonController { get; }
    public INamedTypeSymbol? MvcNonAction { get; }
    public INamedTypeSymbol? PageModel { get; }
    public INamedTypeSymbol? PageNonHandler { get; }
    public INamedTypeSymbol? Page { get; }
    public INamedTypeSymbol? RazorPageBase { get; }
    public INamedTypeSymbol? RazorCompiledItemMetadata { get; }
    public INamedTypeSymbol? Hub { get; }
    public INamedTypeSymbol? Hub1 { get; }
    public INamedTypeSymbol? GrpcBindServiceMethod { get; }
    public INamedTypeSymbol? HttpContext { get; }
    public INamedTypeSymbol? RequestDelegate { get; }
    public INamedTypeSymbol? Middleware { get; }
    public INamedTypeSymbol? EndpointRouteBuilderExtensions { get; }
    public INamedTypeSymbol? FallbackEndpointRouteBuilderExtensions { get; }
    public INamedTypeSymbol? UseExtensions { get; }
    public INamedTypeSymbol? RunExtensions { get; }
    public INamedTypeSymbol? HostedService { get; }

    /// <summary>The MVC and Razor Pages filter interfaces the project references (empty without MVC). The
    /// *FilterAttribute base classes, Controller and PageModel implement them.</summary>
    public ImmutableArray<INamedTypeSymbol> MvcFilterInterfaces { get; }
    public INamedTypeSymbol? ViewComponent { get; }
    public INamedTypeSymbol? ViewComponentAttribute { get; }
    public INamedTypeSymbol? NonViewComponentAttribute { get; }
    public INamedTypeSymbol? TagHelper { get; }
    public INamedTypeSymbol? TagHelperComponent { get; }
    public INamedTypeSymbol? TagHelperComponentInterface { get; }
    public INamedTypeSymbol? AuthorizationHandlerInterface { get; }
    public INamedTypeSymbol? AuthorizationHandler1 { get; }
    public INamedTypeSymbol? AuthorizationHandler2 { get; }
    public INamedTypeSymbol? HealthCheck { get; }
    public INamedTypeSymbol? ExceptionHandler { get; }
    public INamedTypeSymbol? ModelBinder { get; }

    /// <summary>ValidationAttribute, where MVC's model validation runs it (null without MVC's DataAnnotations).</summary>
    public INamedTypeSymbol? ValidationAttribute { get; }

    /// <summary>IValidatableObject, where MVC's model validation runs it (null without MVC's DataAnnotations).</summary>
    public INamedTypeSymbol? ValidatableObject { get; }
    public INamedTypeSymbol? InputFormatter { get; }
    public INamedTypeSymbol? TextInputFormatter { get; }
    public INamedTypeSymbol? OutputFormatter { get; }
    public INamedTypeSymbol? TextOutputFormatter { get; }
    public INamedTypeSymbol? WorkerFunction { get; }
    public INamedTypeSymbol? WebJobsFunctionName { get; }
    public INamedTypeSymbol? FastEndpointsBaseEndpoint { get; }

    /// <summary>ComponentBase, where components run on the server (Blazor Server, a Blazor Web App's server project);
    /// null where they do not (WebAssembly only) or without components.</summary>
    public INamedTypeSymbol? ServerComponentBase { get; }

    /// <summary>EventCallbackFactory (<c>EventCallback.Factory</c>), where <see cref="ServerComponentBase"/> is set.</summary>
    public INamedTypeSymbol? EventCallbackFactory { get; }

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

    /// <summary>The symbols of one compilation, resolved on first use: the rules, the fix engine and the public API
    /// policy all ask.</summary>
    public static HandlerFrameworkSymbols For(Compilation compilation) => s_byCompilation.GetValue(compilation, static c => new HandlerFrameworkSymbols(c));

    private static ImmutableArray<INamedTypeSymbol> Present(params INamedTypeSymbol?[] types)
    {
        var present = ImmutableArray.CreateBuilder<INamedTypeSymbol>(types.Length);
        foreach (var type in types)
        {
            if (type is not null)
            {
                present.Add(type);
            }
        }

        return present.ToImmutable();
    }
}
