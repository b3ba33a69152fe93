using System.Runtime.CompilerServices;
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
/// neither lists, the search for an async counterpart (<see cref="CounterpartSearches"/>). An API in
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

    private readonly IAssemblySymbol _source;

    private BlockingVerdict(Compilation compilation)
    {
        _source = compilation.Assembly;
        Catalog = BlockingCatalog.For(compilation);
    }

    public BlockingCatalog Catalog { get; }

    /// <summary>Queries that run where they are enumerated (<see cref="DeferredQueries"/>).</summary>
    public DeferredQueries Queries => Catalog.Queries;

    public static BlockingVerdict For(Compilation compilation) => s_byCompilation.GetValue(compilation, static c => new BlockingVerdict(c));

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
                        : Catalog.Counterparts.Match(invocation));
            case IPropertyReferenceOperation reference:
                // The names rule out nearly every property before the accessor check walks up the tree.
                var call = Catalog.MatchListed(reference) ?? KnownBlockingApis.MatchConfigured(reference, configuration);
                return call is not null && PropertyAccess.RunsGetter(reference) && !reference.IsInNameOf() ? call : null;
            default:
                return null;
        }
    }

    private static BlockingCall? Unexcluded(BlockingCall? call, BurstConfiguration configuration)
        => call?.Api is { } api && !configuration.ExcludedApis.IsEmpty && configuration.ExcludedApis.Contains(api) ? null : call;
}
