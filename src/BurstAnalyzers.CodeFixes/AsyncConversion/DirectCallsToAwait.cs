using System.Collections.Immutable;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>The direct rules (BURST001-004): the diagnostic points at the blocking call itself.</summary>
internal sealed class DirectCallsToAwait : ICallsToAwait
{
    private readonly IAsyncRewrite _rewrite;

    public DirectCallsToAwait(IAsyncRewrite rewrite) => _rewrite = rewrite;

    public Task<ImmutableArray<CallToAwait>> FindAsync(Diagnostic diagnostic, Solution solution, CancellationToken cancellationToken)
        => Task.FromResult(ImmutableArray.Create(new CallToAwait(diagnostic.Location, _rewrite)));
}
