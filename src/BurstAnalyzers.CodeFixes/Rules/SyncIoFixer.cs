using System.Collections.Immutable;
using System.Composition;
using System.Threading;
using BurstAnalyzers.AsyncConversion;
using BurstAnalyzers.Blocking;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;
using Microsoft.CodeAnalysis.Text;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace BurstAnalyzers.Rules;

/// <summary>
/// BURST003 fix: the sync call becomes an await of its async counterpart, found by the same binding the analyzer uses
/// (<c>File.ReadAllText(p)</c> → <c>await File.ReadAllTextAsync(p, token)</c>, <c>cmd.ExecuteReader()</c> →
/// <c>await cmd.ExecuteReaderAsync(token)</c>, <c>Request.Form</c> → <c>await Request.ReadFormAsync(token)</c>), and a
/// using declaration of an IAsyncDisposable result becomes <c>await using</c>. Offered only when the rewrite binds.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(SyncIoFixer)), Shared]
public sealed class SyncIoFixer : AsyncFixer
{
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(DiagnosticIds.SyncIo);

    /// <summary>The rewrite of this rule's blocking call, also used at the end of a call chain (BURST005).</summary>
    internal static IAsyncRewrite Rewrite { get; } = new SyncToAsync();

    private protected override ICallsToAwait CallsToAwait { get; } = new DirectCallsToAwait(Rewrite);

    private protected override string Title => "Await the async counterpart and make the handler async";

    private sealed class SyncToAsync : IAsyncRewrite
    {
        public ExpressionSyntax? FindBlockingExpression(SyntaxNode root, TextSpan diagnosticSpan) => InvocationRewrites.FindExpression(root, diagnosticSpan);

        public AwaitableReplacement? Analyze(ExpressionSyntax blocking, SemanticModel model, Microsoft.CodeAnalysis.Diagnostics.AnalyzerConfigOptionsProvider options, CancellationToken cancellationToken)
        {
            if (blocking is MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Form" } form && model.GetSymbolInfo(form, cancellationToken).Symbol is IPropertySymbol)
            {
                return InvocationRewrites.Checked(blocking, model, "ReadFormAsync", ReadForm, mayTakeToken: true, cancellationToken);
            }

            if (blocking is not InvocationExpressionSyntax invocation
                || model.GetOperation(invocation, cancellationToken) is not IInvocationOperation operation
                || BlockingCatalog.For(model.Compilation).AsyncNameFor(operation) is not { } asyncName)
            {
                return null;
            }

            var mayTakeToken = !InvocationRewrites.HasCancellationTokenArgument(invocation, model, cancellationToken);
            return InvocationRewrites.Checked(blocking, model, asyncName, (current, token) => InvocationRewrites.Rename(current, asyncName, token), mayTakeToken, cancellationToken);
        }

        private static ExpressionSyntax ReadForm(ExpressionSyntax current, ExpressionSyntax? token)
        {
            var access = (MemberAccessExpressionSyntax)current;
            var arguments = token is null ? ArgumentList() : ArgumentList(SingletonSeparatedList(Argument(token)));
            return InvocationExpression(access.WithName(IdentifierName("ReadFormAsync")), arguments);
        }
    }
}
