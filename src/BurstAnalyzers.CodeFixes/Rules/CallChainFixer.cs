using System.Collections.Immutable;
using System.Composition;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.AsyncConversion;
using BurstAnalyzers.CallGraph;
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

    private protected override ICallsToAwait CallsToAwait { get; } = new ChainCallsToAwait();

    private protected override string Title => "Make the call chain async, down to the blocking call";

    /// <summary>
    /// The chain's last additional location is its blocking call, and the diagnostic names the rule it breaks: that
    /// call first. Then every other blocking call the handler's call reaches through convertible methods, so the call
    /// no longer blocks once fixed (the rule names only the first it finds); if one of them has no rewrite or cannot be
    /// converted, there is no async fix at all (the engine converts a diagnostic's calls all or none).
    /// </summary>
    private sealed class ChainCallsToAwait : ICallsToAwait
    {
        public async Task<ImmutableArray<CallToAwait>> FindAsync(Diagnostic diagnostic, Solution solution, CancellationToken cancellationToken)
        {
            if (diagnostic.AdditionalLocations.Count == 0
                || !diagnostic.Properties.TryGetValue(BlockingChain.BlockingRuleProperty, out var rule)
                || RewriteOf(rule) is not { } rewrite)
            {
                return ImmutableArray<CallToAwait>.Empty;
            }

            var end = diagnostic.AdditionalLocations[diagnostic.AdditionalLocations.Count - 1];
            if (diagnostic.Properties.ContainsKey(BlockingChain.CarriedFromProperty))
            {
                // The chain goes on in another project: its blocking call is in a document of that project, when the
                // solution has it (an editor, dotnet format on the solution). The engine follows the change back
                // through the callers in every project; the library's public API rule decides whether it may. Only
                // that one call is converted: where the report counts other blocking calls behind the same call there,
                // the method would come out async and still block, so no fix (all or none).
                if (diagnostic.Properties.ContainsKey(BlockingChain.OtherBlockingCallsProperty))
                {
                    return ImmutableArray<CallToAwait>.Empty;
                }

                return await InOtherProjectAsync(end, solution, cancellationToken).ConfigureAwait(false) is { } elsewhere
                    && !await IsInLambdaAsync(elsewhere, cancellationToken).ConfigureAwait(false)
                        ? ImmutableArray.Create(new CallToAwait(elsewhere, rewrite))
                        : ImmutableArray<CallToAwait>.Empty;
            }

            if (await IsInLambdaAsync(end, cancellationToken).ConfigureAwait(false))
            {
                // A blocking call in a lambda queued to the pool (Task.Run) or run in place (LINQ): making the chain
                // async would not reach it. The offload fix remains.
                return ImmutableArray<CallToAwait>.Empty;
            }

            var calls = ImmutableArray.CreateBuilder<CallToAwait>();
            calls.Add(new CallToAwait(end, rewrite));
            if (solution.GetDocument(diagnostic.Location.SourceTree) is { } document
                && await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false) is { } model
                && await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false) is { } root
                && model.GetOperation(root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true), cancellationToken) is { } call)
            {
                foreach (var reached in ReachedBlockingCalls.Under(call, model.Compilation, document.Project.AnalyzerOptions.AnalyzerConfigOptionsProvider, document.Project.AnalyzerOptions.AdditionalFiles, cancellationToken))
                {
                    if (reached.Location.Equals(end))
                    {
                        continue;
                    }

                    if (RewriteOf(reached.Rule) is not { } other)
                    {
                        return ImmutableArray<CallToAwait>.Empty; // a call with no async twin (BURST006) would stay blocking
                    }

                    calls.Add(new CallToAwait(reached.Location, other));
                }
            }

            return calls.ToImmutable();
        }

        /// <summary>The blocking call a carried chain ends in, as a location in the solution's document of that file.</summary>
        private static async Task<Location?> InOtherProjectAsync(Location end, Solution solution, CancellationToken cancellationToken)
        {
            var span = end.GetLineSpan();
            if (string.IsNullOrEmpty(span.Path))
            {
                return null;
            }

            foreach (var id in solution.GetDocumentIdsWithFilePath(span.Path))
            {
                if (solution.GetDocument(id) is { } document
                    && await document.GetSyntaxTreeAsync(cancellationToken).ConfigureAwait(false) is { } tree
                    && await tree.GetTextAsync(cancellationToken).ConfigureAwait(false) is { } text
                    && span.EndLinePosition.Line < text.Lines.Count)
                {
                    return Location.Create(tree, text.Lines.GetTextSpan(span.Span));
                }
            }

            return null;
        }

        private static async Task<bool> IsInLambdaAsync(Location location, CancellationToken cancellationToken)
        {
            if (location.SourceTree is not { } tree)
            {
                return false;
            }

            var root = await tree.GetRootAsync(cancellationToken).ConfigureAwait(false);
            for (var node = root.FindNode(location.SourceSpan, getInnermostNodeForTie: true); node is not null; node = node.Parent)
            {
                if (node is Microsoft.CodeAnalysis.CSharp.Syntax.AnonymousFunctionExpressionSyntax { Parent: Microsoft.CodeAnalysis.CSharp.Syntax.ArgumentSyntax })
                {
                    return true;
                }

                if (node is Microsoft.CodeAnalysis.CSharp.Syntax.MemberDeclarationSyntax or Microsoft.CodeAnalysis.CSharp.Syntax.LocalFunctionStatementSyntax)
                {
                    return false;
                }
            }

            return false;
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
