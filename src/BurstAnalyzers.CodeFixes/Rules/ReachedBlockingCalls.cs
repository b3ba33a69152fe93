using System.Collections.Generic;
using System.Collections.Immutable;
using System.Runtime.CompilerServices;
using System.Threading;
using BurstAnalyzers.AsyncConversion;
using BurstAnalyzers.Blocking;
using BurstAnalyzers.CallGraph;
using BurstAnalyzers.Handlers;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Rules;

/// <summary>
/// Every blocking call a handler's call reaches through methods the async fix could convert (ordinary methods and
/// local functions called directly; through an interface, abstract or virtual member, every implementation or override
/// this compilation declares, which the fix changes in step with the member). BURST005 names only the first such call; the chain
/// fix converts them all, so the handler's call stops blocking in one fix and Fix All converges in one pass —
/// <c>dotnet format</c> applies it once. Each operation is judged as the facts builder judges it
/// (<see cref="BlockingVerdict.InBody"/>), with the analyzer's own
/// catalogue and options, so it finds exactly the calls the rule would report next.
/// <para>
/// The walk itself is not <see cref="MethodFactsBuilder"/>'s, on purpose: that one stops at the first blocking call,
/// goes into lambdas run in place or queued to the pool, and follows every method a call may run; this one collects
/// every blocking call, stays out of lambdas (an await cannot go into a callback without changing its delegate type)
/// and follows only the calls the fix can convert. Sharing it would change which calls the fix converts.
/// </para>
/// </summary>
internal sealed class ReachedBlockingCalls
{
    // One per compilation: its call targets index the compilation's implementations, its bodies keep one model per
    // tree; a Fix All asks once per diagnostic.
    private static readonly ConditionalWeakTable<Compilation, ReachedBlockingCalls> s_byCompilation = new();

    private readonly AnalyzerConfigOptionsProvider _options;
    private readonly RequestHandlerModel _handlers;
    private readonly BlockingVerdict _blocking;
    private readonly CallTargets _targets;
    private readonly MethodBodies _bodies;
    private readonly OffloadMarkers _offload;

    private ReachedBlockingCalls(Compilation compilation, AnalyzerConfigOptionsProvider options, ImmutableArray<AdditionalText> additionalFiles)
    {
        _options = options;
        _handlers = RequestHandlerModel.ForFix(compilation);
        _blocking = BlockingVerdict.For(compilation, additionalFiles);
        _targets = new CallTargets(compilation);
        _bodies = new MethodBodies(compilation);
        _offload = new OffloadMarkers(compilation);
    }

    /// <summary>The blocking calls under <paramref name="call"/>, in the order they are met.</summary>
    public static ImmutableArray<Reached> Under(IOperation call, Compilation compilation, AnalyzerConfigOptionsProvider options, ImmutableArray<AdditionalText> additionalFiles, CancellationToken cancellationToken)
        => call is IInvocationOperation invocation
            ? From(CallTargets.Definition(invocation.TargetMethod), invocation.IsVirtual, compilation, options, additionalFiles, cancellationToken)
            : ImmutableArray<Reached>.Empty;

    /// <summary>The blocking calls a call of <paramref name="target"/> reaches, walked in <paramref name="compilation"/>,
    /// the one that declares it: a handler's call into another project of the solution is followed there, with that
    /// project's options.</summary>
    public static ImmutableArray<Reached> From(IMethodSymbol target, bool virtualCall, Compilation compilation, AnalyzerConfigOptionsProvider options, ImmutableArray<AdditionalText> additionalFiles, CancellationToken cancellationToken)
    {
        var reach = s_byCompilation.GetValue(compilation, c => new ReachedBlockingCalls(c, options, additionalFiles));
        var found = ImmutableArray.CreateBuilder<Reached>();
        var visited = new HashSet<IMethodSymbol>(SymbolEqualityComparer.Default);
        foreach (var first in reach.Targets(target, virtualCall))
        {
            reach.Visit(first, depth: 1, visited, found, cancellationToken);
        }

        return found.ToImmutable();
    }

    private void Visit(IMethodSymbol method, int depth, HashSet<IMethodSymbol> visited, ImmutableArray<Reached>.Builder found, CancellationToken cancellationToken)
    {
        // As deep as the fix follows callers: a call below it could not be converted in the same fix anyway.
        if (depth > DraftPlan.MaxCascadeDepth
            || cancellationToken.IsCancellationRequested
            || !_targets.IsInSource(method)
            || method.MethodKind is not (MethodKind.Ordinary or MethodKind.LocalFunction or MethodKind.ExplicitInterfaceImplementation)
            || method.IsAbstract
            || _offload.IsOffloaded(method)
            || !visited.Add(method))
        {
            return;
        }

        var roots = new List<IOperation>();
        _bodies.Collect(method, roots, cancellationToken);
        var pending = new Stack<IOperation>();
        foreach (var root in roots)
        {
            var configuration = _handlers.Configuration.For(_options, root.Syntax.SyntaxTree);
            pending.Push(root);
            while (pending.Count > 0)
            {
                var operation = pending.Pop();
                switch (operation)
                {
                    // Code in a lambda or local function runs when it is called, not with the method: local functions
                    // are visited at their calls; other lambdas (callbacks) are left alone, as the rule leaves them.
                    case IAnonymousFunctionOperation or ILocalFunctionOperation:
                        continue;
                    case IInvocationOperation invocation when invocation.TargetMethod.MethodKind != MethodKind.DelegateInvoke:
                        if (_blocking.InBody(invocation, configuration) is { } blocking)
                        {
                            found.Add(new Reached(blocking.Operation.Syntax.GetLocation(), blocking.Rule.Id));
                        }
                        else if (CallTargets.Definition(invocation.TargetMethod) is var target
                            && _targets.IsInSource(target))
                        {
                            foreach (var next in Targets(target, invocation.IsVirtual))
                            {
                                Visit(next, depth + 1, visited, found, cancellationToken);
                            }
                        }

                        break;
                    case IPropertyReferenceOperation reference when _blocking.InBody(reference, configuration) is { } blockingRead:
                        found.Add(new Reached(blockingRead.Operation.Syntax.GetLocation(), blockingRead.Rule.Id));
                        break;
                }

                // Children in source order: pushed last to first.
                foreach (var child in operation.ChildOperations.Reverse())
                {
                    pending.Push(child);
                }
            }
        }
    }

    /// <summary>The methods a call may run, all of which the fix changes in step: a direct call's own; through an
    /// interface member, every implementation; through an abstract or virtual member, the whole family it belongs to
    /// (the member at its top, unless abstract, and every override of it), since converting one member converts them all.</summary>
    private ImmutableArray<IMethodSymbol> Targets(IMethodSymbol target, bool virtualCall)
    {
        if (!virtualCall)
        {
            return ImmutableArray.Create(target);
        }

        var top = target;
        while (top.OverriddenMethod is { } overridden && _targets.IsInSource(CallTargets.Definition(overridden)))
        {
            top = CallTargets.Definition(overridden);
        }

        return _targets.Of(top, virtualCall: true);
    }

    /// <summary>One blocking call found under a handler's call, and the direct rule it breaks.</summary>
    public readonly struct Reached
    {
        public Reached(Location location, string rule)
        {
            Location = location;
            Rule = rule;
        }

        public Location Location { get; }

        public string Rule { get; }
    }
}
