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
    internal static IAsyncRewrite Rewrite { get; } = new SyncToAsync(overEntityQuery: false);

    /// <summary>The rewrite of a LINQ call that enumerates a query the call graph found, once
    /// <see cref="EntityQueryOrigins"/> has shown every method it can come from to return an EF Core query: EF Core's
    /// counterpart, though no DbSet is at the query's root in this file.</summary>
    internal static IAsyncRewrite EntityQueryRewrite { get; } = new SyncToAsync(overEntityQuery: true);

    private protected override ICallsToAwait CallsToAwait { get; } = new DirectCallsToAwait(Rewrite, EntityQueryRewrite);

    private protected override string Title => "Await the async counterpart and make the handler async";

    private sealed class SyncToAsync : IAsyncRewrite
    {
        private readonly bool _overEntityQuery;

        public SyncToAsync(bool overEntityQuery) => _overEntityQuery = overEntityQuery;

        public ExpressionSyntax? FindBlockingExpression(SyntaxNode root, TextSpan diagnosticSpan) => InvocationRewrites.FindExpression(root, diagnosticSpan);

        public AwaitableReplacement? Analyze(ExpressionSyntax blocking, SemanticModel model, Microsoft.CodeAnalysis.Diagnostics.AnalyzerConfigOptionsProvider options, CancellationToken cancellationToken)
        {
            if (blocking is MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Form" } form && model.GetSymbolInfo(form, cancellationToken).Symbol is IPropertySymbol)
            {
                return InvocationRewrites.Checked(blocking, model, "ReadFormAsync", ReadForm, mayTakeToken: true, cancellationToken);
            }

            if (blocking is not InvocationExpressionSyntax invocation
                || model.GetOperation(invocation, cancellationToken) is not IInvocationOperation operation
                || AsyncNameFor(operation, model.Compilation) is not { } asyncName)
            {
                return null;
            }

            var mayTakeToken = !InvocationRewrites.HasCancellationTokenArgument(invocation, model, cancellationToken);
            return InvocationRewrites.Checked(blocking, model, asyncName, (current, token) => InvocationRewrites.Rename(current, asyncName, token), mayTakeToken, cancellationToken)
                ?? NotImportedExtension(invocation, operation, model, asyncName, mayTakeToken, cancellationToken);
        }

        private string? AsyncNameFor(IInvocationOperation operation, Compilation compilation)
        {
            var catalog = BlockingCatalog.For(compilation);
            return catalog.AsyncNameFor(operation) ?? (_overEntityQuery ? catalog.Counterparts.EntityFrameworkCounterpartOfKnownQuery(operation)?.Name : null);
        }

        private IMethodSymbol? CounterpartFor(IInvocationOperation operation, Compilation compilation)
        {
            var counterparts = BlockingCatalog.For(compilation).Counterparts;
            return counterparts.CounterpartFor(operation) ?? (_overEntityQuery ? counterparts.EntityFrameworkCounterpartOfKnownQuery(operation) : null);
        }

        /// <summary>
        /// An extension counterpart the file does not import (EF Core's ToListAsync without
        /// <c>using Microsoft.EntityFrameworkCore;</c>): the call written as <c>Extensions.NameAsync(receiver, ...)</c>
        /// must bind, then the fix writes <c>receiver.NameAsync(...)</c> and adds the using.
        /// </summary>
        private AwaitableReplacement? NotImportedExtension(
            InvocationExpressionSyntax invocation, IInvocationOperation operation, SemanticModel model, string asyncName, bool mayTakeToken, CancellationToken cancellationToken)
        {
            // After `?.` the receiver is a member binding: moved out of its access into an argument it does not bind
            // (Roslyn's binder throws on a member binding outside its access).
            if (invocation.Expression is not MemberAccessExpressionSyntax { Expression: var receiver }
                || ConditionalCalls.IsAfterQuestionDot(invocation)
                || CounterpartFor(operation, model.Compilation) is not { ReducedFrom.ContainingType: { } holder }
                || holder.ContainingNamespace is not { IsGlobalNamespace: false } ns)
            {
                return null;
            }

            ExpressionSyntax StaticCall(ExpressionSyntax? token)
            {
                var arguments = new System.Collections.Generic.List<ArgumentSyntax> { Argument(receiver.WithoutTrivia()) };
                arguments.AddRange(invocation.ArgumentList.Arguments);
                if (token is not null)
                {
                    arguments.Add(Argument(token));
                }

                var type = ParseExpression(holder.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat));
                return InvocationExpression(MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, type, IdentifierName(asyncName)), ArgumentList(SeparatedList(arguments)));
            }

            var types = CoreLibraryTypes.For(model.Compilation);
            if (SpeculativeBinding.AwaitableType(model, invocation.SpanStart, StaticCall(null), types, asyncName) is null)
            {
                return null;
            }

            var acceptsToken = mayTakeToken
                && SpeculativeBinding.AwaitableType(model, invocation.SpanStart, StaticCall(SpeculativeBinding.TokenProbe()), types, asyncName) is not null;
            return new AwaitableReplacement(
                (current, token) => InvocationRewrites.Rename(current, asyncName, token), acceptsToken, awaitUsing: false, ns.ToDisplayString());
        }

        private static ExpressionSyntax ReadForm(ExpressionSyntax current, ExpressionSyntax? token)
        {
            var access = (MemberAccessExpressionSyntax)current;
            var arguments = token is null ? ArgumentList() : ArgumentList(SingletonSeparatedList(Argument(token)));
            return InvocationExpression(access.WithName(IdentifierName("ReadFormAsync")), arguments);
        }
    }
}
