using System.Collections.Immutable;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Blocking;
using BurstAnalyzers.Handlers;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>The direct rules (BURST001-004): the diagnostic points at the blocking call itself.</summary>
internal sealed class DirectCallsToAwait : ICallsToAwait
{
    private readonly IAsyncRewrite _rewrite;
    private readonly IAsyncRewrite? _entityQueryRewrite;
    private readonly IAsyncRewrite? _entityQueryForEachRewrite;
    private readonly IAsyncRewrite? _entityQueryMaterializeRewrite;

    /// <param name="rewrite">How the call at a diagnostic becomes awaitable.</param>
    /// <param name="entityQueryRewrite">How a LINQ call that enumerates a query the call graph found becomes awaitable,
    /// once <see cref="EntityQueryOrigins"/> has shown the query to be EF Core's wherever it comes from (BURST003).</param>
    /// <param name="entityQueryForEachRewrite">How a <c>foreach</c> over such a query becomes <c>await foreach</c>, once
    /// the sequence is shown to be the EF Core query object itself.</param>
    /// <param name="entityQueryMaterializeRewrite">How the query under a sequence composed in memory that the response
    /// serializes is read asynchronously first (<see cref="EntityQueryOrigins.MaterializedQueryAsync"/>).</param>
    public DirectCallsToAwait(IAsyncRewrite rewrite, IAsyncRewrite? entityQueryRewrite = null, IAsyncRewrite? entityQueryForEachRewrite = null, IAsyncRewrite? entityQueryMaterializeRewrite = null)
    {
        _rewrite = rewrite;
        _entityQueryRewrite = entityQueryRewrite;
        _entityQueryForEachRewrite = entityQueryForEachRewrite;
        _entityQueryMaterializeRewrite = entityQueryMaterializeRewrite;
    }

    /// <summary>The call at the diagnostic. For a query enumerated there that the call graph found, the LINQ call that
    /// runs it, and only when every method the query can come from returns an EF Core query (EF Core's async operators
    /// throw on any other); for a <c>foreach</c>, the loop, when the sequence is an EF Core query object wherever it
    /// comes from; none for a new list (the location is the sequence enumerated, whose own counterpart is no fix for the
    /// enumeration).</summary>
    public async Task<ImmutableArray<CallToAwait>> FindAsync(Diagnostic diagnostic, Solution solution, CancellationToken cancellationToken)
    {
        if (!diagnostic.Properties.ContainsKey(DeferredQueries.EnumeratedQueryProperty))
        {
            // A task the response serializes: awaiting it would change what the response holds.
            return diagnostic.Properties.ContainsKey(ResponseValues.SerializedProperty)
                ? ImmutableArray<CallToAwait>.Empty
                : ImmutableArray.Create(new CallToAwait(diagnostic.Location, _rewrite));
        }

        if (diagnostic.Properties.TryGetValue(ResponseValues.SerializedProperty, out var serializedBy))
        {
            return _entityQueryMaterializeRewrite is not null
                && await EntityQueryOrigins.MaterializedQueryAsync(diagnostic.Location, solution, keepModelType: serializedBy == ResponseValues.RenderedByView, cancellationToken).ConfigureAwait(false) is { } query
                    ? ImmutableArray.Create(new CallToAwait(query, _entityQueryMaterializeRewrite))
                    : ImmutableArray<CallToAwait>.Empty;
        }

        if (_entityQueryForEachRewrite is not null
            && await EntityQueryOrigins.IsEntityQueryEnumeratedByForEachAsync(diagnostic.Location, solution, cancellationToken).ConfigureAwait(false))
        {
            return ImmutableArray.Create(new CallToAwait(diagnostic.Location, _entityQueryForEachRewrite));
        }

        return _entityQueryRewrite is not null
            && await EntityQueryOrigins.IsEnumeratedEntityQueryAsync(diagnostic.Location, solution, cancellationToken).ConfigureAwait(false)
                ? ImmutableArray.Create(new CallToAwait(diagnostic.Location, _entityQueryRewrite))
                : ImmutableArray<CallToAwait>.Empty;
    }
}
