using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Fixes;

/// <summary>The direct rules (BURST001-004): the diagnostic points at the blocking call itself.</summary>
internal sealed class DirectTargets : IBlockingTargets
{
    private readonly IAsyncRewrite _rewrite;

    public DirectTargets(IAsyncRewrite rewrite) => _rewrite = rewrite;

    public BlockingTarget? Of(Diagnostic diagnostic) => new BlockingTarget(diagnostic.Location, _rewrite);
}
