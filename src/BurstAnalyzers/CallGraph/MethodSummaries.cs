using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// The <see cref="MethodSummary"/> of every method of the compilation a request handler reaches, each computed once
/// and shared by every handler, every file and every thread. A summary needs the summaries of the methods it calls,
/// so the first request for one resolves everything reachable from it that is not summarized yet
/// (<see cref="SummaryResolution"/>). Nothing is locked: a resolution's working state is its own, and what it publishes
/// is final and the same whichever thread computes it, so two threads that meet in the same methods at worst do the
/// same work twice.
/// </summary>
internal sealed class MethodSummaries
{
    // Blocking calls listed with one report: enough to see where a call leads, not a dump of the application.
    private const int MaxReachedSites = 64;

    private readonly ConcurrentDictionary<IMethodSymbol, MethodSummary> _summaries = new(SymbolEqualityComparer.Default);
    private readonly ConcurrentDictionary<IMethodSymbol, MethodFacts> _facts = new(SymbolEqualityComparer.Default);

    // Constructors' own bodies from the driver's blocks, until their facts (with the initializers) are made.
    private readonly ConcurrentDictionary<IMethodSymbol, CapturedConstructor> _constructors = new(SymbolEqualityComparer.Default);
    private readonly MethodFactsBuilder _builder;
    private readonly InitializerFacts _initializers;
    private readonly FactsAcrossCompilations? _acrossCompilations;
    private readonly Func<bool> _keepAcrossCompilations;

    /// <summary>
    /// Facts bound on demand are read from and kept in <paramref name="acrossCompilations"/> while
    /// <paramref name="keepAcrossCompilations"/> says so: when one document is analysed per compilation (an editor).
    /// A build analyses every document of one compilation and gets the facts from the driver: nothing to keep.
    /// </summary>
    public MethodSummaries(MethodFactsBuilder builder, InitializerFacts initializers, FactsAcrossCompilations? acrossCompilations, Func<bool> keepAcrossCompilations)
    {
        _builder = builder;
        _initializers = initializers;
        _acrossCompilations = acrossCompilations;
        _keepAcrossCompilations = keepAcrossCompilations;
        Queries = new QueryReturns(this);
    }

    /// <summary>Which methods return an EF Core query: what decides whether a <see cref="QuerySink"/> blocks.</summary>
    public QueryReturns Queries { get; }

    /// <summary>The summary of a method of this compilation (an original definition).</summary>
    public MethodSummary Get(IMethodSymbol method, CancellationToken cancellationToken)
    {
        if (_summaries.TryGetValue(method, out var summary))
        {
            return summary;
        }

        new SummaryResolution(this, cancellationToken).Resolve(method);
        return _summaries.TryGetValue(method, out summary) ? summary : MethodSummary.NotBlocking;
    }

    /// <summary>The shortest chain from a call to <paramref name="callee"/> at <paramref name="callSite"/>, following
    /// each summary's next step; null when the callee does not block. <paramref name="called"/>: the method the call
    /// names, when it may dispatch to <paramref name="callee"/> (the hop then says which registration sent it there).</summary>
    public BlockingChain? ChainFrom(IMethodSymbol callee, Location callSite, CancellationToken cancellationToken, CarriedVia? via = null, IMethodSymbol? called = null)
    {
        var summary = Get(callee, cancellationToken);
        var hops = ImmutableArray.CreateBuilder<CallHop>(Math.Max(summary.Depth, 1));
        hops.Add(new CallHop(callee, callSite, via, _builder.Targets.RegisteredIn(called, callee)));

        // Each step's depth is one less than the last, so this ends; the bound guards against a summary that lies.
        for (var steps = summary.Depth; steps > 0; steps--)
        {
            if (summary.Blocking is { } blocking)
            {
                return new BlockingChain(hops.ToImmutable(), blocking);
            }

            if (summary.Next is not { } next || summary.CallSite is not { } nextCallSite)
            {
                return null;
            }

            hops.Add(new CallHop(next, nextCallSite, summary.Via, _builder.Targets.RegisteredIn(summary.Called, next)));
            summary = Get(next, cancellationToken);
        }

        return null;
    }

    /// <summary>
    /// Every blocking call a call to <paramref name="targets"/> reaches within <paramref name="maxDepth"/> methods (the
    /// targets at <paramref name="startDepth"/>), in the order a breadth-first walk meets them, up to
    /// <see cref="MaxReachedSites"/>: the report names the first through its shortest chain and lists the others, so
    /// that each is seen, and a fix converts them all, at once.
    /// </summary>
    public ImmutableArray<Location> SitesFrom(ImmutableArray<IMethodSymbol> targets, int startDepth, int maxDepth, CancellationToken cancellationToken)
    {
        var sites = ImmutableArray.CreateBuilder<Location>();
        var seenSites = new HashSet<Location>();
        var visited = new HashSet<IMethodSymbol>(SymbolEqualityComparer.Default);
        var queue = new Queue<(IMethodSymbol Method, int Depth)>();
        foreach (var target in targets)
        {
            if (visited.Add(target))
            {
                queue.Enqueue((target, startDepth));
            }
        }

        while (queue.Count > 0 && sites.Count < MaxReachedSites)
        {
            cancellationToken.ThrowIfCancellationRequested();
            var (method, depth) = queue.Dequeue();
            var facts = BlockingFactsOf(method, cancellationToken);
            AddSite(facts.Blocking);
            foreach (var other in facts.OtherBlocking)
            {
                AddSite(other);
            }

            foreach (var call in facts.Calls)
            {
                var next = depth + 1 + call.HopsBefore;
                if (next > maxDepth)
                {
                    continue;
                }

                foreach (var target in call.Targets)
                {
                    if (visited.Add(target))
                    {
                        queue.Enqueue((target, next));
                    }
                }
            }
        }

        return sites.ToImmutable();

        void AddSite(ChainEnd? end)
        {
            if (end is null)
            {
                return;
            }

            Add(end.CarriedLocation ?? end.Location);
            foreach (var elsewhere in end.CarriedSites)
            {
                Add(elsewhere);
            }
        }

        void Add(Location site)
        {
            if (sites.Count < MaxReachedSites && seenSites.Add(site))
            {
                sites.Add(site);
            }
        }
    }

    /// <summary>
    /// Records the facts of a method (and of the local functions in it) from the operation blocks the analyzer driver
    /// delivers, so that resolving later needs no binding. A constructor's own body is kept, and <see cref="FactsOf"/>
    /// adds the initializers it runs, which come with other symbols.
    /// </summary>
    public void Capture(IMethodSymbol owner, ImmutableArray<IOperation> blocks)
    {
        var method = (owner.PartialDefinitionPart ?? owner).OriginalDefinition;
        if (IsKnown(method))
        {
            return;
        }

        var localFunctions = new List<ILocalFunctionOperation>();
        if (method.MethodKind is MethodKind.Constructor or MethodKind.StaticConstructor)
        {
            if (_constructors.ContainsKey(method) || _builder.FromConstructorBlocks(method, blocks, localFunctions) is not { } constructor)
            {
                return;
            }

            _constructors.TryAdd(method, constructor);
        }
        else
        {
            _facts.TryAdd(method, _builder.FromBlocks(method, blocks, localFunctions));
        }

        // The list grows while it is read: local functions nested in local functions.
        for (var i = 0; i < localFunctions.Count; i++)
        {
            var localFunction = localFunctions[i].Symbol.OriginalDefinition;
            if (!IsKnown(localFunction))
            {
                _facts.TryAdd(localFunction, _builder.FromLocalFunction(localFunctions[i], localFunctions));
            }
        }
    }

    /// <summary>
    /// Records the facts of an instance field or property initializer from the block the driver delivers for it, for
    /// the constructors that run it (see <see cref="InitializerFacts"/>).
    /// </summary>
    public void CaptureInitializer(ISymbol member, ImmutableArray<IOperation> blocks)
    {
        if (!MethodBodies.RunsInitializer(member))
        {
            return;
        }

        foreach (var block in blocks)
        {
            // Delivered once: an initializer already recorded is not walked again.
            if (block is IFieldInitializerOperation or IPropertyInitializerOperation && !_initializers.TryGet(block.Syntax, out _))
            {
                _initializers.Add(block.Syntax, _builder.FromInitializer(block));
            }
        }
    }

    private bool IsKnown(IMethodSymbol method) => _summaries.ContainsKey(method) || _facts.ContainsKey(method);

    internal bool TryGetSummary(IMethodSymbol method, out MethodSummary summary) => _summaries.TryGetValue(method, out summary!);

    internal void Publish(IMethodSymbol method, MethodSummary summary)
    {
        // The facts stay: the open calls, query returns and other blocking sites a chain export and a report list are
        // read from them after the summaries, and facts dropped here were bound again from source (issue 35's export
        // cost 40 times its earlier time that way).
        _summaries.TryAdd(method, summary);
    }

    /// <summary>
    /// The facts a summary is made from: a method's own blocking call, or else the first place, in body order, that
    /// enumerates what a call returned when that is an EF Core query (it runs the query there); or else its calls.
    /// </summary>
    internal MethodFacts BlockingFactsOf(IMethodSymbol method, CancellationToken cancellationToken)
    {
        var facts = FactsOf(method, cancellationToken);
        if (facts.Sinks.IsEmpty)
        {
            return facts;
        }

        var found = ImmutableArray.CreateBuilder<ChainEnd>();
        foreach (var sink in facts.Sinks)
        {
            if (Queries.FirstReturning(sink.Source, cancellationToken) is { } returning)
            {
                found.Add(QueryEnd(sink, returning));
            }
        }

        if (found.Count == 0)
        {
            return facts;
        }

        if (facts.Blocking is { } first)
        {
            return facts.WithBlocking(first, facts.OtherBlocking.AddRange(found));
        }

        var others = found.ToImmutable().RemoveAt(0).AddRange(facts.OtherBlocking);
        return facts.WithBlocking(found[0], others);
    }

    /// <summary>
    /// Where a sink runs an EF Core query: "Queryable.FirstOrDefault (an EF Core query from IRepository.Table)"; in
    /// another project over what a member implemented here returns, that project's way first, then the
    /// implementation: "[Shop.Services] OrderService.Find → Queryable.FirstOrDefault (an EF Core query from
    /// IRepository.Table ⇒ [Shop.Web] EfRepository.Table)".
    /// </summary>
    internal ChainEnd QueryEnd(QuerySink sink, IMethodSymbol returning)
    {
        if (sink.Via is not { } via)
        {
            return new ChainEnd(DiagnosticIds.SyncIo, sink.Sink + " (an EF Core query from " + MethodNames.Of(sink.Source.Called) + ")", sink.Syntax.GetLocation(), enumeratesQuery: true);
        }

        var place = _builder.Targets.RegisteredIn(sink.Source.Called, returning);
        if (via.Returned)
        {
            // Enumerated here: what another project's method returned, that project's way to the member first.
            return new ChainEnd(
                DiagnosticIds.SyncIo,
                sink.Sink + " (an EF Core query from " + via.Text + " \u2192 " + MethodNames.Of(sink.Source.Called) + " \u21D2 [" + returning.ContainingAssembly.Name + "] " + MethodNames.Of(returning, place) + ")",
                sink.Syntax.GetLocation(),
                enumeratesQuery: true);
        }

        var text = via.Text + " \u2192 " + sink.Sink + " (an EF Core query from " + MethodNames.Of(sink.Source.Called)
            + " \u21D2 [" + returning.ContainingAssembly.Name + "] " + MethodNames.Of(returning, place) + ")";
        return new ChainEnd(DiagnosticIds.SyncIo, text, sink.Syntax.GetLocation(), onPool: null, carriedHops: via.Depth, carriedFrom: via.Assembly, carriedLocation: via.Location, enumeratesQuery: true);
    }

    internal MethodFacts FactsOf(IMethodSymbol method, CancellationToken cancellationToken)
    {
        if (_facts.TryGetValue(method, out var facts))
        {
            return facts;
        }

        // Not GetOrAdd with a factory: a cancelled walk must leave nothing behind, and a rare duplicate walk on two
        // threads costs less than making one wait for the other.
        var across = _acrossCompilations is not null && _keepAcrossCompilations() ? _acrossCompilations : null;
        if (across is null || !across.TryGet(method, out facts))
        {
            // A constructor's body read from the driver's blocks is used once: its facts are kept from then on.
            facts = _constructors.TryRemove(method, out var constructor)
                ? _builder.Build(method, constructor, cancellationToken)
                : _builder.Build(method, cancellationToken);
            across?.Store(method, facts);
        }

        return _facts.GetOrAdd(method, facts);
    }
}
