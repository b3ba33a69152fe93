using System.Collections.Immutable;
using System.Composition;
using System.Threading;
using BurstAnalyzers.AsyncConversion;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace BurstAnalyzers.Rules;

/// <summary>BURST001 fix: <c>Thread.Sleep(x)</c> becomes <c>await Task.Delay(x[, token])</c>; the handler becomes async.</summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(ThreadSleepFixer)), Shared]
public sealed class ThreadSleepFixer : AsyncFixer
{
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(DiagnosticIds.ThreadSleep);

    /// <summary>The rewrite of this rule's blocking call, also used at the end of a call chain (BURST005).</summary>
    internal static IAsyncRewrite Rewrite { get; } = new SleepToDelay();

    private protected override ICallsToAwait CallsToAwait { get; } = new DirectCallsToAwait(Rewrite);

    private protected override string Title => "Await Task.Delay and make the handler async";

    private sealed class SleepToDelay : IAsyncRewrite
    {
        public ExpressionSyntax? FindBlockingExpression(SyntaxNode root, TextSpan diagnosticSpan)
            => InvocationRewrites.FindExpression(root, diagnosticSpan) as InvocationExpressionSyntax;

        // Both Thread.Sleep overloads (int, TimeSpan) have a Task.Delay twin with the same meaning, -1 and
        // Timeout.InfiniteTimeSpan included, and one that also takes a token.
        public AwaitableReplacement? Analyze(ExpressionSyntax blocking, SemanticModel model, Microsoft.CodeAnalysis.Diagnostics.AnalyzerConfigOptionsProvider options, CancellationToken cancellationToken)
            => blocking is InvocationExpressionSyntax { ArgumentList.Arguments.Count: 1 }
                && model.GetSymbolInfo(blocking, cancellationToken).Symbol is IMethodSymbol { Name: nameof(Thread.Sleep), Parameters.Length: 1 }
                    ? InvocationRewrites.Checked(blocking, model, "Delay", Delay, mayTakeToken: true, cancellationToken)
                    : null;

        private static ExpressionSyntax Delay(ExpressionSyntax current, ExpressionSyntax? token)
        {
            var invocation = (InvocationExpressionSyntax)current;
            // Thread.Sleep's parameter names differ from Task.Delay's, so a named argument becomes positional.
            var arguments = SingletonSeparatedList(invocation.ArgumentList.Arguments[0].WithNameColon(null));
            if (token is not null)
            {
                arguments = arguments.Add(Argument(token));
            }

            return InvocationExpression(
                MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, TaskSyntax.Task(), IdentifierName("Delay")),
                invocation.ArgumentList.WithArguments(arguments));
        }
    }
}
