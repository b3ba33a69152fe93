using System;
using System.Collections.Concurrent;
using System.Runtime.CompilerServices;
using System.Threading;
using BurstAnalyzers.Internals;
using BurstAnalyzers.Options;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// Answers "does this code run on a request thread?" for one compilation. Built once per compilation and shared by
/// every rule; null for a compilation that references no handler framework and declares no handlers in its
/// configuration, so rules can register nothing there.
/// </summary>
internal sealed class RequestHandlerModel
{
    // One model per compilation, whichever rule asks first. The table holds compilations weakly.
    private static readonly ConditionalWeakTable<Compilation, RequestHandlerModel> s_modelByCompilation = new();

    private readonly HandlerFrameworkSymbols _symbols;
    private readonly RazorViews _views;
    private readonly ViewComponents _viewComponents;
    private readonly BlazorComponents _blazor;
    private readonly OffloadMarkers _offload;
    private readonly MethodGroupRegistrations _methodGroups;
    private readonly bool _soapCoreOffload;
    private readonly ConcurrentDictionary<IMethodSymbol, MethodHandler> _handlerOfMethod = new(SymbolEqualityComparer.Default);
    private readonly ConcurrentDictionary<INamedTypeSymbol, bool> _isHostedService = new(SymbolEqualityComparer.Default);
    private readonly Func<INamedTypeSymbol, bool> _computeIsHostedService;
    private MethodHandler? _last;

    private RequestHandlerModel(Compilation compilation, HandlerFrameworkSymbols symbols, HandlerFrameworks frameworks)
    {
        _symbols = symbols;
        Frameworks = frameworks;
        Wcf = Frameworks.Get<WcfOperations>();
        Delegates = new HandlerDelegates(symbols);
        Factories = new ServiceFactories(compilation);
        Configuration = new BurstConfigurationReader(compilation);
        _responses = new Lazy<ResponseValues>(() => new ResponseValues(compilation, Delegates), LazyThreadSafetyMode.ExecutionAndPublication);

        // The frameworks some questions below are about (a view's rendering, the offload sites).
        _views = Frameworks.Get<RazorViews>();
        _viewComponents = Frameworks.Get<ViewComponents>();
        _blazor = Frameworks.Get<BlazorComponents>();
        _offload = new OffloadMarkers(compilation);
        _methodGroups = new MethodGroupRegistrations(compilation, Delegates, _offload);
        _soapCoreOffload = WellKnownTypes.For(compilation).Has(WellKnownTypeNames.SoapCoreOffloadServiceCollectionExtensions);
        _computeIsHostedService = type => type.IsOrDerivesFrom(_symbols.HostedService);
    }

    /// <summary>The registered handler frameworks (<see cref="HandlerFrameworks"/>), also asked by the fixes.</summary>
    public HandlerFrameworks Frameworks { get; }

    /// <summary>WCF contract knowledge, also used by code fixes that must keep a contract in step.</summary>
    public WcfOperations Wcf { get; }

    public HandlerDelegates Delegates { get; }

    /// <summary>What the response's serializer runs after a handler returns, asked by BURST002 (a task it reads) and
    /// BURST003/005 (a query it enumerates): made once per compilation, whichever rule asks first.</summary>
    public ResponseValues Responses => _responses.Value;

    private readonly Lazy<ResponseValues> _responses;

    public ServiceFactories Factories { get; }

    public BurstConfigurationReader Configuration { get; }

    // Whether the compilation can contain request handlers, decided once by the first For (a code fix's or the chain
    // export's ForFix, which shares this model, does not decide it).
    private int _hasHandlers = Undecided;
    private const int Undecided = -1;

    /// <summary>The model of <paramref name="compilation"/> when it can contain request handlers, else null: when a
    /// registered framework is present (<see cref="HandlerFrameworks.AnyPresent"/>; minimal APIs, inline middleware,
    /// method-group registrations and service factories are ASP.NET Core's, whose HttpContext makes
    /// <see cref="MiddlewareMethods"/> present) or the options declare handlers.</summary>
    public static RequestHandlerModel? For(Compilation compilation, AnalyzerConfigOptionsProvider options)
    {
        var model = ForFix(compilation);
        if (model._hasHandlers == Undecided)
        {
            var hasHandlers = model.Frameworks.AnyPresent || BurstConfigurationReader.AnyTreeDeclaresHandlers(compilation, options);
            Interlocked.CompareExchange(ref model._hasHandlers, hasHandlers ? 1 : 0, Undecided);
        }

        return model._hasHandlers == 1 ? model : null;
    }

    /// <summary>The model of <paramref name="compilation"/> whether it can contain handlers or not: the code fixes' (whose
    /// compilation has handlers when a diagnostic exists) and the chain export's (a class library without any).</summary>
    public static RequestHandlerModel ForFix(Compilation compilation)
        => s_modelByCompilation.GetValue(compilation, static c =>
        {
            var symbols = HandlerFrameworkSymbols.For(c);
            return new RequestHandlerModel(c, symbols, new HandlerFrameworks(c, symbols));
        });

    /// <summary>
    /// The request handler that <paramref name="operation"/> runs as part of, or null. Lambdas and local functions
    /// inside a handler are its code; a lambda registered as a minimal API endpoint or inline middleware is a handler
    /// wherever it is written, and so is a local function registered by method group and a dependency-injection factory
    /// (marked as one: BURST007 reports it). Offloaded handlers ([OffloadBlocking]) are not request-thread code. In
    /// generated code (<paramref name="inGeneratedCode"/>) only a Razor view's or page's handlers are: their lines are
    /// the user's .cshtml; any other generator's output is not the user's to change.
    /// </summary>
    public RequestHandler? FindHandler(IOperation operation, ISymbol? containingSymbol, BurstConfiguration configuration, bool inGeneratedCode = false)
    {
        if (inGeneratedCode)
        {
            // A .razor component's class is generated too: its @code and its markup's event handlers are the user's.
            if (containingSymbol is not IMethodSymbol member || !_blazor.IsServerComponent(member.ContainingType))
            {
                return containingSymbol is IMethodSymbol view && _views.IsViewClass(view.ContainingType) ? HandlerOf(view, configuration) : null;
            }
        }

        for (var current = operation.Parent; current is not null; current = current.Parent)
        {
            if (current is IAnonymousFunctionOperation eventCallback && _blazor.IsEventCallback(eventCallback))
            {
                return new RequestHandler(BlazorComponents.DescribeEventCallback(eventCallback));
            }

            if (current is IAnonymousFunctionOperation lambda && Delegates.RegistrationOf(lambda) is { } registration)
            {
                return _offload.IsOffloaded(lambda, registration) ? null : new RequestHandler(HandlerDelegates.Describe(registration));
            }

            if (current is IAnonymousFunctionOperation factory && Factories.RegistrationOf(factory) is { } service)
            {
                return new RequestHandler(ServiceFactories.Describe(service), isServiceFactory: true);
            }

            if (current is ILocalFunctionOperation { Symbol: { } localFunction } && _methodGroups.RegistrationOf(localFunction, default) is { } methodGroup)
            {
                return MethodGroupHandler(methodGroup);
            }
        }

        return containingSymbol is IMethodSymbol method ? HandlerOf(method, configuration) : null;
    }

    public bool IsRequestHandler(IMethodSymbol method, BurstConfiguration configuration) => Classify(method, configuration).IsRequestHandler;

    /// <summary>
    /// Whether <paramref name="type"/>, deriving from a base controller, runs the base's public methods as its own
    /// actions: a public, top-level, concrete, non-generic class not marked <c>[NonController]</c> (what MVC discovers).
    /// </summary>
    public bool RunsInheritedActions(INamedTypeSymbol type)
        => type is { TypeKind: TypeKind.Class, IsAbstract: false, IsStatic: false, ContainingType: null, DeclaredAccessibility: Accessibility.Public }
            && type.TypeParameters.IsEmpty
            && !type.HasInherited(_symbols.MvcNonController);

    /// <summary>The handler <paramref name="method"/> is, unless offloaded, under the options of its file; else null.</summary>
    public RequestHandler? HandlerOf(IMethodSymbol method, BurstConfiguration configuration) => Classify(method, configuration).Handler;

    /// <summary>
    /// Asked for every call in every method, so the answer (the handler's name included) is remembered per method,
    /// with the options it was found under: a method's code is in one file, so they are nearly always the same.
    /// </summary>
    private MethodHandler Classify(IMethodSymbol method, BurstConfiguration configuration)
    {
        // The driver delivers a method's operations together: the method asked for last is usually the one asked for.
        if (_last is { } last && ReferenceEquals(last.Method, method) && ReferenceEquals(last.Configuration, configuration))
        {
            return last;
        }

        if (!_handlerOfMethod.TryGetValue(method, out var known) || !ReferenceEquals(known.Configuration, configuration))
        {
            var isRequestHandler = ComputeIsFrameworkHandler(method) || UserDeclaredHandlers.IsHandler(method, configuration);
            var handler = isRequestHandler && !IsOffloaded(method) ? Describe(method) : (RequestHandler?)null;
            if (!isRequestHandler && _methodGroups.RegistrationOf(method, default) is { } registration)
            {
                isRequestHandler = true;
                handler = MethodGroupHandler(registration);
            }

            known = new MethodHandler(method, configuration, isRequestHandler, handler);
            _handlerOfMethod[method] = known;
        }

        _last = known;
        return known;
    }

    /// <summary>A handler method as messages name it: "OrdersController.Get", unless its framework names it its own way
    /// (<see cref="IHandlerFramework.DisplayName"/>: a view by its path, "Views/Home/Index.cshtml").</summary>
    private RequestHandler Describe(IMethodSymbol method) => Frameworks.Describe(method);

    /// <summary>Whether <paramref name="method"/> renders a Razor view or page (<see cref="RazorViews"/>).</summary>
    public bool IsViewRendering(IMethodSymbol method) => _views.IsRendering(method);

    /// <summary>A view component's synchronous Invoke (<see cref="ViewComponents"/>): MVC finds it by name and rejects a
    /// Task-returning Invoke, so its signature is the framework's.</summary>
    public bool IsSynchronousViewComponentInvoke(IMethodSymbol method) => _viewComponents.IsSynchronousInvoke(method);

    /// <summary>A server component's synchronous OnInitialized, OnParametersSet or OnAfterRender overriding ComponentBase's
    /// own (<see cref="BlazorComponents"/>): its async form is the framework's other way to write it.</summary>
    public bool IsSynchronousComponentLifecycle(IMethodSymbol method) => _blazor.IsSynchronousLifecycleOfComponentBase(method);

    /// <summary>A server component's handler that ComponentBase renders at the first incomplete await of
    /// (<see cref="BlazorComponents.RendersAtFirstAwait"/>).</summary>
    public bool RendersAtFirstAwait(IMethodSymbol method) => _blazor.RendersAtFirstAwait(method);

    /// <summary>Whether a registration passes <paramref name="method"/> as a request handler by method group.</summary>
    public bool IsRegisteredMethodGroup(IMethodSymbol method) => _methodGroups.RegistrationOf(method, default) is not null;

    /// <summary>A method registered by method group, named by its registration ("MapGet(\"/orders\")"); null when the
    /// registration is offloaded (its endpoint filter).</summary>
    private static RequestHandler? MethodGroupHandler(MethodGroupRegistrations.Registration registration)
        => registration.Offloaded ? null : new RequestHandler(registration.Display);

    /// <summary>
    /// Where [OffloadBlocking] makes BurstAnalyzers.Offload run this handler on its own threads — the one answer to
    /// "where does the offload runtime act", asked by the rules (is the handler offloaded?) and by the offload fix (where
    /// does the attribute go?). The method itself for MVC actions (the attribute is their filter, on the action or the
    /// controller), SignalR hub methods (the hub filter; not connection callbacks or async streams) and, where
    /// BurstAnalyzers.Offload.SoapCore is referenced, System.ServiceModel operations; the page model class for Razor Pages
    /// handlers (a page filter, which Razor Pages takes from the class only). Null elsewhere (gRPC, CoreWCF, middleware,
    /// classic ASP.NET, handlers declared in .editorconfig), and without the offload package: nothing there honours the
    /// attribute, so it must not silence a warning — the blocking still starves the pool. Minimal API endpoints are
    /// offloaded by their endpoint filter instead (<see cref="OffloadMarkers"/>).
    /// </summary>
    public ISymbol? OffloadSite(IMethodSymbol method) => OffloadSite(method, out _);

    private ISymbol? OffloadSite(IMethodSymbol method, out bool soapCoreOperation)
    {
        soapCoreOperation = false;

        // Stryker disable once Block : without the attribute type no handler can carry the mark, so none is offloaded
        // either way, and the offload fix asks for the package itself
        if (!_offload.IsReferenced)
        {
            return null;
        }

        if (IsSoapCoreOperation(method))
        {
            soapCoreOperation = true;
            return method;
        }

        // The frameworks whose handlers the runtime moves: MVC actions, hub methods, Razor Pages handlers.
        return Frameworks.OffloadSite(method);
    }

    /// <summary>Whether this handler is marked where the offload runtime acts on the mark (<see cref="OffloadSite(IMethodSymbol)"/>).</summary>
    private bool IsOffloaded(IMethodSymbol method) => OffloadSite(method, out var soapCoreOperation) switch
    {
        // An operation's mark may also sit on its contract method: SoapCore's invoker reads both.
        IMethodSymbol operation when soapCoreOperation => _offload.IsOffloadedOperation(operation),
        IMethodSymbol handler => _offload.IsOffloaded(handler),
        INamedTypeSymbol page => _offload.IsOffloaded(page),
        _ => false,
    };

    /// <summary>
    /// An operation of a System.ServiceModel contract, in a project that references BurstAnalyzers.Offload.SoapCore, whose
    /// invoker runs it on SoapCore. CoreWCF contracts are not: CoreWCF has its own dispatcher, which that invoker never sees.
    /// </summary>
    public bool IsSoapCoreOperation(IMethodSymbol operation)
    {
        if (!_soapCoreOffload || _symbols.ServiceModelServiceContract is not { } serviceModelContract || !Wcf.IsOperation(operation))
        {
            return false;
        }

        if (operation.ContainingType.Has(serviceModelContract))
        {
            return true;
        }

        foreach (var contract in operation.ContainingType.AllInterfaces)
        {
            if (contract.Has(serviceModelContract))
            {
                foreach (var member in contract.GetMembers())
                {
                    if (SymbolEqualityComparer.Default.Equals(operation.ContainingType.FindImplementationForInterfaceMember(member), operation))
                    {
                        return true;
                    }
                }
            }
        }

        return false;
    }

    private bool ComputeIsFrameworkHandler(IMethodSymbol method)
    {
        // Hosted services run in the background, never on a request thread, whatever they are named. (Per type: the
        // interfaces of a type are a new array at every request.)
        if (method.ContainingType is not { } type || _isHostedService.GetOrAdd(type, _computeIsHostedService))
        {
            return false;
        }

        return Frameworks.IsHandler(method);
    }

    /// <summary>What <see cref="Classify"/> found for a method, and under which options.</summary>
    private sealed class MethodHandler
    {
        public MethodHandler(IMethodSymbol method, BurstConfiguration configuration, bool isRequestHandler, RequestHandler? handler)
        {
            Method = method;
            Configuration = configuration;
            IsRequestHandler = isRequestHandler;
            Handler = handler;
        }

        public IMethodSymbol Method { get; }

        public BurstConfiguration Configuration { get; }

        public bool IsRequestHandler { get; }

        public RequestHandler? Handler { get; }
    }
}
