namespace BurstAnalyzers.Internals;

/// <summary>
/// Metadata names of the well-known types the analyzers and fixes compare against, resolved through
/// <see cref="WellKnownTypes"/>. (Tables of APIs — a type and its blocking methods — stay with the rule they serve:
/// <c>KnownBlockingApis</c>, <c>SyncIoCalls</c>, <c>NotIoTwins</c>, <c>DelegateRuns</c>, <c>TaskWaits</c>.)
/// </summary>
internal static class WellKnownTypeNames
{
    // The BCL.
    public const string SystemObsoleteAttribute = "System.ObsoleteAttribute";
    public const string SystemReflectionAssemblyMetadataAttribute = "System.Reflection.AssemblyMetadataAttribute";
    public const string SystemTimeSpan = "System.TimeSpan";
    public const string SystemSpan1 = "System.Span`1";
    public const string SystemReadOnlySpan1 = "System.ReadOnlySpan`1";
    public const string SystemMemory1 = "System.Memory`1";
    public const string SystemReadOnlyMemory1 = "System.ReadOnlyMemory`1";
    public const string SystemIAsyncDisposable = "System.IAsyncDisposable";
    public const string SystemIServiceProvider = "System.IServiceProvider";
    public const string SystemThreadingCancellationToken = "System.Threading.CancellationToken";
    public const string SystemThreadingThread = "System.Threading.Thread";
    public const string SystemThreadingTasksTask = "System.Threading.Tasks.Task";
    public const string SystemThreadingTasksTaskStatus = "System.Threading.Tasks.TaskStatus";
    public const string SystemCollectionsGenericList1 = "System.Collections.Generic.List`1";
    public const string SystemLinqEnumerable = "System.Linq.Enumerable";
    public const string SystemLinqQueryable = "System.Linq.Queryable";
    public const string SystemLinqIQueryable = "System.Linq.IQueryable";
    public const string SystemCollectionsGenericIEnumerable1 = "System.Collections.Generic.IEnumerable`1";
    public const string SystemCollectionsGenericHashSet1 = "System.Collections.Generic.HashSet`1";
    public const string SystemCollectionsGenericIAsyncEnumerable1 = "System.Collections.Generic.IAsyncEnumerable`1";
    public const string SystemThreadingTasksTask1 = "System.Threading.Tasks.Task`1";
    public const string SystemThreadingTasksValueTask = "System.Threading.Tasks.ValueTask";
    public const string SystemThreadingTasksValueTask1 = "System.Threading.Tasks.ValueTask`1";
    public const string SystemThreadingWaitHandle = "System.Threading.WaitHandle";
    public const string SystemThreadingSemaphoreSlim = "System.Threading.SemaphoreSlim";
    public const string SystemThreadingManualResetEventSlim = "System.Threading.ManualResetEventSlim";
    public const string SystemThreadingCountdownEvent = "System.Threading.CountdownEvent";
    public const string SystemThreadingBarrier = "System.Threading.Barrier";
    public const string SystemThreadingMonitor = "System.Threading.Monitor";
    public const string SystemThreadingSpinWait = "System.Threading.SpinWait";
    public const string SystemThreadingReaderWriterLockSlim = "System.Threading.ReaderWriterLockSlim";
    public const string SystemDiagnosticsProcess = "System.Diagnostics.Process";
    public const string SystemIOStream = "System.IO.Stream";
    public const string SystemIOTextReader = "System.IO.TextReader";
    public const string SystemIOTextWriter = "System.IO.TextWriter";
    public const string SystemIOMemoryStream = "System.IO.MemoryStream";
    public const string SystemIOUnmanagedMemoryStream = "System.IO.UnmanagedMemoryStream";
    public const string SystemIOStringReader = "System.IO.StringReader";
    public const string SystemIOStringWriter = "System.IO.StringWriter";
    public const string SystemIOStreamReader = "System.IO.StreamReader";
    public const string SystemIOStreamWriter = "System.IO.StreamWriter";
    public const string SystemIOBinaryReader = "System.IO.BinaryReader";
    public const string SystemIOBinaryWriter = "System.IO.BinaryWriter";
    public const string SystemIOBufferedStream = "System.IO.BufferedStream";
    public const string SystemNetHttpHttpClient = "System.Net.Http.HttpClient";
    public const string SystemNetHttpHttpContent = "System.Net.Http.HttpContent";
    public const string SystemNetHttpHttpResponseMessage = "System.Net.Http.HttpResponseMessage";
    public const string SystemNetHttpHttpCompletionOption = "System.Net.Http.HttpCompletionOption";

    // Json.NET.
    public const string NewtonsoftJsonJsonSerializer = "Newtonsoft.Json.JsonSerializer";
    public const string NewtonsoftJsonJsonReader = "Newtonsoft.Json.JsonReader";
    public const string NewtonsoftJsonJsonWriter = "Newtonsoft.Json.JsonWriter";
    public const string NewtonsoftJsonJsonTextReader = "Newtonsoft.Json.JsonTextReader";
    public const string NewtonsoftJsonJsonTextWriter = "Newtonsoft.Json.JsonTextWriter";
    public const string NewtonsoftJsonLinqJTokenReader = "Newtonsoft.Json.Linq.JTokenReader";
    public const string NewtonsoftJsonLinqJTokenWriter = "Newtonsoft.Json.Linq.JTokenWriter";

    // WCF: CoreWCF and System.ServiceModel.
    public const string CoreWcfServiceContractAttribute = "CoreWCF.ServiceContractAttribute";
    public const string CoreWcfOperationContractAttribute = "CoreWCF.OperationContractAttribute";
    public const string CoreWcfWebGetAttribute = "CoreWCF.Web.WebGetAttribute";
    public const string CoreWcfWebInvokeAttribute = "CoreWCF.Web.WebInvokeAttribute";
    public const string SystemServiceModelServiceContractAttribute = "System.ServiceModel.ServiceContractAttribute";
    public const string SystemServiceModelOperationContractAttribute = "System.ServiceModel.OperationContractAttribute";
    public const string SystemServiceModelWebGetAttribute = "System.ServiceModel.Web.WebGetAttribute";
    public const string SystemServiceModelWebInvokeAttribute = "System.ServiceModel.Web.WebInvokeAttribute";

    // ASP.NET Core, SignalR, gRPC, hosting.
    public const string MicrosoftAspNetCoreMvcControllerBase = "Microsoft.AspNetCore.Mvc.ControllerBase";
    public const string MicrosoftAspNetCoreMvcController = "Microsoft.AspNetCore.Mvc.Controller";
    public const string MicrosoftAspNetCoreMvcObjectResult = "Microsoft.AspNetCore.Mvc.ObjectResult";
    public const string MicrosoftAspNetCoreMvcActionResult1 = "Microsoft.AspNetCore.Mvc.ActionResult`1";
    public const string MicrosoftAspNetCoreMvcJsonResult = "Microsoft.AspNetCore.Mvc.JsonResult";
    public const string MicrosoftAspNetCoreHttpIResult = "Microsoft.AspNetCore.Http.IResult";
    public const string MicrosoftAspNetCoreMvcFiltersActionFilterAttribute = "Microsoft.AspNetCore.Mvc.Filters.ActionFilterAttribute";
    public const string MicrosoftAspNetCoreMvcFiltersResultFilterAttribute = "Microsoft.AspNetCore.Mvc.Filters.ResultFilterAttribute";
    public const string MicrosoftAspNetCoreMvcFiltersExceptionFilterAttribute = "Microsoft.AspNetCore.Mvc.Filters.ExceptionFilterAttribute";
    public const string MicrosoftAspNetCoreMvcInfrastructureIApiBehaviorMetadata = "Microsoft.AspNetCore.Mvc.Infrastructure.IApiBehaviorMetadata";
    public const string MicrosoftAspNetCoreMvcControllerAttribute = "Microsoft.AspNetCore.Mvc.ControllerAttribute";
    public const string MicrosoftAspNetCoreMvcNonControllerAttribute = "Microsoft.AspNetCore.Mvc.NonControllerAttribute";
    public const string MicrosoftAspNetCoreMvcNonActionAttribute = "Microsoft.AspNetCore.Mvc.NonActionAttribute";
    public const string MicrosoftAspNetCoreMvcRazorPagesPageModel = "Microsoft.AspNetCore.Mvc.RazorPages.PageModel";
    public const string MicrosoftAspNetCoreMvcRazorPagesNonHandlerAttribute = "Microsoft.AspNetCore.Mvc.RazorPages.NonHandlerAttribute";
    public const string MicrosoftAspNetCoreMvcRazorPagesPage = "Microsoft.AspNetCore.Mvc.RazorPages.Page";
    public const string MicrosoftAspNetCoreMvcRazorRazorPageBase = "Microsoft.AspNetCore.Mvc.Razor.RazorPageBase";
    public const string MicrosoftAspNetCoreRazorHostingRazorCompiledItemMetadataAttribute = "Microsoft.AspNetCore.Razor.Hosting.RazorCompiledItemMetadataAttribute";
    public const string MicrosoftAspNetCoreMvcRenderingHtmlHelperPartialExtensions = "Microsoft.AspNetCore.Mvc.Rendering.HtmlHelperPartialExtensions";
    public const string MicrosoftAspNetCoreSignalRHub = "Microsoft.AspNetCore.SignalR.Hub";
    public const string MicrosoftAspNetCoreSignalRHub1 = "Microsoft.AspNetCore.SignalR.Hub`1";
    public const string MicrosoftAspNetCoreHttpHttpContext = "Microsoft.AspNetCore.Http.HttpContext";
    public const string MicrosoftAspNetCoreHttpHttpRequest = "Microsoft.AspNetCore.Http.HttpRequest";
    public const string MicrosoftEntityFrameworkCoreDbSet1 = "Microsoft.EntityFrameworkCore.DbSet`1";
    public const string MicrosoftAspNetCoreIdentityUserManager1 = "Microsoft.AspNetCore.Identity.UserManager`1";
    public const string MicrosoftAspNetCoreIdentityRoleManager1 = "Microsoft.AspNetCore.Identity.RoleManager`1";
    public const string MicrosoftAspNetCoreIdentityEntityFrameworkCoreIdentityDbContext = "Microsoft.AspNetCore.Identity.EntityFrameworkCore.IdentityDbContext";
    public const string MicrosoftEntityFrameworkCoreEntityFrameworkQueryableExtensions = "Microsoft.EntityFrameworkCore.EntityFrameworkQueryableExtensions";
    public const string MicrosoftAspNetCoreHttpIFormCollection = "Microsoft.AspNetCore.Http.IFormCollection";
    public const string MicrosoftAspNetCoreHttpIFormFile = "Microsoft.AspNetCore.Http.IFormFile";
    public const string MicrosoftAspNetCoreHttpIFormFileCollection = "Microsoft.AspNetCore.Http.IFormFileCollection";
    public const string MicrosoftAspNetCoreHttpMetadataIFromFormMetadata = "Microsoft.AspNetCore.Http.Metadata.IFromFormMetadata";
    public const string MicrosoftAspNetCoreMvcModelBindingIBindingSourceMetadata = "Microsoft.AspNetCore.Mvc.ModelBinding.IBindingSourceMetadata";
    public const string MicrosoftAspNetCoreHttpRequestDelegate = "Microsoft.AspNetCore.Http.RequestDelegate";
    public const string MicrosoftAspNetCoreHttpIMiddleware = "Microsoft.AspNetCore.Http.IMiddleware";
    public const string MicrosoftAspNetCoreBuilderEndpointRouteBuilderExtensions = "Microsoft.AspNetCore.Builder.EndpointRouteBuilderExtensions";
    public const string MicrosoftAspNetCoreBuilderFallbackEndpointRouteBuilderExtensions = "Microsoft.AspNetCore.Builder.FallbackEndpointRouteBuilderExtensions";
    public const string MicrosoftAspNetCoreBuilderUseExtensions = "Microsoft.AspNetCore.Builder.UseExtensions";
    public const string MicrosoftAspNetCoreBuilderRunExtensions = "Microsoft.AspNetCore.Builder.RunExtensions";
    public const string MicrosoftExtensionsHostingIHostedService = "Microsoft.Extensions.Hosting.IHostedService";

    // ASP.NET Core entry points beyond actions, pages and hubs (issue 36): MVC and Razor Pages filters, view components,
    // tag helpers, authorization handlers, health checks, exception handlers, model binders and formatters.
    public const string MicrosoftAspNetCoreMvcFiltersIActionFilter = "Microsoft.AspNetCore.Mvc.Filters.IActionFilter";
    public const string MicrosoftAspNetCoreMvcFiltersIAsyncActionFilter = "Microsoft.AspNetCore.Mvc.Filters.IAsyncActionFilter";
    public const string MicrosoftAspNetCoreMvcFiltersIResourceFilter = "Microsoft.AspNetCore.Mvc.Filters.IResourceFilter";
    public const string MicrosoftAspNetCoreMvcFiltersIAsyncResourceFilter = "Microsoft.AspNetCore.Mvc.Filters.IAsyncResourceFilter";
    public const string MicrosoftAspNetCoreMvcFiltersIAuthorizationFilter = "Microsoft.AspNetCore.Mvc.Filters.IAuthorizationFilter";
    public const string MicrosoftAspNetCoreMvcFiltersIAsyncAuthorizationFilter = "Microsoft.AspNetCore.Mvc.Filters.IAsyncAuthorizationFilter";
    public const string MicrosoftAspNetCoreMvcFiltersIExceptionFilter = "Microsoft.AspNetCore.Mvc.Filters.IExceptionFilter";
    public const string MicrosoftAspNetCoreMvcFiltersIAsyncExceptionFilter = "Microsoft.AspNetCore.Mvc.Filters.IAsyncExceptionFilter";
    public const string MicrosoftAspNetCoreMvcFiltersIResultFilter = "Microsoft.AspNetCore.Mvc.Filters.IResultFilter";
    public const string MicrosoftAspNetCoreMvcFiltersIAsyncResultFilter = "Microsoft.AspNetCore.Mvc.Filters.IAsyncResultFilter";
    public const string MicrosoftAspNetCoreMvcFiltersIPageFilter = "Microsoft.AspNetCore.Mvc.Filters.IPageFilter";
    public const string MicrosoftAspNetCoreMvcFiltersIAsyncPageFilter = "Microsoft.AspNetCore.Mvc.Filters.IAsyncPageFilter";
    public const string MicrosoftAspNetCoreMvcViewComponent = "Microsoft.AspNetCore.Mvc.ViewComponent";
    public const string MicrosoftAspNetCoreMvcViewComponentAttribute = "Microsoft.AspNetCore.Mvc.ViewComponentAttribute";
    public const string MicrosoftAspNetCoreMvcNonViewComponentAttribute = "Microsoft.AspNetCore.Mvc.NonViewComponentAttribute";
    public const string MicrosoftAspNetCoreRazorTagHelpersTagHelper = "Microsoft.AspNetCore.Razor.TagHelpers.TagHelper";
    public const string MicrosoftAspNetCoreRazorTagHelpersTagHelperComponent = "Microsoft.AspNetCore.Razor.TagHelpers.TagHelperComponent";
    public const string MicrosoftAspNetCoreRazorTagHelpersITagHelperComponent = "Microsoft.AspNetCore.Razor.TagHelpers.ITagHelperComponent";
    public const string MicrosoftAspNetCoreAuthorizationIAuthorizationHandler = "Microsoft.AspNetCore.Authorization.IAuthorizationHandler";
    public const string MicrosoftAspNetCoreAuthorizationAuthorizationHandler1 = "Microsoft.AspNetCore.Authorization.AuthorizationHandler`1";
    public const string MicrosoftAspNetCoreAuthorizationAuthorizationHandler2 = "Microsoft.AspNetCore.Authorization.AuthorizationHandler`2";
    public const string MicrosoftExtensionsDiagnosticsHealthChecksIHealthCheck = "Microsoft.Extensions.Diagnostics.HealthChecks.IHealthCheck";
    public const string MicrosoftAspNetCoreDiagnosticsIExceptionHandler = "Microsoft.AspNetCore.Diagnostics.IExceptionHandler";
    public const string MicrosoftAspNetCoreMvcModelBindingIModelBinder = "Microsoft.AspNetCore.Mvc.ModelBinding.IModelBinder";
    public const string MicrosoftAspNetCoreMvcDataAnnotationsIValidationAttributeAdapterProvider = "Microsoft.AspNetCore.Mvc.DataAnnotations.IValidationAttributeAdapterProvider";
    public const string SystemComponentModelDataAnnotationsValidationAttribute = "System.ComponentModel.DataAnnotations.ValidationAttribute";
    public const string SystemComponentModelDataAnnotationsIValidatableObject = "System.ComponentModel.DataAnnotations.IValidatableObject";
    public const string MicrosoftAspNetCoreMvcFormattersInputFormatter = "Microsoft.AspNetCore.Mvc.Formatters.InputFormatter";
    public const string MicrosoftAspNetCoreMvcFormattersTextInputFormatter = "Microsoft.AspNetCore.Mvc.Formatters.TextInputFormatter";
    public const string MicrosoftAspNetCoreMvcFormattersOutputFormatter = "Microsoft.AspNetCore.Mvc.Formatters.OutputFormatter";
    public const string MicrosoftAspNetCoreMvcFormattersTextOutputFormatter = "Microsoft.AspNetCore.Mvc.Formatters.TextOutputFormatter";

    // Blazor components: ComponentBase and the event callbacks compiled Razor binds, and a type of
    // Microsoft.AspNetCore.Components.Server, whose presence says the components run on the server.
    public const string MicrosoftAspNetCoreComponentsComponentBase = "Microsoft.AspNetCore.Components.ComponentBase";
    public const string MicrosoftAspNetCoreComponentsEventCallbackFactory = "Microsoft.AspNetCore.Components.EventCallbackFactory";
    public const string MicrosoftAspNetCoreComponentsServerCircuitOptions = "Microsoft.AspNetCore.Components.Server.CircuitOptions";

    // Azure Functions (isolated worker, in-process WebJobs) and FastEndpoints.
    public const string MicrosoftAzureFunctionsWorkerFunctionAttribute = "Microsoft.Azure.Functions.Worker.FunctionAttribute";
    public const string MicrosoftAzureWebJobsFunctionNameAttribute = "Microsoft.Azure.WebJobs.FunctionNameAttribute";
    public const string FastEndpointsBaseEndpoint = "FastEndpoints.BaseEndpoint";
    public const string GrpcCoreBindServiceMethodAttribute = "Grpc.Core.BindServiceMethodAttribute";
    public const string GrpcCoreServerCallContext = "Grpc.Core.ServerCallContext";

    // Classic ASP.NET: ASMX, MVC 5, Web API 2, HTTP handlers.
    public const string SystemWebServicesWebMethodAttribute = "System.Web.Services.WebMethodAttribute";
    public const string SystemWebMvcController = "System.Web.Mvc.Controller";
    public const string SystemWebMvcNonActionAttribute = "System.Web.Mvc.NonActionAttribute";
    public const string SystemWebHttpApiController = "System.Web.Http.ApiController";
    public const string SystemWebHttpNonActionAttribute = "System.Web.Http.NonActionAttribute";
    public const string SystemWebIHttpHandler = "System.Web.IHttpHandler";
    public const string SystemWebHttpTaskAsyncHandler = "System.Web.HttpTaskAsyncHandler";
    public const string SystemWebHttpContext = "System.Web.HttpContext";

    // Desktop UI types whose methods run on a synchronization context: the async fixes never configure their awaits.
    public const string SystemWindowsFormsControl = "System.Windows.Forms.Control";
    public const string SystemWindowsThreadingDispatcherObject = "System.Windows.Threading.DispatcherObject";

    // Our own runtime packages, matched by name: the analyzer never references them.
    public const string OffloadBlockingAttribute = "BurstAnalyzers.Offload.OffloadBlockingAttribute";
    public const string OffloadEndpointConventionBuilderExtensions = "BurstAnalyzers.Offload.OffloadEndpointConventionBuilderExtensions";

    /// <summary>
    /// A type of BurstAnalyzers.Offload.SoapCore: where it resolves, [OffloadBlocking] on a System.ServiceModel operation
    /// really moves it (SoapCore hosts it), so the offload fix may add it there.
    /// </summary>
    public const string SoapCoreOffloadServiceCollectionExtensions = "BurstAnalyzers.Offload.SoapCoreOffloadServiceCollectionExtensions";
}
