using System.Collections.Immutable;
using System.Composition;
using System.Threading;
using BurstAnalyzers.AsyncConversion;
using BurstAnalyzers.Blocking;
using BurstAnalyzers.Internals;
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

    /// <summary>The rewrite of a <c>foreach</c> over a query, once <see cref="EntityQueryOrigins"/> has shown the sequence
    /// to be an EF Core query object wherever it comes from: <c>await foreach</c> over EF Core's
    /// <c>AsAsyncEnumerable()</c>, which streams the rows as the loop did.</summary>
    internal static IAsyncRewrite EntityQueryForEachRewrite { get; } = new QueryForEach();

    /// <summary>The rewrite of the query under a sequence composed in memory that a response serializes, once
    /// <see cref="EntityQueryOrigins.MaterializedQueryAsync"/> has found where the EF Core query object becomes LINQ to
    /// Objects: <c>(await query.ToListAsync())</c> there, the in-memory operators left on the list.</summary>
    internal static IAsyncRewrite EntityQueryMaterializeRewrite { get; } = new QueryToList();

    private protected override ICallsToAwait CallsToAwait { get; } = new DirectCallsToAwait(Rewrite, EntityQueryRewrite, EntityQueryForEachRewrite, EntityQueryMaterializeRewrite);

    private protected override string Title => "Await the async counterpart and make the handler async";

    /// <summary>
    /// <c>foreach (var x in q)</c> → <c>await foreach (var x in q.AsAsyncEnumerable())</c>; the loop's body, its
    /// variable and its order stay as they were.
    /// </summary>
    private sealed class QueryForEach : IAsyncRewrite
    {
        public ExpressionSyntax? FindBlockingExpression(SyntaxNode root, TextSpan diagnosticSpan)
            => EntityQueryOrigins.ForEachOf(root.FindNode(diagnosticSpan, getInnermostNodeForTie: true)) is { } loop ? loop.Expression : null;

        public AwaitableReplacement? Analyze(ExpressionSyntax blocking, SemanticModel model, Microsoft.CodeAnalysis.Diagnostics.AnalyzerConfigOptionsProvider options, CancellationToken cancellationToken)
            => EntityQueryOrigins.ForEachOf(blocking) is null
                ? null
                : QuerySyntax.Analyze(blocking, model, "AsAsyncEnumerable", awaitForEach: true, cancellationToken);
    }

    /// <summary>
    /// EF Core's operator called on a sequence shown to be an EF Core query object (<see cref="EntityQueryOrigins"/>):
    /// <c>q.Operator()</c>, or <c>q.AsQueryable().Operator()</c> where the sequence is typed <c>IEnumerable&lt;T&gt;</c>
    /// (<c>AsQueryable</c> hands out the query it is). Needs C# 8 and System.Linq in scope for <c>AsQueryable</c>; EF
    /// Core's namespace is added where the file lacks it.
    /// </summary>
    private static class QuerySyntax
    {
        private const string EntityFrameworkNamespace = "Microsoft.EntityFrameworkCore";

        public static AwaitableReplacement? Analyze(ExpressionSyntax blocking, SemanticModel model, string entityFrameworkOperator, bool awaitForEach, CancellationToken cancellationToken)
        {
            if (blocking.SyntaxTree.Options is not CSharpParseOptions { LanguageVersion: >= LanguageVersion.CSharp8 }
                || model.GetTypeInfo(blocking, cancellationToken).Type is not { } type
                || CoreLibraryTypes.For(model.Compilation).QueryableInterface is not { } queryable)
            {
                return null;
            }

            var isQueryable = IsOrImplements(type, queryable);
            var position = blocking.SpanStart;

            // Bound as written, with the usings the file will have: AsQueryable as the file sees it, the operator as EF
            // Core's (its using is added).
            var source = isQueryable ? Receiver(blocking) : AsQueryable(blocking);
            if (!isQueryable && (model.GetSpeculativeSymbolInfo(position, source, SpeculativeBindingOption.BindAsExpression).Symbol is not IMethodSymbol { Name: "AsQueryable" } asQueryable
                    || (asQueryable.ReducedFrom ?? asQueryable).ContainingType?.ToDisplayString() != WellKnownTypeNames.SystemLinqQueryable))
            {
                return null;
            }

            var check = InvocationExpression(
                MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, ParseExpression("global::" + WellKnownTypeNames.MicrosoftEntityFrameworkCoreEntityFrameworkQueryableExtensions), IdentifierName(entityFrameworkOperator)),
                ArgumentList(SingletonSeparatedList(Argument(source))));
            if (model.GetSpeculativeTypeInfo(position, check, SpeculativeBindingOption.BindAsExpression).Type is not INamedTypeSymbol { TypeArguments.Length: 1 })
            {
                return null;
            }

            return new AwaitableReplacement(
                (current, token) => InvocationExpression(
                    MemberAccessExpression(
                        SyntaxKind.SimpleMemberAccessExpression,
                        isQueryable ? Receiver(current.WithoutTrivia()) : AsQueryable(current.WithoutTrivia()),
                        IdentifierName(entityFrameworkOperator)),
                    token is null ? ArgumentList() : ArgumentList(SingletonSeparatedList(Argument(token)))),
                acceptsCancellationToken: !awaitForEach,
                awaitUsing: false,
                requiredNamespace: EntityFrameworkNamespace,
                awaitForEach: awaitForEach);
        }

        private static InvocationExpressionSyntax AsQueryable(ExpressionSyntax sequence)
            => InvocationExpression(MemberAccessExpression(SyntaxKind.SimpleMemberAccessExpression, Receiver(sequence), IdentifierName("AsQueryable")));

        /// <summary>The sequence as the receiver of a member access: parenthesized unless it is a primary expression.</summary>
        private static ExpressionSyntax Receiver(ExpressionSyntax sequence)
            => sequence is IdentifierNameSyntax or GenericNameSyntax or MemberAccessExpressionSyntax or InvocationExpressionSyntax
                or ElementAccessExpressionSyntax or ParenthesizedExpressionSyntax or ThisExpressionSyntax or BaseExpressionSyntax
                    ? sequence.WithoutTrivia()
                    : ParenthesizedExpression(sequence.WithoutTrivia());

        private static bool IsOrImplements(ITypeSymbol type, INamedTypeSymbol queryable)
        {
            if (SymbolEqualityComparer.Default.Equals(type, queryable))
            {
                return true;
            }

            foreach (var implemented in type.AllInterfaces)
            {
                if (SymbolEqualityComparer.Default.Equals(implemented, queryable))
                {
                    return true;
                }
            }

            return false;
        }
    }

    /// <summary><c>query</c> → <c>query.ToListAsync()</c>, awaited by the engine; a query typed
    /// <c>IEnumerable&lt;T&gt;</c> goes through <c>AsQueryable()</c> first, which hands out the EF Core query it is.</summary>
    private sealed class QueryToList : IAsyncRewrite
    {
        public ExpressionSyntax? FindBlockingExpression(SyntaxNode root, TextSpan diagnosticSpan)
            => root.FindNode(diagnosticSpan, getInnermostNodeForTie: true) as ExpressionSyntax;

        public AwaitableReplacement? Analyze(ExpressionSyntax blocking, SemanticModel model, Microsoft.CodeAnalysis.Diagnostics.AnalyzerConfigOptionsProvider options, CancellationToken cancellationToken)
            => QuerySyntax.Analyze(blocking, model, "ToListAsync", awaitForEach: false, cancellationToken);
    }

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
