using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Threading;
using BurstAnalyzers.Blocking;
using BurstAnalyzers.CrossProject;
using BurstAnalyzers.FactsFiles;
using BurstAnalyzers.Handlers;
using BurstAnalyzers.Internals;
using BurstAnalyzers.Options;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// Reads one method's body into its <see cref="MethodFacts"/>: one walk of its operations, stopping at the first
/// blocking call. Lambdas and local functions written inside it are not its own code until they run: a lambda invoked
/// in place is walked where it is invoked, and so is one passed to an API that runs it in place (LINQ to objects,
/// List.ForEach) or queues it to the pool (Task.Run, TaskFactory.StartNew, ThreadPool.QueueUserWorkItem: blocking
/// there holds another pool thread for each request); a local function is a call like any other; any other lambda (a
/// callback, an event handler) is left out. [OffloadBlocking] changes nothing here: it moves a handler only when the
/// framework invokes it, and a call from code runs the method on the caller's thread.
/// The options of the file a body is written in apply to it (excluded and additional APIs).
/// </summary>
internal sealed class MethodFactsBuilder
{
    private readonly MethodBodies _bodies;
    private readonly BlockingVerdict _blocking;
    private readonly CallTargets _targets;
    private readonly BurstConfigurationReader _configuration;
    private readonly AnalyzerConfigOptionsProvider _options;
    private readonly InitializerFacts _initializers;
    private readonly CarriedChains _carried;
    private readonly CarriedImplementations _implementations;

    private readonly bool _recordOpenCalls;
    private readonly OpenCallClosing _closing;

    // Blocking calls of one body kept beyond the first: a body with more is rare, and its report long enough.
    private const int MaxOtherBlocking = 31;

    // Every method body of the compilation is walked: the work lists are reused by the thread, not allocated per walk.
    [ThreadStatic]
    private static Collected? t_collected;

    public MethodFactsBuilder(
        MethodBodies bodies,
        InitializerFacts initializers,
        BlockingVerdict blocking,
        CallTargets targets,
        BurstConfigurationReader configuration,
        AnalyzerConfigOptionsProvider options,
        CarriedChains carried,
        CarriedImplementations implementations,
        OpenCallClosing closing,
        bool recordOpenCalls)
    {
        _recordOpenCalls = recordOpenCalls;
        _closing = closing;
        _carried = carried;
        _implementations = implementations;
        _bodies = bodies;
        _blocking = blocking;
        _targets = targets;
        _configuration = configuration;
        _options = options;
        _initializers = initializers;
    }

    /// <summary>Which methods a call may run, and which registration sent it there.</summary>
    public CallTargets Targets => _targets;

    /// <summary>Facts of a method the driver has not delivered (yet): its body is bound here, on its tree's model.</summary>
    public MethodFacts Build(IMethodSymbol method, CancellationToken cancellationToken) => Build(method, capturedConstructor: null, cancellationToken);

    /// <summary>As <see cref="Build(IMethodSymbol, CancellationToken)"/>, a constructor's own body read from the driver's
    /// blocks already (<see cref="FromConstructorBlocks"/>) when <paramref name="capturedConstructor"/> is given.</summary>
    public MethodFacts Build(IMethodSymbol method, CapturedConstructor? capturedConstructor, CancellationToken cancellationToken)
    {
        if (!_targets.IsInSource(method))
        {
            // Another project's implementation reached through its interface (CarriedImplementations): the query its
            // build says it returns. Its chains are carried to the call, not kept as facts of a body seen here.
            return _carried.ReturnsQuery(method, BurstConfiguration.Empty)
                ? MethodFacts.Of(null, ImmutableArray<ChainEnd>.Empty, ImmutableArray<SourceCall>.Empty, ImmutableArray<QuerySink>.Empty, new ReturnedQuery(true, ImmutableArray<QuerySource>.Empty), ImmutableArray<OpenCall>.Empty)
                : MethodFacts.None;
        }

        MethodFacts facts;
        bool runsInitializers;
        if (capturedConstructor is { } captured)
        {
            facts = captured.Body;
            runsInitializers = captured.RunsInitializers;
        }
        else
        {
            var roots = new List<IOperation>();
            runsInitializers = _bodies.CollectBody(method, roots, cancellationToken);
            facts = Walk(roots, localFunctions: null, method);
        }

        if (runsInitializers && facts.Blocking is null)
        {
            facts = WithInitializers(facts, method.ContainingType, cancellationToken);
        }

        // Last in body order: the base constructor runs first, but a chain through the body reads better.
        if (facts.Blocking is null
            && ConstructorChains.ImplicitBaseConstructor(method, cancellationToken) is { } baseConstructor
            && _targets.IsInSource(baseConstructor)
            && DeclarationOf(method, cancellationToken) is { } declaration)
        {
            facts = facts.WithCalls(facts.Calls.Add(new SourceCall(declaration, ImmutableArray.Create(baseConstructor), baseConstructor, virtualCall: false)));
        }

        return facts;
    }

    /// <summary>
    /// Facts of a method from the operation blocks the analyzer driver delivers (already bound: nothing to bind
    /// here). Its body block only: attributes and parameter defaults run no code of the method. The local functions
    /// declared in it are added to <paramref name="localFunctions"/>, for their own facts. Not for constructors, which
    /// also run their type's initializers (delivered with other symbols): those are built on demand.
    /// </summary>
    public MethodFacts FromBlocks(IMethodSymbol method, ImmutableArray<IOperation> blocks, List<ILocalFunctionOperation> localFunctions)
    {
        var roots = new List<IOperation>(1);
        foreach (var block in blocks)
        {
            if (block is IMethodBodyOperation or IBlockOperation)
            {
                roots.Add(block);
            }
        }

        return Walk(roots, localFunctions, method);
    }

    /// <summary>
    /// A constructor's own body from the blocks the driver delivers, walked as <see cref="MethodBodies.CollectBody"/>
    /// would bind it, so that its facts bind nothing again: in a build every constructor was bound a second time for the
    /// export's summaries. The initializers it runs and its implicit base constructor are added when its facts are asked
    /// (<see cref="Build(IMethodSymbol, CapturedConstructor, CancellationToken)"/>): initializers come with other
    /// symbols. Null where the blocks are not that body (a primary constructor, whose code is not followed; a partial
    /// constructor): its facts are then bound as before.
    /// </summary>
    public CapturedConstructor? FromConstructorBlocks(IMethodSymbol method, ImmutableArray<IOperation> blocks, List<ILocalFunctionOperation> localFunctions)
    {
        if (method.PartialDefinitionPart is not null || method.PartialImplementationPart is not null)
        {
            return null;
        }

        foreach (var block in blocks)
        {
            // The driver delivers the body block and the this(...) or base(...) call as blocks of their own (Roslyn 4.8
            // to 5.x); their parent is the operation binding the declaration gives, whole, with the driver's model.
            var root = block as IConstructorBodyOperation ?? block.Parent as IConstructorBodyOperation ?? block.Parent?.Parent as IConstructorBodyOperation;
            if (root is { Syntax: ConstructorDeclarationSyntax declaration }
                && (declaration.Body is not null || declaration.ExpressionBody is not null || declaration.Initializer is not null))
            {
                var chainsToThis = declaration.Initializer is { } initializer && initializer.ThisOrBaseKeyword.IsKind(SyntaxKind.ThisKeyword);
                var body = Walk(new List<IOperation>(1) { root }, localFunctions, method);
                return new CapturedConstructor(body, method.MethodKind == MethodKind.Constructor && !method.IsStatic && !chainsToThis);
            }
        }

        return null;
    }

    /// <summary>Facts of an instance field or property initializer delivered by the analyzer driver.</summary>
    public MethodFacts FromInitializer(IOperation initializer) => Walk(new List<IOperation>(1) { initializer }, localFunctions: null, method: null);

    /// <summary>Facts of a local function found while walking its container's blocks.</summary>
    public MethodFacts FromLocalFunction(ILocalFunctionOperation localFunction, List<ILocalFunctionOperation> nested)
        => localFunction.Body is { } body
            ? Walk(new List<IOperation>(1) { body }, nested, localFunction.Symbol)
            : MethodFacts.None;

    private MethodFacts Walk(List<IOperation> roots, List<ILocalFunctionOperation>? localFunctions, IMethodSymbol? method)
    {
        var collected = t_collected ?? new Collected();
        t_collected = null;
        try
        {
            Walk(roots, localFunctions, collected);
            var returns = collected.Blocking is null && method is not null && _blocking.Queries.MayHoldQuery(method.ReturnType)
                ? ReturnedQueryOf(roots, collected)
                : ReturnedQuery.None;
            return MethodFacts.Of(
                collected.Blocking,
                collected.OtherBlocking.ToImmutable(),
                collected.Calls.ToImmutable(),
                collected.Sinks.ToImmutable(),
                returns,
                collected.OpenCalls.ToImmutable());
        }
        finally
        {
            collected.Clear();
            t_collected = collected;
        }
    }

    /// <summary>The bodies' blocking calls, in order, their calls, sinks and open calls, collected. A blocking call's own
    /// operands are not walked: what it waits for is shown with it (a lambda queued to the pool).</summary>
    private void Walk(List<IOperation> roots, List<ILocalFunctionOperation>? localFunctions, Collected collected)
    {
        var pending = collected.Pending;
        foreach (var root in roots)
        {
            var configuration = _configuration.For(_options, root.Syntax.SyntaxTree);
            pending.Push(root);
            while (pending.Count > 0)
            {
                var operation = pending.Pop();
                BlockingCall? blocking = null;
                ChainEnd? carried = null;

                // By kind, not by type test: one virtual call instead of a cast attempt per case, for every operation.
                switch (operation.Kind)
                {
                    case OperationKind.LocalFunction:
                        localFunctions?.Add((ILocalFunctionOperation)operation);
                        continue;
                    case OperationKind.AnonymousFunction when _blocking.RunOf((IAnonymousFunctionOperation)operation) == DelegateRuns.Run.Elsewhere:
                    case OperationKind.NameOf:
                        continue;
                    case OperationKind.Invocation:
                        blocking = VisitInvocation((IInvocationOperation)operation, configuration, collected, out carried);
                        break;
                    case OperationKind.ObjectCreation when ((IObjectCreationOperation)operation).Constructor is { } constructor:
                        AddCall(collected, operation, constructor, virtualCall: false, configuration);
                        break;
                    case OperationKind.PropertyReference:
                        blocking = VisitPropertyReference((IPropertyReferenceOperation)operation, configuration, collected);
                        break;
                }

                var found = blocking is not null ? SiteOf(blocking, configuration) : carried;
                if (found is null
                    && operation.Kind is OperationKind.Invocation or OperationKind.Loop or OperationKind.ObjectCreation)
                {
                    found = VisitQuerySink(operation, root, configuration, collected);
                }

                if (found is not null)
                {
                    collected.Found(found);
                    if (operation.Kind != OperationKind.Loop)
                    {
                        continue;
                    }
                }

                foreach (var child in operation.ChildOperations.Reverse())
                {
                    pending.Push(child);
                }
            }
        }
    }

    /// <summary>
    /// An enumeration of a value that may be a query (<see cref="DeferredQueries"/>): over a DbSet read here, it runs the
    /// query now (returned, as a blocking call); over what a call returns, it runs one if that call returns an EF Core
    /// query — a method of this compilation (kept as a <see cref="QuerySink"/> for the call graph to decide), another
    /// project's that its build says returns one, or a member a project above may implement (an open call).
    /// </summary>
    private ChainEnd? VisitQuerySink(IOperation operation, IOperation root, BurstConfiguration configuration, Collected collected)
    {
        if (_blocking.Queries.SinkOf(operation, out var sink) is not { } source)
        {
            return null;
        }

        var origins = collected.Origins;
        origins.Clear();
        _blocking.Queries.OriginsOf(source, root, origins);
        var syntax = SinkSyntax(operation, source);
        foreach (var origin in origins)
        {
            if (origin.IsEntity)
            {
                // An enumeration the verdict judges itself (a LINQ call with EF Core's counterpart) was met above.
                return new ChainEnd(DiagnosticIds.SyncIo, sink + " (an EF Core query)", syntax.GetLocation(), enumeratesQuery: true);
            }

            var called = CallTargets.Definition(origin.Called!);
            if (_implementations.QueryFrom(called, CallTargets.IsVirtualCall(origin.Operation), configuration) is { } from)
            {
                return new ChainEnd(DiagnosticIds.SyncIo, sink + " (an EF Core query from " + from + ")", syntax.GetLocation(), enumeratesQuery: true);
            }

            if (_targets.QuerySourceOf(origin, configuration) is { } querySource)
            {
                collected.Sinks.Add(new QuerySink(syntax, sink, querySource));
            }

            if (_recordOpenCalls && _targets.MayRunElsewhere(called, CallTargets.IsVirtualCall(origin.Operation)))
            {
                collected.OpenCalls.Add(new OpenCall(syntax, OpenKind.Sink, called, targetId: null, sink, via: null));
            }

            AddCarriedOpenCalls(origin.Operation, syntax, called, configuration, collected, sink);
        }

        return null;
    }

    /// <summary>Where an enumeration is shown: the call, or for a <c>foreach</c> the sequence it enumerates (the loop's
    /// header, not its whole body).</summary>
    private static SyntaxNode SinkSyntax(IOperation sink, IOperation source) => sink is IForEachLoopOperation ? source.Syntax : sink.Syntax;

    /// <summary>Where the sequence a method returns comes from: a DbSet it reads, or what its calls return (an open
    /// member's value is an open call of its own, added to <paramref name="collected"/>).</summary>
    private ReturnedQuery ReturnedQueryOf(List<IOperation> roots, Collected collected)
    {
        var values = new List<IOperation>();
        var origins = collected.Origins;
        var fromEntity = false;
        var fromCalls = ImmutableArray.CreateBuilder<QuerySource>();
        foreach (var root in roots)
        {
            var configuration = _configuration.For(_options, root.Syntax.SyntaxTree);
            values.Clear();
            DeferredQueries.ReturnedValues(root, values);
            foreach (var value in values)
            {
                origins.Clear();
                _blocking.Queries.OriginsOf(value, root, origins);
                foreach (var origin in origins)
                {
                    if (origin.IsEntity)
                    {
                        fromEntity = true;
                        continue;
                    }

                    var called = CallTargets.Definition(origin.Called!);
                    fromEntity |= _implementations.QueryFrom(called, CallTargets.IsVirtualCall(origin.Operation), configuration) is not null;
                    if (_targets.QuerySourceOf(origin, configuration) is { } source)
                    {
                        fromCalls.Add(source);
                    }

                    if (_recordOpenCalls && _targets.MayRunElsewhere(called, CallTargets.IsVirtualCall(origin.Operation)))
                    {
                        collected.OpenCalls.Add(new OpenCall(value.Syntax, OpenKind.Returns, called, targetId: null, sink: "", via: null));
                    }
                }
            }
        }

        return new ReturnedQuery(fromEntity, fromCalls.ToImmutable());
    }

    /// <summary>
    /// The blocking site as the chain shows it. A call inside a lambda queued to the pool is named as such; a wait on a
    /// task whose pool lambda blocks too (Task.Run(() =&gt; LoadAsync().Result).Result) carries that inner call.
    /// </summary>
    private ChainEnd SiteOf(BlockingCall blocking, BurstConfiguration configuration)
    {
        var call = RunsOnPool(blocking.Operation) ? blocking.Call + " (in a lambda queued to the thread pool)" : blocking.Call;
        return new ChainEnd(blocking.Rule.Id, call, blocking.Operation.Syntax.GetLocation(), BlockingOnPoolUnder(blocking.Operation, configuration));
    }

    private bool RunsOnPool(IOperation operation)
    {
        for (var current = operation.Parent; current is not null; current = current.Parent)
        {
            if (current is IAnonymousFunctionOperation lambda && _blocking.Catalog.Delegates.Of(lambda) == DelegateRuns.Run.OnPool)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>The first blocking call in a lambda queued to the pool under <paramref name="wait"/>, if any.</summary>
    private ChainEnd? BlockingOnPoolUnder(IOperation wait, BurstConfiguration configuration)
    {
        foreach (var operation in wait.Descendants())
        {
            if (operation is not IAnonymousFunctionOperation lambda || _blocking.Catalog.Delegates.Of(lambda) != DelegateRuns.Run.OnPool)
            {
                continue;
            }

            foreach (var inner in lambda.Body.Descendants())
            {
                if (_blocking.InBody(inner, configuration) is { } call)
                {
                    return new ChainEnd(call.Rule.Id, call.Call, call.Operation.Syntax.GetLocation());
                }
            }
        }

        return null;
    }

    /// <summary>
    /// A constructor's facts followed by those of the initializers it runs, in order: as one walk over its body and
    /// then each initializer, the first blocking call wins, else the calls add up. Initializers the driver delivered
    /// come from <see cref="InitializerFacts"/>; the others are bound here.
    /// </summary>
    private MethodFacts WithInitializers(MethodFacts body, INamedTypeSymbol type, CancellationToken cancellationToken)
    {
        var initializers = new List<SyntaxNode>();
        MethodBodies.CollectInitializers(type, initializers, cancellationToken);
        if (initializers.Count == 0)
        {
            return body;
        }

        var calls = body.Calls.ToBuilder();
        foreach (var initializer in initializers)
        {
            if (!_initializers.TryGet(initializer, out var facts))
            {
                facts = _bodies.Bind(initializer, cancellationToken) is { } operation ? FromInitializer(operation) : MethodFacts.None;
            }

            if (facts.Blocking is not null)
            {
                return facts;
            }

            calls.AddRange(facts.Calls);
        }

        return body.WithCalls(calls.ToImmutable());
    }

    /// <summary>Where the implicit base call is: the constructor's declaration, or for an implicit constructor its
    /// class's (the first part of a partial class).</summary>
    private static SyntaxNode? DeclarationOf(IMethodSymbol constructor, CancellationToken cancellationToken)
    {
        foreach (var reference in constructor.DeclaringSyntaxReferences)
        {
            return reference.GetSyntax(cancellationToken);
        }

        foreach (var reference in constructor.ContainingType.DeclaringSyntaxReferences)
        {
            return reference.GetSyntax(cancellationToken);
        }

        return null;
    }

    private BlockingCall? VisitInvocation(IInvocationOperation invocation, BurstConfiguration configuration, Collected collected, out ChainEnd? carried)
    {
        carried = null;
        var target = invocation.TargetMethod;
        if (target.MethodKind == MethodKind.DelegateInvoke)
        {
            // ((Func<int>)(() => ...))(): the lambda's code runs right here.
            if (InvokedInPlace(invocation) is { Body: { } body })
            {
                collected.Pending.Push(body);
            }

            return null;
        }

        var definition = CallTargets.Definition(target);
        var inSource = _targets.IsInSource(definition);
        if (_blocking.InBody(invocation, configuration) is { } blocking)
        {
            return blocking;
        }

        if (inSource)
        {
            AddCall(collected, invocation, definition, invocation.IsVirtual, configuration);
        }
        else
        {
            carried = CarriedEnd(invocation, definition, configuration);
            if (carried is null)
            {
                // Another project's interface or virtual member implemented here, or its method's open calls.
                AddCall(collected, invocation, definition, invocation.IsVirtual, configuration);
                AddCarriedOpenCalls(invocation, invocation.Syntax, definition, configuration, collected, sink: null);
            }
        }

        return null;
    }

    /// <summary>
    /// The open calls of another project's method that this call runs (<see cref="OpenCallClosing"/>): closed here as
    /// calls and query sinks that come back through that project, or in a library carried on as this method's own.
    /// A call runs the called method's open calls and enumerations; an enumeration of what it returns
    /// (<paramref name="sink"/>) runs what it returns.
    /// </summary>
    private void AddCarriedOpenCalls(IOperation call, SyntaxNode syntax, IMethodSymbol definition, BurstConfiguration configuration, Collected collected, string? sink)
    {
        if (call is not (IInvocationOperation or IPropertyReferenceOperation))
        {
            return;
        }

        var closedCalls = collected.ClosedCalls;
        var closedSinks = collected.ClosedSinks;
        var unclosed = collected.Unclosed;
        closedCalls.Clear();
        closedSinks.Clear();
        unclosed.Clear();
        _closing.Close(definition, syntax, configuration, sink, closedCalls, closedSinks, _recordOpenCalls ? unclosed : null);
        collected.Calls.AddRange(closedCalls);
        collected.Sinks.AddRange(closedSinks);
        collected.OpenCalls.AddRange(unclosed);
    }

    /// <summary>A call into another project of the solution whose method blocks further down: the chain goes on there.</summary>
    private ChainEnd? CarriedEnd(IOperation call, IMethodSymbol definition, BurstConfiguration configuration)
    {
        if (_implementations.ChainOf(definition, CallTargets.IsVirtualCall(call), configuration, out var implementation) is not { } chain)
        {
            return null;
        }

        var text = RunsOnPool(call) ? chain.Text + " (in a lambda queued to the thread pool)" : chain.Text;
        return new ChainEnd(
            chain.Rule, text, call.Syntax.GetLocation(), onPool: null, carriedHops: chain.Depth, carriedFrom: implementation.ContainingAssembly.Name, carriedLocation: chain.Location, carriedSites: _carried.SitesOf(implementation));
    }

    private BlockingCall? VisitPropertyReference(IPropertyReferenceOperation reference, BurstConfiguration configuration, Collected collected)
    {
        // Most properties read are the framework's and the packages': their accessors are no call of this compilation,
        // no open call and no other project's, so they are not asked for (as CallChainResolver.Accessors does).
        var property = reference.Property;
        var mayCall = _targets.IsInSource(property) || (property.ContainingAssembly is { } declared && _carried.MayBeOtherProject(declared));
        if (PropertyAccess.RunsGetter(reference))
        {
            if (_blocking.InBody(reference, configuration) is { } blocking)
            {
                return blocking;
            }

            if (mayCall)
            {
                AddAccessorCall(collected, reference, property.GetMethod, configuration);
            }
        }

        if (mayCall && PropertyAccess.RunsSetter(reference))
        {
            AddAccessorCall(collected, reference, property.SetMethod, configuration);
        }

        return null;
    }

    private void AddAccessorCall(Collected collected, IPropertyReferenceOperation reference, IMethodSymbol? accessor, BurstConfiguration configuration)
    {
        if (accessor is null)
        {
            return;
        }

        var definition = CallTargets.Definition(accessor);
        AddCall(collected, reference, definition, CallTargets.IsVirtualCall(reference), configuration);
        AddCarriedOpenCalls(reference, reference.Syntax, definition, configuration, collected, sink: null);
    }

    /// <summary>A call to methods of this compilation; and in a library, when a project above may implement the member
    /// it calls, an open call too.</summary>
    private void AddCall(Collected collected, IOperation call, IMethodSymbol method, bool virtualCall, BurstConfiguration configuration)
    {
        var definition = CallTargets.Definition(method);
        if (!configuration.ExcludedApis.IsEmpty && configuration.ExcludedApis.Contains(definition))
        {
            return; // an excluded method of this project is trusted not to block: the chain stops there
        }

        if (_targets.RunsHere(definition, virtualCall))
        {
            collected.Calls.Add(new SourceCall(call.Syntax, _targets.Of(definition, virtualCall), definition, virtualCall));
        }

        if (_recordOpenCalls && _targets.MayRunElsewhere(definition, virtualCall))
        {
            collected.OpenCalls.Add(new OpenCall(call.Syntax, OpenKind.Call, definition, targetId: null, sink: "", via: null, ConstructionCalled(call)));
        }
    }

    /// <summary>The service a call goes through, which tells which registration runs it, or "" (most calls: the
    /// interface that declares the member, not generic): the receiver's interface where it is another one
    /// (<c>IUnitOfWork.Save</c> called on an <c>IRepository&lt;Customer&gt;</c>, <c>IReadStore.Load</c> on an
    /// <c>IOrderStore</c>), else the generic type that declares the member (<c>IRepository&lt;Customer&gt;.Get</c>); in a
    /// generic class, one over its type parameters (<c>IRepository&lt;T&gt;</c>), which each class deriving from it
    /// closes.</summary>
    private static string ConstructionCalled(IOperation call)
    {
        var (declaring, receiver) = call switch
        {
            IInvocationOperation invocation => (invocation.TargetMethod.ContainingType, invocation.Instance?.Type),
            IPropertyReferenceOperation reference => (reference.Property.ContainingType, reference.Instance?.Type),
            _ => (null, null),
        };
        // Called on another interface than the one declaring the member (ICustomerRepository calling
        // IRepository<Customer>.Get), the receiver's type is the service dependency injection was asked for.
        if (receiver is INamedTypeSymbol { TypeKind: TypeKind.Interface } asked && declaring is not null
            && !SymbolEqualityComparer.Default.Equals(asked.OriginalDefinition, declaring.OriginalDefinition))
        {
            return ServiceConstructions.ServiceIdOf(asked) ?? ServiceConstructions.OverTypeParametersOf(asked) ?? "";
        }

        var type = declaring is { IsGenericType: true } ? declaring : receiver as INamedTypeSymbol;
        if (type is not { IsGenericType: true })
        {
            return "";
        }

        // A generic class's call through IRepository<T>: the class deriving from it closes the construction.
        return ServiceConstructions.IdOf(type) ?? ServiceConstructions.OverTypeParametersOf(type) ?? "";
    }

    /// <summary>The lambda a delegate invocation runs when it is written right there (through casts and parentheses).</summary>
    internal static IAnonymousFunctionOperation? InvokedInPlace(IInvocationOperation invocation)
        => invocation.Instance.UnwrapDelegate() as IAnonymousFunctionOperation;

    /// <summary>What one walk collects, and its work lists.</summary>
    private sealed class Collected
    {
        public ImmutableArray<SourceCall>.Builder Calls { get; } = ImmutableArray.CreateBuilder<SourceCall>();

        public ImmutableArray<QuerySink>.Builder Sinks { get; } = ImmutableArray.CreateBuilder<QuerySink>();

        public ImmutableArray<OpenCall>.Builder OpenCalls { get; } = ImmutableArray.CreateBuilder<OpenCall>();

        public Stack<IOperation> Pending { get; } = new();

        public List<QueryOrigin> Origins { get; } = new();

        public List<SourceCall> ClosedCalls { get; } = new();

        public List<QuerySink> ClosedSinks { get; } = new();

        public List<OpenCall> Unclosed { get; } = new();

        /// <summary>The first blocking call found.</summary>
        public ChainEnd? Blocking { get; private set; }

        /// <summary>The blocking calls after it, up to <see cref="MaxOtherBlocking"/>.</summary>
        public ImmutableArray<ChainEnd>.Builder OtherBlocking { get; } = ImmutableArray.CreateBuilder<ChainEnd>();

        public void Found(ChainEnd blocking)
        {
            if (Blocking is null)
            {
                Blocking = blocking;
            }
            else if (OtherBlocking.Count < MaxOtherBlocking)
            {
                OtherBlocking.Add(blocking);
            }
        }

        public void Clear()
        {
            Blocking = null;
            OtherBlocking.Clear();
            Calls.Clear();
            Sinks.Clear();
            OpenCalls.Clear();
            Pending.Clear();
            Origins.Clear();
        }
    }
}
