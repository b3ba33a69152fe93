using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Blocking;

/// <summary>
/// Everything BurstAnalyzers knows blocks, resolved once per compilation and shared by every rule and fix: which rule
/// a call breaks, how to name it and what to use instead. Rules and fixes do not ask it directly: they ask
/// <see cref="BlockingVerdict"/>, which adds the user's options.
/// </summary>
internal sealed class BlockingCatalog
{
    private static readonly ConditionalWeakTable<Compilation, BlockingCatalog> s_catalogByCompilation = new();

    // The names of every listed method: asked for every call of the compilation, one look-up rules out nearly all.
    private readonly HashSet<string> _listedNames;

    private BlockingCatalog(Compilation compilation)
    {
        Types = CoreLibraryTypes.For(compilation);
        var inMemory = new InMemoryIo(compilation, Types);
        ThreadSleep = new ThreadSleepCalls(Types);
        TaskWaits = new TaskWaits(compilation, Types);
        SyncIo = new SyncIoCalls(compilation, Types);
        PrimitiveWaits = new PrimitiveWaits(compilation, Types);
        KnownBlocking = new KnownBlockingApis(compilation, Types, inMemory);
        Queries = new DeferredQueries(compilation, Types);
        Counterparts = new CounterpartSearches(compilation, Types, inMemory, Queries);
        Delegates = new DelegateRuns(compilation);

        _listedNames = new HashSet<string>(StringComparer.Ordinal);
        _listedNames.UnionWith(ThreadSleepCalls.Names);
        _listedNames.UnionWith(TaskWaits.Names);
        _listedNames.UnionWith(PrimitiveWaits.Names);
        _listedNames.UnionWith(KnownBlocking.Names);
        _listedNames.UnionWith(SyncIo.ListedNames);
    }

    public CoreLibraryTypes Types { get; }

    public ThreadSleepCalls ThreadSleep { get; }

    public TaskWaits TaskWaits { get; }

    public SyncIoCalls SyncIo { get; }

    public PrimitiveWaits PrimitiveWaits { get; }

    public KnownBlockingApis KnownBlocking { get; }

    /// <summary>Where a query is enumerated and where it comes from (EF Core queries run there).</summary>
    public DeferredQueries Queries { get; }

    /// <summary>Sync I/O the lists do not name, found by its async counterpart (BURST003).</summary>
    public CounterpartSearches Counterparts { get; }

    /// <summary>Where lambdas passed to well-known APIs run: on the pool, in place, or elsewhere.</summary>
    public DelegateRuns Delegates { get; }

    public static BlockingCatalog For(Compilation compilation) => s_catalogByCompilation.GetValue(compilation, c => new BlockingCatalog(c));

    /// <summary>The listed blocking APIs (every rule): symbol comparisons only, cheap enough for every call.</summary>
    // The matchers know disjoint types and names, so their order is free, and the name filter only saves time: the
    // order swaps and the skipped filter are equivalent (a matcher dropped is caught by the tests, and ignored with them).
    // Stryker disable once NullCoalescing,Conditional : see above
    public BlockingCall? MatchListed(IInvocationOperation invocation)
        => !_listedNames.Contains(invocation.TargetMethod.Name) ? null
            : ThreadSleep.Match(invocation)
            ?? TaskWaits.Match(invocation)
            ?? PrimitiveWaits.Match(invocation)
            ?? KnownBlocking.Match(invocation)
            ?? SyncIo.MatchListed(invocation);

    // Stryker disable once NullCoalescing : Task<T>.Result and HttpRequest.Form: disjoint, as above
    public BlockingCall? MatchListed(IPropertyReferenceOperation reference)
        => TaskWaits.Match(reference) ?? SyncIo.Match(reference);

    /// <summary>The async method to await instead of a sync I/O call (BURST003's fix): listed or found by binding.</summary>
    public string? AsyncNameFor(IInvocationOperation invocation)
        => SyncIo.AsyncNameFor(invocation) ?? Counterparts.AsyncNameFor(invocation);
}
