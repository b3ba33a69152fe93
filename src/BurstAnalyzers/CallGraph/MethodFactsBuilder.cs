using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Threading;
using BurstAnalyzers.Blocking;
using BurstAnalyzers.CrossProject;
using BurstAnalyzers.Handlers;
using BurstAnalyzers.Internals;
using BurstAnalyzers.Options;
using Microsoft.CodeAnalysis;
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

    [ThreadStatic]
    private static ImmutableArray<SourceCall>.Builder? t_calls;

    [ThreadStatic]
    private static Stack<IOperation>? t_pending;

    [ThreadStatic]
    private static ImmutableArray<QuerySink>.Builder? t_sinks;

    [ThreadStatic]
    private static List<QueryOrigin>? t_origins;

    public MethodFactsBuilder(
        MethodBodies bodies,
        InitializerFacts initializers,
        BlockingVerdict blocking,
        CallTargets targets,
        BurstConfigurationReader configuration,
        AnalyzerConfigOptionsProvider options,
        CarriedChains carried)
    {
        _carried = carried;
        _bodies = bodies;
        _blocking = blocking;
        _targets = targets;
        _configuration = configuration;
        _options = options;
        _initializers = initializers;
    }

    /// <summary>Facts of a method the driver has not delivered (yet): its body is bound here, on its tree's model.</summary>
    public MethodFacts Build(IMethodSymbol method, CancellationToken cancellationToken)
    {
        var roots = new List<IOperation>();
        var runsInitializers = _bodies.CollectBody(method, roots, cancellationToken);
        var facts = Walk(roots, localFunctions: null, method);
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
            facts = MethodFacts.Calling(facts.Calls.Add(new SourceCall(declaration, ImmutableArray.Create(baseConstructor), baseConstructor, virtualCall: false)), facts.Sinks, facts.Returns);
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

    /// <summary>Facts of an instance field or property initializer delivered by the analyzer driver.</summary>
    public MethodFacts FromInitializer(IOperation initializer) => Walk(new List<IOperation>(1) { initializer }, localFunctions: null, method: null);

    /// <summary>Facts of a local function found while walking its container's blocks.</summary>
    public MethodFacts FromLocalFunction(ILocalFunctionOperation localFunction, List<ILocalFunctionOperation> nested)
        => localFunction.Body is { } body
            ? Walk(new List<IOperation>(1) { body }, nested, localFunction.Symbol)
            : MethodFacts.None;

    private MethodFacts Walk(List<IOperation> roots, List<ILocalFunctionOperation>? localFunctions, IMethodSymbol? method)
    {
        // Every method body of the compilation is walked: the work lists are reused by the thread, not allocated per walk.
        var calls = t_calls ?? ImmutableArray.CreateBuilder<SourceCall>();
        var sinks = t_sinks ?? ImmutableArray.CreateBuilder<QuerySink>();
        var pending = t_pending ?? new Stack<IOperation>();
        t_calls = null;
        t_sinks = null;
        t_pending = null;
        try
        {
            var facts = Walk(roots, localFunctions, calls, sinks, pending);
            return facts.Blocking is null && method is not null && _blocking.Queries.MayHoldQuery(method.ReturnType)
                ? MethodFacts.Calling(facts.Calls, facts.Sinks, ReturnedQueryOf(roots))
                : facts;
        }
        finally
        {
            calls.Clear();
            sinks.Clear();
            pending.Clear();
            t_calls = calls;
            t_sinks = sinks;
            t_pending = pending;
        }
    }

    private MethodFacts Walk(
        List<IOperation> roots,
        List<ILocalFunctionOperation>? localFunctions,
        ImmutableArray<SourceCall>.Builder calls,
        ImmutableArray<QuerySink>.Builder sinks,
        Stack<IOperation> pending)
    {
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
                    case OperationKind.AnonymousFunction when _blocking.Catalog.Delegates.Of((IAnonymousFunctionOperation)operation) == DelegateRuns.Run.Elsewhere:
                    case OperationKind.NameOf:
                        continue;
                    case OperationKind.Invocation:
                        blocking = VisitInvocation((IInvocationOperation)operation, configuration, calls, pending, out carried);
                        break;
                    case OperationKind.ObjectCreation when ((IObjectCreationOperation)operation).Constructor is { } constructor:
                        AddCall(calls, operation, constructor, virtualCall: false, configuration);
                        break;
                    case OperationKind.PropertyReference:
                        blocking = VisitPropertyReference((IPropertyReferenceOperation)operation, configuration, calls);
                        break;
                }

                if (blocking is not null)
                {
                    return MethodFacts.Blocks(SiteOf(blocking, configuration));
                }

                if (carried is not null)
                {
                    return MethodFacts.Blocks(carried);
                }

                if (operation.Kind is OperationKind.Invocation or OperationKind.Loop or OperationKind.ObjectCreation
                    && VisitQuerySink(operation, root, configuration, sinks) is { } runsQuery)
                {
                    return MethodFacts.Blocks(runsQuery);
                }

                foreach (var child in operation.ChildOperations.Reverse())
                {
                    pending.Push(child);
                }
            }
        }

        return MethodFacts.Calling(calls.ToImmutable(), sinks.ToImmutable(), ReturnedQuery.None);
    }

    /// <summary>
    /// An enumeration of a value that may be a query (<see cref="DeferredQueries"/>): over a DbSet read here, it runs the
    /// query now (returned, as a blocking call); over what a call of this compilation returns, it runs one if that call
    /// returns an EF Core query (kept as a <see cref="QuerySink"/> for the call graph to decide).
    /// </summary>
    private ChainEnd? VisitQuerySink(IOperation operation, IOperation root, BurstConfiguration configuration, ImmutableArray<QuerySink>.Builder sinks)
    {
        if (_blocking.Queries.SinkOf(operation, out var sink) is not { } source)
        {
            return null;
        }

        var origins = t_origins ??= new List<QueryOrigin>();
        origins.Clear();
        _blocking.Queries.OriginsOf(source, root, origins);
        foreach (var origin in origins)
        {
            if (origin.IsEntity)
            {
                // An enumeration the verdict judges itself (a LINQ call with EF Core's counterpart) was met above.
                return new ChainEnd(DiagnosticIds.SyncIo, sink + " (an EF Core query)", SinkSyntax(operation, source).GetLocation());
            }

            if (_targets.QuerySourceOf(origin, configuration) is { } querySource)
            {
                sinks.Add(new QuerySink(SinkSyntax(operation, source), sink, querySource));
            }
        }

        return null;
    }

    /// <summary>Where an enumeration is shown: the call, or for a <c>foreach</c> the sequence it enumerates (the loop's
    /// header, not its whole body).</summary>
    private static SyntaxNode SinkSyntax(IOperation sink, IOperation source) => sink is IForEachLoopOperation ? source.Syntax : sink.Syntax;

    /// <summary>Where the sequence a method returns comes from: a DbSet it reads, or what its calls return.</summary>
    private ReturnedQuery ReturnedQueryOf(List<IOperation> roots)
    {
        var values = new List<IOperation>();
        var origins = new List<QueryOrigin>();
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
                    }
                    else if (_targets.QuerySourceOf(origin, configuration) is { } source)
                    {
                        fromCalls.Add(source);
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

        return MethodFacts.Calling(calls.ToImmutable());
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

    private BlockingCall? VisitInvocation(
        IInvocationOperation invocation, BurstConfiguration configuration, ImmutableArray<SourceCall>.Builder calls, Stack<IOperation> pending, out ChainEnd? carried)
    {
        carried = null;
        var target = invocation.TargetMethod;
        if (target.MethodKind == MethodKind.DelegateInvoke)
        {
            // ((Func<int>)(() => ...))(): the lambda's code runs right here.
            if (InvokedInPlace(invocation) is { Body: { } body })
            {
                pending.Push(body);
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
            AddCall(calls, invocation, definition, invocation.IsVirtual, configuration);
        }
        else
        {
            carried = CarriedEnd(invocation, definition, configuration);
        }

        return null;
    }

    /// <summary>A call into another project of the solution whose method blocks further down: the chain goes on there.</summary>
    private ChainEnd? CarriedEnd(IOperation call, IMethodSymbol definition, BurstConfiguration configuration)
    {
        if (_carried.Of(definition, configuration) is not { } chain)
        {
            return null;
        }

        var text = RunsOnPool(call) ? chain.Text + " (in a lambda queued to the thread pool)" : chain.Text;
        return new ChainEnd(chain.Rule, text, call.Syntax.GetLocation(), onPool: null, carriedHops: chain.Depth, carriedFrom: definition.ContainingAssembly.Name, carriedLocation: chain.Location);
    }

    private BlockingCall? VisitPropertyReference(IPropertyReferenceOperation reference, BurstConfiguration configuration, ImmutableArray<SourceCall>.Builder calls)
    {
        if (PropertyAccess.RunsGetter(reference))
        {
            if (_blocking.InBody(reference, configuration) is { } blocking)
            {
                return blocking;
            }

            AddAccessorCall(calls, reference, reference.Property.GetMethod, configuration);
        }

        if (PropertyAccess.RunsSetter(reference))
        {
            AddAccessorCall(calls, reference, reference.Property.SetMethod, configuration);
        }

        return null;
    }

    private void AddAccessorCall(ImmutableArray<SourceCall>.Builder calls, IPropertyReferenceOperation reference, IMethodSymbol? accessor, BurstConfiguration configuration)
    {
        if (accessor is not null && _targets.IsInSource(accessor))
        {
            AddCall(calls, reference, CallTargets.Definition(accessor), CallTargets.IsVirtualCall(reference), configuration);
        }
    }

    private void AddCall(ImmutableArray<SourceCall>.Builder calls, IOperation call, IMethodSymbol method, bool virtualCall, BurstConfiguration configuration)
    {
        var definition = CallTargets.Definition(method);
        if (!_targets.IsInSource(definition) || (!configuration.ExcludedApis.IsEmpty && configuration.ExcludedApis.Contains(definition)))
        {
            return; // an excluded method of this project is trusted not to block: the chain stops there
        }

        calls.Add(new SourceCall(call.Syntax, _targets.Of(definition, virtualCall), definition, virtualCall));
    }

    /// <summary>The lambda a delegate invocation runs when it is written right there (through casts and parentheses).</summary>
    internal static IAnonymousFunctionOperation? InvokedInPlace(IInvocationOperation invocation)
        => invocation.Instance.UnwrapDelegate() as IAnonymousFunctionOperation;
}
