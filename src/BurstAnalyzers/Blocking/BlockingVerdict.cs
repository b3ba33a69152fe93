using System.Collections.Immutable;
using System.Runtime.CompilerServices;
using BurstAnalyzers.FactsFiles;
using BurstAnalyzers.Internals;
using BurstAnalyzers.Options;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Blocking;

/// <summary>
/// The one answer to "does this operation block, under these options?", asked by the direct rules (BURST001–004, 006,
/// 007), by BURST005's facts builder and by the fixes' walks, so that a call blocks at the end of a chain exactly when
/// it would be reported in a handler. In order: the catalogue's listed APIs (<see cref="BlockingCatalog"/>), the APIs
/// the user lists in <c>additional_blocking_apis</c> (<see cref="KnownBlockingApis.MatchConfigured"/>), then, for a call
/// into a referenced assembly neither lists, what the build's scan of that library's IL found (<see cref="LibraryFacts"/>:
/// a member it shows reaching nothing that blocks is not reported by its "…Async" twin) and the search for an async
/// counterpart (<see cref="CounterpartSearches"/>); a member the scan shows blocking with no counterpart the search
/// accepts is BURST003 where an "…Async" member of its name exists, BURST006 otherwise. An API in
/// <c>excluded_apis</c> never blocks. A property blocks only where its getter runs (<see cref="PropertyAccess"/>), and
/// nothing runs inside <c>nameof</c>.
/// <para>
/// A callee of this compilation is judged by its own body (BURST005 follows it), never by the name of an "…Async"
/// sibling, in a handler as in a body: a sibling may do the same in-memory work (or be <c>Task.Run</c> over the sync
/// method, async over sync, which only adds a pool hop per request), so the name pair proves nothing when the body is
/// at hand. Only calls into referenced assemblies are looked up by counterpart.
/// </para>
/// </summary>
internal sealed class BlockingVerdict
{
    private static readonly ConditionalWeakTable<Compilation, BlockingVerdict> s_byCompilation = new();
    private static readonly ConditionalWeakTable<Compilation, BlockingVerdict> s_withLibrariesByCompilation = new();

    private const string Offload = "run it on dedicated threads with [OffloadBlocking]";

    private readonly IAssemblySymbol _source;
    private readonly LibraryFacts _libraries;

    private BlockingVerdict(Compilation compilation, LibraryFacts libraries)
    {
        _source = compilation.Assembly;
        Catalog = BlockingCatalog.For(compilation);
        _libraries = libraries;
    }

    public BlockingCatalog Catalog { get; }

    /// <summary>Queries that run where they are enumerated (<see cref="DeferredQueries"/>).</summary>
    public DeferredQueries Queries => Catalog.Queries;

    /// <summary>The verdict of a compilation, with the library facts among the analyzer options' additional files. A
    /// host gives one compilation one set, so the first caller that passes facts files decides for every later one; a
    /// caller without them (a fix's walk inside a lambda) shares the verdict that knows no library.</summary>
    public static BlockingVerdict For(Compilation compilation, ImmutableArray<AdditionalText> additionalFiles)
    {
        var libraries = LibraryFacts.From(additionalFiles);
        return libraries.IsEmpty
            ? s_byCompilation.GetValue(compilation, static c => new BlockingVerdict(c, LibraryFacts.From(default)))
            : s_withLibrariesByCompilation.GetValue(compilation, c => new BlockingVerdict(c, libraries));
    }

    /// <summary>Where a lambda passed to a call runs: the catalogue's well-known APIs, then the library members the scan
    /// shows running the delegate they are given (a resilience pipeline's <c>Execute</c>).</summary>
    public DelegateRuns.Run RunOf(IAnonymousFunctionOperation lambda)
    {
        var run = Catalog.Delegates.Of(lambda, out var argument);
        return run == DelegateRuns.Run.Elsewhere
            && argument is { Parameter: { } parameter, Parent: IInvocationOperation invocation }
            && !_libraries.IsEmpty
            && _libraries.RunsDelegate(invocation.TargetMethod, parameter.Ordinal)
                ? DelegateRuns.Run.InPlace
                : run;
    }

    /// <summary>The blocking call a handler's own code makes here, or null (BURST001–004, 006, 007).</summary>
    public BlockingCall? InHandler(IOperation operation, BurstConfiguration configuration)
        => Unexcluded(Find(operation, configuration), configuration);

    /// <summary>The blocking call a method body makes here, as a chain ends in it, or null (BURST005 and the fixes'
    /// walks). The same answer as <see cref="InHandler"/>: one verdict wherever the call is written.</summary>
    public BlockingCall? InBody(IOperation operation, BurstConfiguration configuration)
        => Unexcluded(Find(operation, configuration), configuration);

    /// <summary>
    /// True when the direct rules judge this call in a handler, whether they report it or the API is excluded:
    /// BURST005 must not report the same call again.
    /// </summary>
    public bool IsJudgedDirectly(IOperation operation, BurstConfiguration configuration)
        => Find(operation, configuration) is not null;

    private BlockingCall? Find(IOperation operation, BurstConfiguration configuration)
    {
        switch (operation)
        {
            case IInvocationOperation invocation:
                return Catalog.MatchListed(invocation)
                    ?? KnownBlockingApis.MatchConfigured(invocation, configuration)
                    ?? (SymbolEqualityComparer.Default.Equals(invocation.TargetMethod.ContainingAssembly, _source)
                        ? null
                        : InReferencedAssembly(invocation));
            case IPropertyReferenceOperation reference:
                // The names rule out nearly every property before the accessor check walks up the tree.
                var call = Catalog.MatchListed(reference)
                    ?? KnownBlockingApis.MatchConfigured(reference, configuration)
                    ?? (_libraries.IsEmpty || reference.Property.GetMethod is not { } getter
                        || SymbolEqualityComparer.Default.Equals(getter.ContainingAssembly, _source)
                        || _libraries.BlockingOf(getter) is not { } chain
                        ? null
                        : ScannedBlocking(reference, getter, chain, _libraries.ConditionOf(getter)));
                return call is not null && PropertyAccess.RunsGetter(reference) && !reference.IsInNameOf() ? call : null;
            default:
                return null;
        }
    }

    private BlockingCall? InReferencedAssembly(IInvocationOperation invocation)
    {
        if (_libraries.IsEmpty)
        {
            return Catalog.Counterparts.Match(invocation);
        }

        var target = invocation.TargetMethod;
        if (_libraries.IsClean(target))
        {
            return null;
        }

        // The counterpart search keeps its exemptions (in-memory streams, twins that do no I/O): a scan of the library
        // sees a stream's Read, not which stream the caller passes.
        return Catalog.Counterparts.Match(invocation)
            ?? (_libraries.BlockingOf(target) is { } chain && !Catalog.Counterparts.IsExempt(invocation)
                ? ScannedBlocking(invocation, target, chain, _libraries.ConditionOf(target))
                : null);
    }

    /// <summary>A call the library scan shows blocking: BURST003 with the "…Async" member of its name where one exists
    /// (a differing signature is why the counterpart search gave up; no fix is offered then), BURST006 otherwise, its
    /// remedy naming where inside the library it blocks, and when that is only after a failure (a retry's backoff: under
    /// a burst against a failing dependency every request fails and waits at once) or on a first call or a cache miss
    /// (a burst against a cold cache misses for every request at once) or once a cached value has expired (every request
    /// finds it expired at once), or while another thread holds a lock the library
    /// takes (a burst queues every request behind it).</summary>
    private static BlockingCall ScannedBlocking(IOperation operation, IMethodSymbol target, CarriedChain chain, ScanCondition condition)
    {
        var definition = (target.ReducedFrom ?? target).OriginalDefinition;
        var api = definition.AssociatedSymbol is IPropertySymbol property ? (ISymbol)property : definition;
        var twin = definition.ContainingType?.GetMembers(definition.Name + "Async");
        return twin is { Length: > 0 }
            ? new BlockingCall(RuleDescriptors.SyncIo, operation, SymbolExtensions.TypeAndMember(api), "await " + definition.ContainingType!.Name + "." + definition.Name + "Async")
            : new BlockingCall(
                RuleDescriptors.BlockingApi,
                operation,
                SymbolExtensions.TypeAndMember(api),
                "inside " + definition.ContainingAssembly.Name + " it " + WhatBlocks(chain.Rule) + When(condition)
                    + " (" + chain.Text + "); " + Offload);
    }

    private static string When(ScanCondition condition) => condition switch
    {
        ScanCondition.AfterFailure => " after a failure",
        ScanCondition.OnMiss => " on a first call or a cache miss",
        ScanCondition.OnRefresh => " on a first call or when a cached value has expired",
        ScanCondition.WhenContended => " while another thread holds its lock",
        _ => string.Empty,
    };

    private static string WhatBlocks(string rule) => rule switch
    {
        DiagnosticIds.ThreadSleep => "sleeps",
        DiagnosticIds.TaskWait => "waits on a task",
        DiagnosticIds.PrimitiveWait => "waits on a synchronization primitive",
        _ => "does synchronous I/O",
    };

    private static BlockingCall? Unexcluded(BlockingCall? call, BurstConfiguration configuration)
        => call?.Api is { } api && !configuration.ExcludedApis.IsEmpty && configuration.ExcludedApis.Contains(api) ? null : call;
}
