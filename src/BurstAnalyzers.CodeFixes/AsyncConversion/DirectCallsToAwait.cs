using System.Collections.Immutable;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Blocking;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>The direct rules (BURST001-004): the diagnostic points at the blocking call itself.</summary>
internal sealed class DirectCallsToAwait : ICallsToAwait
{
    private readonly IAsyncRewrite _rewrite;

    public DirectCallsToAwait(IAsyncRewrite rewrite) => _rewrite = rewrite;

    /// <summary>The call at the diagnostic; none for a query enumerated there that the call graph found (its location is
    /// the sequence enumerated, whose own counterpart is no fix for the enumeration).</summary>
    public Task<ImmutableArray<CallToAwait>> FindAsync(Diagnostic diagnostic, Solution solution, CancellationToken cancellationToken)
        => Task.FromResult(diagnostic.Properties.ContainsKey(DeferredQueries.EnumeratedQueryProperty)
            ? ImmutableArray<CallToAwait>.Empty
            : ImmutableArray.Create(new CallToAwait(diagnostic.Location, _rewrite)));
}
