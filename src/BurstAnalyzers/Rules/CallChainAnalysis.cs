using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Threading;
using BurstAnalyzers.Baseline;
using BurstAnalyzers.Blocking;
using BurstAnalyzers.CallGraph;
using BurstAnalyzers.CrossProject;
using BurstAnalyzers.FactsFiles;
using BurstAnalyzers.Handlers;
using BurstAnalyzers.Internals;
using BurstAnalyzers.Options;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Rules;

/// <summary>
/// The per-compilation work of <see cref="CallChainAnalyzer"/>, the scheduling half: which calls are handler calls and
/// when each is judged; <see cref="CallChainResolver"/> says what it runs and whether that blocks. For each call: first
/// whether it runs a method of this compilation at all (a symbol comparison), then whether it sits in a request
/// handler, and only then the callee's summary, computed once per compilation for all handlers. The call is reported
/// through its first target, in source order, whose shortest chain fits the depth limit of the call's file.
/// <para>
/// When is the summary computed? Analysing one file (an IDE editing a document), at the call: the callees' bodies are
/// in other files the driver will not deliver, so they are bound here. Analysing the whole compilation (a build),
/// the driver delivers every method body anyway, in an order of its own; binding a callee ahead of it would only
/// move that work into this analyzer. So there the call waits for the end of the compilation, and the callees' facts
/// are read from the operation blocks as the driver delivers them.
/// </para>
/// <para>
/// What one editor request learns is lost to the next unless kept outside the compilation (docs/architecture.md, "Kept across keystrokes"): the overrides and implementations of a called method are looked up by name among the
/// types that may derive from its type, not indexed for the whole compilation (<see cref="CallTargets"/>), and the
/// callees' facts are kept with their syntax trees for the next compilation that binds them the same way
/// (<see cref="FactsAcrossCompilations"/>).
/// </para>
/// </summary>
internal sealed class CallChainAnalysis
{
    private readonly RequestHandlerModel _handlers;
    private readonly CallChainResolver _chains;
    private readonly ResponseValues _responses;
    private readonly ModelValidation _validation;
    private readonly WithheldChainFix _withheld;
    private readonly HandlersInOtherProjects _handlersElsewhere;
    private readonly ConcurrentQueue<PendingCall> _pending = new();
    private readonly ConcurrentQueue<PendingOpenCall> _pendingOpen = new();
    private readonly ConcurrentQueue<PendingRegistration> _pendingRegistrations = new();
    private readonly ConcurrentDictionary<string, bool> _projectsWithoutPackage = new(System.StringComparer.Ordinal);

    // A call into another project may come back here through several of its open calls: reported once, at the first.
    private readonly ConcurrentDictionary<Location, bool> _reportedThrough = new();
    private volatile bool _wholeCompilation;
    private volatile bool _oneDocument;
    private SyntaxTree? _offeredTree;

    public CallChainAnalysis(RequestHandlerModel handlers, Compilation compilation, AnalyzerOptions options)
    {
        _handlers = handlers;
        _chains = new CallChainResolver(handlers, compilation, options.AnalyzerConfigOptionsProvider, options.AdditionalFiles, () => _wholeCompilation, () => _oneDocument);
        _responses = handlers.Responses;
        _validation = handlers.Frameworks.Get<ModelValidation>();
        _withheld = new WithheldChainFix(compilation, options.AnalyzerConfigOptionsProvider, () => handlers.Frameworks.AnyPresent);
        _handlersElsewhere = new HandlersInOtherProjects(compilation, handlers, _chains.Carried);
    }

    /// <summary>
    /// Learns whether the whole compilation is being analysed (no filter tree). Until the first named type is seen,
    /// calls are judged at once, which is right in every case, only slower.
    /// </summary>
    public void ObserveScope(SymbolAnalysisContext context)
    {
        if (context.FilterTree is null)
        {
            _wholeCompilation = true;
        }
    }

    public void CaptureFacts(OperationBlockAnalysisContext context)
    {
        // Generated code's facts, when a chain reaches it, are bound from its syntax like an editor's.
        if (!_wholeCompilation || context.IsGeneratedCode)
        {
            return;
        }

        _chains.CaptureFacts(context.OwningSymbol, context.OperationBlocks);
    }

    public void ReportPending(CompilationAnalysisContext context)
    {
        // Once per project, in name order: the same report on every build.
        var projects = new List<string>(_projectsWithoutPackage.Keys);
        projects.Sort(System.StringComparer.Ordinal);
        foreach (var project in projects)
        {
            context.ReportDiagnostic(Diagnostic.Create(RuleDescriptors.ProjectWithoutPackage, Location.None, project));
        }

        while (_pendingOpen.TryDequeue(out var open))
        {
            ReportOpen(context.ReportDiagnostic, context.Compilation, open, context.CancellationToken);
        }

        while (_pendingRegistrations.TryDequeue(out var registration))
        {
            ReportRegistration(context.ReportDiagnostic, context.Compilation, registration, context.CancellationToken);
        }

        while (_pending.TryDequeue(out var call))
        {
            if (_chains.FirstBlockingTarget(call.Called, call.Configuration, context.CancellationToken) is { } callee
                && _chains.Summaries.ChainFrom(callee, call.Location, context.CancellationToken, call.Called.Via, call.Called.First ?? call.Called.Second) is { } chain
                && (call.Called.Via is null || _reportedThrough.TryAdd(call.Location, true)))
            {
                var reached = _chains.ReachedSites(call.Called, call.Configuration, context.CancellationToken);
                context.ReportDiagnostic(ChainDiagnostic(context.Compilation, call.Location, call.Handler, call.Start, chain, call.InServiceFactory, reached));
            }
        }
    }

    public void AnalyzeInvocation(OperationAnalysisContext context)
    {
        var invocation = (IInvocationOperation)context.Operation;
        if (_chains.SourceTarget(invocation) is not { } target)
        {
            AnalyzeCallIntoOtherProject(context, invocation);
            return;
        }

        if (FindHandler(context, out var configuration) is not { } handler
            || (target.MethodKind == MethodKind.LocalFunction && IsHandlerCode(target, invocation, context.ContainingSymbol, configuration)))
        {
            return;
        }

        Check(context, invocation, new CalledMethods(target, invocation.IsVirtual), handler, configuration);
    }

    /// <summary>
    /// A registration here that binds a blocking implementation into request handlers of another project, which call
    /// its service but cannot see the implementation (<see cref="HandlersInOtherProjects"/>: the API library's
    /// controllers, the infrastructure library's store, only this host references both; or the store declared in this
    /// host, which no library can reference). Reported once at the registration, the line that sends every one of those
    /// requests into the blocking code: the first handler's route in the message, its call and the blocking call as
    /// related locations, the other handlers it reaches counted and their calls listed. No fix is offered here (the
    /// handler's code is in another project; its own build sees no route). An implementation declared here is judged
    /// like a handler's call into it: at once in an editor, at the end of a build, when its facts are in. A registration
    /// another project makes inside a method this one calls (<c>services.AddInfrastructure()</c>) is reported at that call.
    /// </summary>
    public void AnalyzeRegistration(OperationAnalysisContext context)
    {
        var invocation = (IInvocationOperation)context.Operation;
        // Most calls are no registration: that answer is a look at the method's name and namespace. Generated code is
        // analysed for Razor views only; a generator's registrations are not the user's lines.
        if (context.IsGeneratedCode || invocation.Syntax.SyntaxTree is not { } tree)
        {
            return;
        }

        if (ServiceBindings.BindingOf(invocation) is { } binding)
        {
            if (_handlersElsewhere.AnyOtherProject)
            {
                AnalyzeRegistration(context, invocation.Syntax.GetLocation(), tree, binding.Service, binding.Implementation.OriginalDefinition, ServiceBindings.FileName(tree.FilePath), registrar: null);
            }

            return;
        }

        // services.AddInfrastructure(): the other project registers inside it, and this call is where it happens for
        // this application (the other project's build cannot see the handlers).
        var method = invocation.TargetMethod.ReducedFrom ?? invocation.TargetMethod;
        if (!method.IsStatic
            || !_handlersElsewhere.AnyOtherProject
            || method.ContainingAssembly is not { } assembly
            || !_chains.Carried.MayBeOtherProject(assembly)
            || _chains.Bindings.RegisteredBy(method) is not { } registrations)
        {
            return;
        }

        foreach (var (serviceId, implementationId, place, construction) in registrations)
        {
            // A per-entity registration names the construction it binds (IRepository<Order>), not only its definition.
            if (ServiceConstructions.Resolve(serviceId, construction, context.Compilation) is { } service
                && DocumentationCommentId.GetFirstSymbolForDeclarationId(implementationId, context.Compilation) is INamedTypeSymbol implementation)
            {
                AnalyzeRegistration(context, invocation.Syntax.GetLocation(), tree, service, implementation.OriginalDefinition, place, assembly);
            }
        }
    }

    private void AnalyzeRegistration(OperationAnalysisContext context, Location location, SyntaxTree tree, INamedTypeSymbol service, INamedTypeSymbol implementation, string place, IAssemblySymbol? registrar)
    {
        var configuration = ConfigurationOf(context, tree);
        if (_handlersElsewhere.Through(service, configuration) is not { } calls)
        {
            return;
        }

        var registration = new PendingRegistration(location, implementation, calls, configuration, place, registrar);
        if (_wholeCompilation && SymbolEqualityComparer.Default.Equals(implementation.ContainingAssembly, context.Compilation.Assembly))
        {
            _pendingRegistrations.Enqueue(registration);
            return;
        }

        ReportRegistration(context.ReportDiagnostic, context.Compilation, registration, context.CancellationToken);
    }

    private void ReportRegistration(Action<Diagnostic> report, Compilation compilation, PendingRegistration registration, CancellationToken cancellationToken)
    {
        var configuration = registration.Configuration;
        OpenHandlerCall? first = null;
        string? firstRoute = null;
        ImmutableArray<Location> firstLocations = default;
        string? firstProject = null;
        List<Location>? others = null;
        Dictionary<IMethodSymbol, HashSet<INamedTypeSymbol>>? otherHandlers = null;
        var otherCount = 0;
        foreach (var call in registration.Calls)
        {
            // A registrar that sees the handler's project reported this at its own registration, in its own build.
            if (CallTargets.RunsFor(registration.Implementation, call.Called) is not { } target
                || Sees(call.Method.ContainingAssembly, target.ContainingAssembly)
                || (registration.Registrar is { } registrar && Sees(registrar, call.Method.ContainingAssembly)))
            {
                continue;
            }

            if (first is null)
            {
                if (!RouteThrough(call, target, registration, compilation, cancellationToken, out firstRoute, out firstLocations))
                {
                    continue;
                }

                (first, firstProject) = (call, target.ContainingAssembly.Name);
                continue;
            }

            if (!RouteThrough(call, target, registration, compilation, cancellationToken, out _, out _))
            {
                continue;
            }

            // A generic base's call is one place however many classes run it.
            if (call.Item.Location is { } otherCall && !otherCall.Equals(first.Item.Location) && (others is null || !others.Contains(otherCall)))
            {
                (others ??= new List<Location>()).Add(otherCall);
            }

            // A generic base's action counts once per class that runs it (CustomersController.Get, VipController.Get).
            if (!SymbolEqualityComparer.Default.Equals(call.Method, first.Method) || !SymbolEqualityComparer.Default.Equals(call.RunBy, first.RunBy))
            {
                otherHandlers ??= new Dictionary<IMethodSymbol, HashSet<INamedTypeSymbol>>(SymbolEqualityComparer.Default);
                if (!otherHandlers.TryGetValue(call.Method, out var classes))
                {
                    otherHandlers.Add(call.Method, classes = new HashSet<INamedTypeSymbol>(SymbolEqualityComparer.Default));
                }

                if (classes.Add(call.RunBy))
                {
                    otherCount++;
                }
            }
        }

        if (first is null || firstRoute is null || firstProject is null)
        {
            return;
        }

        var location = registration.Location;
        var additional = new List<Location>();
        if (first.Item.Location is { } handlerCall)
        {
            additional.Add(handlerCall);
        }

        if (others is not null)
        {
            additional.AddRange(others);
        }

        additional.AddRange(firstLocations);

        // The member is named with its project where the handler's project is another one, as on any call into a project.
        var member = first.Called.ContainingAssembly is { } declaring && !string.Equals(declaring.Name, first.Method.ContainingAssembly.Name, System.StringComparison.Ordinal)
            ? "[" + declaring.Name + "] " + MethodNames.Of(first.Called)
            : MethodNames.Of(first.Called);
        var route = first.Item.Text + " \u2192 " + member + " \u21D2 " + firstRoute + (otherCount switch
        {
            0 => "",
            1 => " (and 1 more request handler through this registration)",
            var count => " (and " + count.ToString(System.Globalization.CultureInfo.InvariantCulture) + " more request handlers through this registration)",
        });
        var properties = ImmutableDictionary<string, string?>.Empty
            .Add(HandlerProjectProperty, first.Method.ContainingAssembly.Name)
            .Add(BlockingChain.CarriedFromProperty, firstProject);
        report(Diagnostic.Create(
            RuleDescriptors.BlockingCallChain, location, additional, FindingIdentity.Properties(location, properties), first.Handler.DisplayName, route));
    }

    /// <summary>
    /// The way from the registered implementation's method <paramref name="target"/> to a blocking call, as the message
    /// shows it after "⇒" ("[Shop.Infrastructure] SqlOrderStore.Load (registered in Web.cs) → Thread.Sleep"), and its
    /// places after the handler's call (the hops' calls, the blocking call last); false when it does not block within
    /// the depth limit with the handler's own hops before it. The method's chain comes with its project's chains file,
    /// or, declared here, from this compilation's call graph.
    /// </summary>
    private bool RouteThrough(OpenHandlerCall call, IMethodSymbol target, PendingRegistration registration, Compilation compilation, CancellationToken cancellationToken, out string route, out ImmutableArray<Location> locations)
    {
        var configuration = registration.Configuration;
        (route, locations) = ("", ImmutableArray<Location>.Empty);
        if (!_chains.Targets.IsInSource(target))
        {
            if (_chains.Carried.Of(target, configuration) is not { } carried || call.Item.Depth + carried.Depth > configuration.MaxCallDepth)
            {
                return false;
            }

            route = CarriedImplementations.WithPlace(carried.Text, registration.Place.Length > 0 ? registration.Place : null);
            locations = carried.Location is { } blocking ? ImmutableArray.Create(blocking) : ImmutableArray<Location>.Empty;
            return true;
        }

        if ((!configuration.ExcludedApis.IsEmpty && configuration.ExcludedApis.Contains(target))
            || _chains.Summaries.Get(target, cancellationToken) is not { Blocks: true } summary
            || call.Item.Depth + summary.Depth > configuration.MaxCallDepth
            || _chains.Summaries.ChainFrom(target, registration.Location, cancellationToken, via: null, called: call.Called) is not { } chain)
        {
            return false;
        }

        route = chain.DescribeCarried(compilation.AssemblyName ?? target.ContainingAssembly.Name);
        locations = chain.AdditionalLocations();
        return true;
    }

    /// <summary>A registration whose implementation is declared here, waiting for the end of a build.</summary>
    private sealed class PendingRegistration
    {
        public PendingRegistration(Location location, INamedTypeSymbol implementation, List<OpenHandlerCall> calls, BurstConfiguration configuration, string place, IAssemblySymbol? registrar)
        {
            Registrar = registrar;
            Location = location;
            Implementation = implementation;
            Calls = calls;
            Configuration = configuration;
            Place = place;
        }

        public Location Location { get; }

        public INamedTypeSymbol Implementation { get; }

        public List<OpenHandlerCall> Calls { get; }

        public BurstConfiguration Configuration { get; }

        /// <summary>The other project whose method this call runs makes the registration; null where it is made here.</summary>
        public IAssemblySymbol? Registrar { get; }

        /// <summary>Where the registration is, as the message names it: its file ("Web.cs"), or another project's
        /// ("DependencyInjection.cs of Shop.Infrastructure", registered inside the method called here); "" where unnamed.</summary>
        public string Place { get; }
    }

    /// <summary>The property of a report made at a registration for another project's handler: that project's name. The
    /// fixes leave it alone (the handler and the chain are elsewhere).</summary>
    public const string HandlerProjectProperty = "HandlerProject";

    /// <summary>Whether a project sees an assembly: its own, or one it references (by name: in an editor the two are
    /// symbols of different compilations).</summary>
    private static bool Sees(IAssemblySymbol project, IAssemblySymbol assembly)
    {
        if (string.Equals(project.Name, assembly.Name, System.StringComparison.Ordinal))
        {
            return true;
        }

        foreach (var module in project.Modules)
        {
            foreach (var referenced in module.ReferencedAssemblySymbols)
            {
                if (string.Equals(referenced.Name, assembly.Name, System.StringComparison.Ordinal))
                {
                    return true;
                }
            }
        }

        return false;
    }

    /// <summary>
    /// A handler's own code that enumerates an EF Core query (BURST003): over a DbSet where the direct rules cannot
    /// tell (a <c>foreach</c>, a new list), or over what a call returns that is one (a repository's <c>Table</c>, a
    /// service's query). The query runs right here, on the request thread.
    /// </summary>
    public void AnalyzeQuerySink(OperationAnalysisContext context)
    {
        var operation = context.Operation;
        var queries = _chains.Verdict.Queries;
        if (queries.SinkOf(operation, out var sink) is not { } source)
        {
            AnalyzeSerializedQuery(context);
            return;
        }

        if (FindHandler(context, out var configuration) is not { } handler
            || _chains.Verdict.IsJudgedDirectly(operation, configuration))
        {
            return;
        }

        var location = (operation is IForEachLoopOperation ? source : operation).Syntax.GetLocation();
        ReportQueryRun(context, source, sink, location, handler, configuration);
    }

    /// <summary>
    /// A handler's response that serializes a query composed in memory (<c>Ok(service.All().OrderBy(x =&gt; x.Name))</c>
    /// over an EF Core query handed out as <c>IEnumerable&lt;T&gt;</c>): the output formatter enumerates it
    /// synchronously after the handler returns, and the query runs then, on the request thread (BURST003, at the value).
    /// The query object itself is not reported: the formatters buffer it asynchronously (<see cref="ResponseValues"/>).
    /// </summary>
    private void AnalyzeSerializedQuery(OperationAnalysisContext context)
    {
        var operation = context.Operation;
        var queries = _chains.Verdict.Queries;
        if (_responses.RenderedModelOf(operation) is { } model)
        {
            if (queries.MayHoldQuery(model.Unwrap()?.Type) && FindHandler(context, out var viewConfiguration) is { } viewHandler)
            {
                ReportQueryRun(context, model, ViewRenderingSink, (model.Unwrap() ?? model).Syntax.GetLocation(), viewHandler, viewConfiguration);
            }

            return;
        }

        if (_responses.SerializedBy(operation, context.ContainingSymbol) is not { } value
            || !queries.MayHoldQuery(value.Unwrap()?.Type)
            || FindHandler(context, out var configuration) is not { } handler)
        {
            return;
        }

        var root = operation;
        while (root.Parent is { } parent)
        {
            root = parent;
        }

        if (queries.InMemoryComposition(value, root) is { } composed)
        {
            ReportQueryRun(context, composed, ResponseSerializationSink, (value.Unwrap() ?? value).Syntax.GetLocation(), handler, configuration);
        }
    }

    // How a report names the enumeration the response's serializer does.
    private const string ResponseSerializationSink = "the response's serialization";

    // How a report names the enumeration a view does of its model.
    private const string ViewRenderingSink = "the view's rendering";


    /// <summary>BURST003 where <paramref name="source"/>, enumerated by <paramref name="sink"/>, comes from an EF Core
    /// query: a DbSet here, or a call whose query the call graph traces to one.</summary>
    private void ReportQueryRun(OperationAnalysisContext context, IOperation source, string sink, Location location, RequestHandler handler, BurstConfiguration configuration)
    {
        var queries = _chains.Verdict.Queries;
        var root = context.Operation;
        while (root.Parent is { } parent)
        {
            root = parent;
        }

        var origins = new List<QueryOrigin>();
        queries.OriginsOf(source, root, origins);
        foreach (var origin in origins)
        {
            string? from = null;
            if (!origin.IsEntity && (from = QueryFrom(origin, sink, configuration, context.CancellationToken)) is null)
            {
                continue;
            }

            var call = from is null ? sink + " over an EF Core query" : sink + " over the EF Core query from " + from;
            var instead = sink switch
            {
                "foreach" => "await foreach over the query's AsAsyncEnumerable(), or await its ToListAsync()",
                ResponseSerializationSink => "await the query's ToListAsync() before composing it in memory, or return the query itself",
                ViewRenderingSink => "await the query's ToListAsync() and hand the view the list",
                _ when sink.StartsWith("new ", System.StringComparison.Ordinal) => "await the query's ToListAsync()",
                _ => "await " + sink.Substring(sink.IndexOf('.') + 1) + "Async (EF Core)",
            };
            var properties = ImmutableDictionary<string, string?>.Empty.Add(DeferredQueries.EnumeratedQueryProperty, from ?? "");
            if (sink is ResponseSerializationSink or ViewRenderingSink)
            {
                properties = properties.Add(ResponseValues.SerializedProperty, sink == ViewRenderingSink ? ResponseValues.RenderedByView : "");
            }

            context.ReportDiagnostic(Diagnostic.Create(RuleDescriptors.SyncIo, location, FindingIdentity.Properties(location, properties), call, handler.DisplayName, instead));
            return;
        }
    }

    /// <summary>
    /// How a handler's enumeration names the EF Core query it runs, when what <paramref name="origin"/> returns is one:
    /// a method of this compilation ("OrderService.OpenOrders"), another project's that its build says returns one
    /// ("[Shop.Data] OrderRepository.Open"), or another project's that returns what a member implemented here returns
    /// ("[Shop.Services] OrderService.Open → IRepository.Table ⇒ [Shop.Web] EfRepository.Table"); null otherwise.
    /// </summary>
    private string? QueryFrom(QueryOrigin origin, string sink, BurstConfiguration configuration, CancellationToken cancellationToken)
    {
        if (_chains.Targets.QuerySourceOf(origin, configuration) is { } called)
        {
            return _chains.Summaries.Queries.ReturnsQuery(called, cancellationToken) ? MethodNames.Of(called.Called) : null;
        }

        var definition = CallTargets.Definition(origin.Called!);
        if (_chains.Implementations.QueryFrom(definition, CallTargets.IsVirtualCall(origin.Operation), configuration) is { } fromElsewhere)
        {
            return fromElsewhere;
        }

        var sinks = new List<QuerySink>();
        _chains.Closing.Close(definition, origin.Operation.Syntax, configuration, sink, new List<SourceCall>(), sinks, unclosed: null);
        foreach (var closed in sinks)
        {
            if (closed.Via is { } via && _chains.Summaries.Queries.FirstReturning(closed.Source, cancellationToken) is { } returning)
            {
                return via.Text + " \u2192 " + MethodNames.Of(closed.Source.Called) + " \u21D2 [" + returning.ContainingAssembly.Name + "] "
                    + MethodNames.Of(returning, _chains.Targets.RegisteredIn(closed.Source.Called, returning));
            }
        }

        return null;
    }

    /// <summary>
    /// A handler's call to a method of another project of the solution whose chain goes on there
    /// (<see cref="CarriedChains"/>): reported at the call, the whole chain in the message. Nothing waits for the end
    /// of the compilation: the chain is known already.
    /// </summary>
    private void AnalyzeCallIntoOtherProject(OperationAnalysisContext context, IInvocationOperation invocation)
    {
        // Most calls go into the framework and packages: that answer needs no handler look-up.
        if (invocation.TargetMethod.MethodKind == MethodKind.DelegateInvoke
            || invocation.TargetMethod.ContainingAssembly is not { } callee
            || !_chains.Carried.MayBeOtherProject(callee)
            || FindHandler(context, out var configuration) is not { } handler)
        {
            return;
        }

        var definition = CallTargets.Definition(invocation.TargetMethod);
        if (_chains.Implementations.ChainOf(definition, invocation.IsVirtual, configuration, out var implementation) is not { } carried)
        {
            if (_chains.Carried.IsProjectWithoutPackage(callee))
            {
                _projectsWithoutPackage.TryAdd(callee.Name, true);
            }

            CloseOpenCalls(context, invocation, definition, handler, configuration);
            return;
        }

        if (carried.Depth > configuration.MaxCallDepth
            || _chains.Verdict.IsJudgedDirectly(invocation, configuration))
        {
            return;
        }

        var location = invocation.Syntax.GetLocation();
        var end = new ChainEnd(carried.Rule, carried.Text, location, onPool: null, carriedHops: carried.Depth, carriedFrom: implementation.ContainingAssembly.Name, carriedLocation: carried.Location);
        var chain = new BlockingChain(ImmutableArray<CallHop>.Empty, end);
        var reached = ImmutableArray.CreateRange(_chains.Carried.SitesOf(implementation));
        context.ReportDiagnostic(ChainDiagnostic(context.Compilation, location, handler.DisplayName, StartName(invocation, context.ContainingSymbol, handler), chain, handler.IsServiceFactory, reached));
    }

    /// <summary>
    /// Where this project applies a validation attribute whose IsValid another project of the solution declares (the
    /// attribute's own class, or a base class it inherits IsValid from): model validation runs it on the request thread
    /// of every request that binds the member, so a chain carried from that project is reported at the application (an
    /// IsValid declared here is a handler itself, <see cref="ModelValidation"/>). On properties and classes, and on the
    /// parameters of request handlers (an action's); not on fields, which MVC does not validate.
    /// </summary>
    public void AnalyzeValidationAttributes(SymbolAnalysisContext context)
    {
        if (!_validation.IsPresent)
        {
            return;
        }

        var symbol = context.Symbol;
        switch (symbol)
        {
            case IPropertySymbol or INamedTypeSymbol:
                CheckValidationAttributes(context, symbol);
                break;
            case IMethodSymbol { MethodKind: MethodKind.Ordinary, Parameters.IsEmpty: false } method
                when !method.Locations.IsEmpty && method.Locations[0].SourceTree is { } tree:
                if (_handlers.IsRequestHandler(method, _handlers.Configuration.For(context.Options.AnalyzerConfigOptionsProvider, tree)))
                {
                    foreach (var parameter in method.Parameters)
                    {
                        CheckValidationAttributes(context, parameter);
                    }
                }

                break;
        }
    }

    private void CheckValidationAttributes(SymbolAnalysisContext context, ISymbol validated)
    {
        foreach (var attribute in validated.GetAttributes())
        {
            // Most attributes are the framework's ([Required], [HttpPost]): ruled out by their assembly first.
            if (attribute.AttributeClass is not { ContainingAssembly: { } assembly } type
                || (!SymbolEqualityComparer.Default.Equals(assembly, context.Compilation.Assembly) && !_chains.Carried.MayBeOtherProject(assembly))
                || attribute.ApplicationSyntaxReference is not { } application
                || !IsWrittenOn(validated, application)
                || _validation.ValidationRunOf(type) is not { } isValid
                || isValid.ContainingAssembly is not { } declaring
                || SymbolEqualityComparer.Default.Equals(declaring, context.Compilation.Assembly)
                || !_chains.Carried.MayBeOtherProject(declaring))
            {
                continue;
            }

            var syntax = application.GetSyntax(context.CancellationToken);
            var configuration = _handlers.Configuration.For(context.Options.AnalyzerConfigOptionsProvider, syntax.SyntaxTree);
            if (_chains.Implementations.ChainOf(CallTargets.Definition(isValid), virtualCall: false, configuration, out var implementation) is not { } carried
                || carried.Depth > configuration.MaxCallDepth)
            {
                continue;
            }

            var location = syntax.GetLocation();
            var end = new ChainEnd(carried.Rule, carried.Text, location, onPool: null, carriedHops: carried.Depth, carriedFrom: implementation.ContainingAssembly.Name, carriedLocation: carried.Location);
            var chain = new BlockingChain(ImmutableArray<CallHop>.Empty, end);
            var reached = ImmutableArray.CreateRange(_chains.Carried.SitesOf(implementation));
            var owner = validated is IParameterSymbol { ContainingSymbol: IMethodSymbol method } ? method.ContainingType : validated.ContainingType;
            var handler = "model validation of " + (owner is null || validated is INamedTypeSymbol ? "" : owner.Name + ".") + validated.Name;
            context.ReportDiagnostic(ChainDiagnostic(context.Compilation, location, handler, "[" + type.Name + "]", chain, inServiceFactory: false, reached));
        }
    }

    /// <summary>Whether the attribute is written on this declaration of <paramref name="symbol"/>: the parts of a
    /// partial member (and a record's parameter and its property) share their attributes, reported once, where written.</summary>
    private static bool IsWrittenOn(ISymbol symbol, SyntaxReference application)
    {
        foreach (var declaration in symbol.DeclaringSyntaxReferences)
        {
            if (declaration.SyntaxTree == application.SyntaxTree && declaration.Span.Contains(application.Span))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// A handler's call to another project's method whose chain comes back here: through interface or virtual members it
    /// calls that this project implements, or over what such a member returns, enumerated there. Judged at once in an
    /// editor, at the end of a build (when the implementations' facts are in); reported once, through the shortest way,
    /// every blocking call of every way listed with it.
    /// </summary>
    private void CloseOpenCalls(OperationAnalysisContext context, IInvocationOperation invocation, IMethodSymbol definition, RequestHandler handler, BurstConfiguration configuration)
    {
        var open = new PendingOpenCall(invocation.Syntax, definition, handler.DisplayName, StartName(invocation, context.ContainingSymbol, handler), configuration, handler.IsServiceFactory);
        if (_wholeCompilation)
        {
            _pendingOpen.Enqueue(open);
            return;
        }

        ReportOpen(context.ReportDiagnostic, context.Compilation, open, context.CancellationToken);
    }

    private void ReportOpen(Action<Diagnostic> report, Compilation compilation, PendingOpenCall open, CancellationToken cancellationToken)
    {
        var calls = new List<SourceCall>();
        var sinks = new List<QuerySink>();
        _chains.Closing.Close(open.Definition, open.Syntax, open.Configuration, sink: null, calls, sinks, unclosed: null);
        BlockingChain? best = null;
        var bestDepth = int.MaxValue;
        var reached = ImmutableArray.CreateBuilder<Location>();
        var location = open.Syntax.GetLocation();
        foreach (var call in calls)
        {
            var called = new CalledMethods(call.Called, firstIsVirtual: true, via: call.Via);
            if (_chains.FirstBlockingTarget(called, open.Configuration, cancellationToken) is { } callee
                && _chains.Summaries.ChainFrom(callee, location, cancellationToken, call.Via, call.Called) is { } chain)
            {
                var depth = call.HopsBefore + _chains.Summaries.Get(callee, cancellationToken).Depth;
                if (depth < bestDepth)
                {
                    (best, bestDepth) = (chain, depth);
                }

                reached.AddRange(_chains.ReachedSites(called, open.Configuration, cancellationToken));
            }
        }

        foreach (var sink in sinks)
        {
            if (sink.Via is { Returned: false } via && via.Depth <= open.Configuration.MaxCallDepth
                && _chains.Summaries.Queries.FirstReturning(sink.Source, cancellationToken) is { } returning)
            {
                var end = _chains.Summaries.QueryEnd(sink, returning);
                if (via.Depth < bestDepth)
                {
                    (best, bestDepth) = (new BlockingChain(ImmutableArray<CallHop>.Empty, end), via.Depth);
                }

                reached.Add(end.CarriedLocation ?? end.Location);
            }
        }

        if (best is not null && _reportedThrough.TryAdd(location, true))
        {
            report(ChainDiagnostic(compilation, location, open.Handler, open.Start, best, open.InServiceFactory, reached.ToImmutable()));
        }
    }

    /// <summary>A handler's call into another project whose open calls this one closes, waiting for the end of a build.</summary>
    private sealed class PendingOpenCall
    {
        public PendingOpenCall(SyntaxNode syntax, IMethodSymbol definition, string handler, string start, BurstConfiguration configuration, bool inServiceFactory)
        {
            Syntax = syntax;
            Definition = definition;
            Handler = handler;
            Start = start;
            Configuration = configuration;
            InServiceFactory = inServiceFactory;
        }

        public SyntaxNode Syntax { get; }

        public IMethodSymbol Definition { get; }

        public string Handler { get; }

        public string Start { get; }

        public BurstConfiguration Configuration { get; }

        public bool InServiceFactory { get; }
    }

    public void AnalyzeObjectCreation(OperationAnalysisContext context)
    {
        var creation = (IObjectCreationOperation)context.Operation;
        if (_chains.SourceTarget(creation) is not { } constructor || FindHandler(context, out var configuration) is not { } handler)
        {
            return;
        }

        Check(context, creation, new CalledMethods(constructor, firstIsVirtual: false), handler, configuration);
    }

    public void AnalyzePropertyReference(OperationAnalysisContext context)
    {
        var reference = (IPropertyReferenceOperation)context.Operation;
        var called = _chains.Accessors(reference);
        if (called.IsEmpty || FindHandler(context, out var configuration) is not { } handler || reference.IsInNameOf())
        {
            return;
        }

        Check(context, reference, called, handler, configuration);
    }

    /// <summary>A call in handler code to methods of this compilation: judged now, or at the end of the compilation.</summary>
    private void Check(OperationAnalysisContext context, IOperation call, CalledMethods called, RequestHandler handler, BurstConfiguration configuration)
    {
        if (!_wholeCompilation)
        {
            Judge(context, call, called, handler, configuration);
            return;
        }

        // Decided now, while the operation is at hand: the end of the compilation keeps no operation trees.
        if (!_chains.Verdict.IsJudgedDirectly(call, configuration))
        {
            _pending.Enqueue(new PendingCall(
                call.Syntax.GetLocation(), called, handler.DisplayName, StartName(call, context.ContainingSymbol, handler), configuration, handler.IsServiceFactory));
        }
    }

    private void Judge(OperationAnalysisContext context, IOperation call, CalledMethods called, RequestHandler handler, BurstConfiguration configuration)
    {
        // Analysing one document (an editor; judged at once only then, see Check): facts bound on demand are worth
        // keeping for the next compilation, and the document's own methods are bound already, on the driver's model.
        _oneDocument = true;
        if (!ReferenceEquals(_offeredTree, context.FilterTree))
        {
            _offeredTree = context.FilterTree;
            _chains.Bodies.Offer(call.SemanticModel);
        }

        // A call the direct rules judge (Thread.Sleep, a listed API, sync I/O with an async twin) is theirs to report.
        if (_chains.FirstBlockingTarget(called, configuration, context.CancellationToken) is not { } callee || _chains.Verdict.IsJudgedDirectly(call, configuration))
        {
            return;
        }

        var location = call.Syntax.GetLocation();
        if (_chains.Summaries.ChainFrom(callee, location, context.CancellationToken, called.Via, called.First ?? called.Second) is { } chain
            && (called.Via is null || _reportedThrough.TryAdd(location, true)))
        {
            var reached = _chains.ReachedSites(called, configuration, context.CancellationToken);
            context.ReportDiagnostic(ChainDiagnostic(context.Compilation, location, handler.DisplayName, StartName(call, context.ContainingSymbol, handler), chain, handler.IsServiceFactory, reached));
        }
    }

    /// <summary>The report of a chain, with the other blocking calls the same call reaches (<paramref name="reached"/>)
    /// among its related locations, counted in the message and a property.</summary>
    private Diagnostic ChainDiagnostic(Compilation compilation, Location location, string handler, string start, BlockingChain chain, bool inServiceFactory, ImmutableArray<Location> reached)
    {
        location = Reportable(location, compilation);
        var additional = chain.AdditionalLocations(reached);
        for (var i = 0; i < additional.Length; i++)
        {
            if (Reportable(additional[i], compilation) is var reportable && !ReferenceEquals(reportable, additional[i]))
            {
                additional = additional.SetItem(i, reportable);
            }
        }

        var others = chain.OthersIn(reached);
        var description = chain.Describe(start) + (others switch
        {
            0 => "",
            1 => " (and 1 more blocking call behind the same call)",
            _ => " (and " + others.ToString(System.Globalization.CultureInfo.InvariantCulture) + " more blocking calls behind the same call)",
        });
        var properties = chain.Properties();
        if (others > 0)
        {
            properties = properties.Add(BlockingChain.OtherBlockingCallsProperty, others.ToString(System.Globalization.CultureInfo.InvariantCulture));
        }

        return inServiceFactory
            ? Diagnostic.Create(
                RuleDescriptors.ServiceFactory,
                location,
                additional,
                FindingIdentity.Properties(location, properties),
                description,
                handler,
                BlockingCallAnalysis.ServiceFactoryRemedy)
            : Diagnostic.Create(
                RuleDescriptors.BlockingCallChain,
                location,
                additional,
                FindingIdentity.Properties(location, properties),
                handler,
                description + _withheld.ReasonFor(chain));
    }

    /// <summary>A location a diagnostic of <paramref name="compilation"/> can carry. A chain into another project lists
    /// places in that project's source; in an editor they are in a referenced compilation's syntax trees, and Roslyn
    /// rejects a diagnostic with a source location outside the compilation it reports in (AD0001, the rule then off for
    /// the whole project). Those are given by path and span, as a build's chains file gives them.</summary>
    private static Location Reportable(Location location, Compilation compilation)
        => location.IsInSource && location.SourceTree is { } tree && !compilation.ContainsSyntaxTree(tree)
            ? Location.Create(tree.FilePath, location.SourceSpan, location.GetLineSpan().Span)
            : location;

    private RequestHandler? FindHandler(OperationAnalysisContext context, out BurstConfiguration configuration)
    {
        configuration = ConfigurationOf(context, context.Operation.Syntax.SyntaxTree);
        return _handlers.FindHandler(context.Operation, context.ContainingSymbol, configuration, context.IsGeneratedCode);
    }

    /// <summary>How the chain names the handler it starts in: the method's name ("GetQuote"), a local function's when it
    /// is registered by method group, or for a lambda registered as an endpoint its registration ("MapGet(\"/quote\")").</summary>
    private string StartName(IOperation call, ISymbol? containingSymbol, RequestHandler handler)
    {
        for (var current = call.Parent; current is not null; current = current.Parent)
        {
            if (current is IAnonymousFunctionOperation lambda && _handlers.Delegates.RegistrationOf(lambda) is { } registration)
            {
                return HandlerDelegates.Describe(registration);
            }

            if (current is IAnonymousFunctionOperation factory && _handlers.Factories.RegistrationOf(factory) is { } service)
            {
                return service.TargetMethod.Name + " factory";
            }

            if (current is ILocalFunctionOperation { Symbol: { } localFunction } && _handlers.IsRegisteredMethodGroup(localFunction))
            {
                return localFunction.Name;
            }
        }

        return containingSymbol is IMethodSymbol method && !_handlers.IsViewRendering(method) ? method.MemberName() : handler.DisplayName;
    }

    /// <summary>
    /// A local function declared in handler code is handler code: the direct rules and this one check its calls where
    /// they are, so calling it is no hop. One declared outside (in startup code around a registered lambda) is a hop.
    /// </summary>
    private bool IsHandlerCode(IMethodSymbol localFunction, IOperation call, ISymbol? containingSymbol, BurstConfiguration configuration)
    {
        var root = call;
        while (root.Parent is { } parent)
        {
            root = parent;
        }

        foreach (var operation in root.Descendants())
        {
            if (operation is ILocalFunctionOperation declaration && SymbolEqualityComparer.Default.Equals(declaration.Symbol, localFunction))
            {
                return _handlers.FindHandler(declaration, containingSymbol, configuration) is not null;
            }
        }

        return true;
    }

    private BurstConfiguration ConfigurationOf(OperationAnalysisContext context, SyntaxTree tree)
        => _handlers.Configuration.For(context.Options.AnalyzerConfigOptionsProvider, tree);
}
