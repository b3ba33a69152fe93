using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Fixes;

/// <summary>
/// How a fixer's diagnostics lead to the blocking call to rewrite: for the direct rules it is the call the diagnostic
/// points at; for a call chain (BURST005) it is the call at the far end of the chain, in another method.
/// </summary>
internal interface IBlockingTargets
{
    /// <summary>The call to rewrite, or null when the diagnostic names none this fix knows how to rewrite.</summary>
    BlockingTarget? Of(Diagnostic diagnostic);
}
