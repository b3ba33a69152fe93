using System.Collections.Immutable;
using System.Composition;
using System.Threading;
using BurstAnalyzers.AsyncConversion;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;

namespace BurstAnalyzers.Rules;

/// <summary>
/// BURST004 fix, where an async twin exists: <c>semaphore.Wait(...)</c> becomes <c>await semaphore.WaitAsync(...)</c>
/// (every overload has one, bool results included). Events, monitors and joins have none: the offload fix covers them.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PrimitiveWaitFixer)), Shared]
public sealed class PrimitiveWaitFixer : AsyncFixer
{
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(DiagnosticIds.PrimitiveWait);

    /// <summary>The rewrite of this rule's blocking call, also used at the end of a call chain (BURST005).</summary>
    internal static IAsyncRewrite Rewrite { get; } = new SemaphoreWaitAsync();

    private protected override ICallsToAwait CallsToAwait { get; } = new DirectCallsToAwait(Rewrite);

    private protected override string Title => "Await SemaphoreSlim.WaitAsync and make the handler async";

    private sealed class SemaphoreWaitAsync : IAsyncRewrite
    {
        public ExpressionSyntax? FindBlockingExpression(SyntaxNode root, TextSpan diagnosticSpan)
            => InvocationRewrites.FindExpression(root, diagnosticSpan) as InvocationExpressionSyntax;

        public AwaitableReplacement? Analyze(ExpressionSyntax blocking, SemanticModel model, Microsoft.CodeAnalysis.Diagnostics.AnalyzerConfigOptionsProvider options, CancellationToken cancellationToken)
        {
            if (blocking is not InvocationExpressionSyntax invocation
                || model.GetSymbolInfo(invocation, cancellationToken).Symbol is not IMethodSymbol { Name: "Wait", ContainingType: { Name: "SemaphoreSlim", ContainingNamespace.Name: "Threading" } })
            {
                return null;
            }

            var mayTakeToken = !InvocationRewrites.HasCancellationTokenArgument(invocation, model, cancellationToken);
            return InvocationRewrites.Checked(blocking, model, "WaitAsync", static (current, token) => InvocationRewrites.Rename(current, "WaitAsync", token), mayTakeToken, cancellationToken);
        }
    }
}
