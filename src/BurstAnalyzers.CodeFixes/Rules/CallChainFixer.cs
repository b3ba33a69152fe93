using System.Collections.Immutable;
using System.Composition;
using BurstAnalyzers.Calls;
using BurstAnalyzers.Fixes;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;

namespace BurstAnalyzers.Rules;

/// <summary>
/// BURST005 fix: the blocking call at the end of the chain is rewritten as its own rule's fix would rewrite it, and the
/// change follows the chain back to the handler: each method on the way becomes async and each call of it an await
/// (every caller in the solution, not only the handler's). Offered only when every step is safe under the async-fix
/// rules; a chain through an interface, a virtual method, a property or a constructor gets only the offload fix.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(CallChainFixer)), Shared]
public sealed class CallChainFixer : AsyncFixer
{
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(DiagnosticIds.BlockingCallChain);

    private protected override IBlockingTargets Targets { get; } = new ChainEnd();

    private protected override string Title => "Make the call chain async, down to the blocking call";

    /// <summary>The chain's last additional location is its blocking call; the diagnostic names the rule it breaks.</summary>
    private sealed class ChainEnd : IBlockingTargets
    {
        public BlockingTarget? Of(Diagnostic diagnostic)
        {
            if (diagnostic.AdditionalLocations.Count == 0
                || !diagnostic.Properties.TryGetValue(ChainProperties.BlockingRule, out var rule)
                || RewriteOf(rule) is not { } rewrite)
            {
                return null;
            }

            return new BlockingTarget(diagnostic.AdditionalLocations[diagnostic.AdditionalLocations.Count - 1], rewrite);
        }

        // BURST006 (listed APIs) has no async twin to await: offload is its only fix.
        private static IAsyncRewrite? RewriteOf(string? rule) => rule switch
        {
            DiagnosticIds.ThreadSleep => ThreadSleepFixer.Rewrite,
            DiagnosticIds.TaskWait => TaskWaitFixer.Rewrite,
            DiagnosticIds.SyncIo => SyncIoFixer.Rewrite,
            DiagnosticIds.PrimitiveWait => PrimitiveWaitFixer.Rewrite,
            _ => null,
        };
    }
}
