using System.Collections.Immutable;
using System.Composition;
using System.Threading;
using BurstAnalyzers.AsyncConversion;
using BurstAnalyzers.Blocking;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;

namespace BurstAnalyzers.Rules;

/// <summary>
/// BURST002 fix: <c>t.Wait()</c>, <c>t.Result</c> and <c>t.GetAwaiter().GetResult()</c> become <c>await t</c>
/// (<c>t.Wait(token)</c> becomes <c>await t.WaitAsync(token)</c>), <c>Task.WaitAll(a, b)</c> becomes
/// <c>await Task.WhenAll(a, b)</c> and a statement <c>Task.WaitAny(a, b)</c> becomes <c>await Task.WhenAny(a, b)</c>.
/// Waits with a timeout have no faithful async twin and get no fix.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(TaskWaitFixer)), Shared]
public sealed class TaskWaitFixer : AsyncFixer
{
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(DiagnosticIds.TaskWait);

    /// <summary>The rewrite of this rule's blocking call, also used at the end of a call chain (BURST005).</summary>
    internal static IAsyncRewrite Rewrite { get; } = new WaitToAwait();

    private protected override ICallsToAwait CallsToAwait { get; } = new DirectCallsToAwait(Rewrite);

    private protected override string Title => "Await the task and make the handler async";

    private sealed class WaitToAwait : IAsyncRewrite
    {
        public ExpressionSyntax? FindBlockingExpression(SyntaxNode root, TextSpan diagnosticSpan) => InvocationRewrites.FindExpression(root, diagnosticSpan);

        public AwaitableReplacement? Analyze(ExpressionSyntax blocking, SemanticModel model, Microsoft.CodeAnalysis.Diagnostics.AnalyzerConfigOptionsProvider options, CancellationToken cancellationToken)
        {
            var symbol = model.GetSymbolInfo(blocking, cancellationToken).Symbol;
            switch (blocking)
            {
                case MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Result" } when symbol is IPropertySymbol:
                    return Receiver(blocking, model, options, static current => ((MemberAccessExpressionSyntax)current).Expression, cancellationToken);

                case InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "GetResult", Expression: InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "GetAwaiter" } } } }:
                    return Receiver(blocking, model, options, static current => ((MemberAccessExpressionSyntax)((InvocationExpressionSyntax)((MemberAccessExpressionSyntax)((InvocationExpressionSyntax)current).Expression).Expression).Expression).Expression, cancellationToken);

                case InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Wait" }, ArgumentList.Arguments.Count: 0 } when symbol is IMethodSymbol { IsStatic: false }:
                    return Receiver(blocking, model, options, static current => ((MemberAccessExpressionSyntax)((InvocationExpressionSyntax)current).Expression).Expression, cancellationToken);

                case InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Wait" }, ArgumentList.Arguments.Count: 1 } wait
                    when symbol is IMethodSymbol { IsStatic: false } && InvocationRewrites.HasCancellationTokenArgument(wait, model, cancellationToken):
                    return InvocationRewrites.Checked(blocking, model, "WaitAsync", static (current, _) => InvocationRewrites.Rename(current, "WaitAsync", null), mayTakeToken: false, cancellationToken);

                case InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "WaitAll" } } waitAll
                    when IsTasksOnly(symbol) && IsStatement(waitAll):
                    return InvocationRewrites.Checked(blocking, model, "WhenAll", static (current, _) => InvocationRewrites.Rename(current, "WhenAll", null), mayTakeToken: false, cancellationToken);

                case InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: "WaitAny" } } waitAny
                    when IsTasksOnly(symbol) && IsStatement(waitAny):
                    return InvocationRewrites.Checked(blocking, model, "WhenAny", static (current, _) => InvocationRewrites.Rename(current, "WhenAny", null), mayTakeToken: false, cancellationToken);

                default:
                    return null;
            }
        }

        /// <summary>
        /// The task itself is the awaitable: <c>t.Result</c> becomes <c>await t</c>. A task queued to the pool whose lambda
        /// only waits for another task is skipped: <c>Task.Run(() =&gt; LoadAsync().Result).Result</c> becomes
        /// <c>await LoadAsync()</c>; one whose lambda blocks otherwise gets no fix (awaiting it would hide a pool
        /// thread blocked per request).
        /// </summary>
        private static AwaitableReplacement? Receiver(ExpressionSyntax blocking, SemanticModel model, Microsoft.CodeAnalysis.Diagnostics.AnalyzerConfigOptionsProvider options, System.Func<ExpressionSyntax, ExpressionSyntax> task, CancellationToken cancellationToken)
        {
            var type = model.GetTypeInfo(task(blocking), cancellationToken).Type;
            var types = CoreLibraryTypes.For(model.Compilation);
            if (!SpeculativeBinding.IsTaskOrConfiguredTask(type, types))
            {
                return null;
            }

            switch (PoolWrappedWait.Judge(task(blocking), model, options, cancellationToken))
            {
                case PoolWrappedWait.Verdict.Blocks:
                    return null;
                case PoolWrappedWait.Verdict.Unwrap:
                    return new AwaitableReplacement(
                        (current, _) => (PoolWrappedWait.InnerTask(task(current)) ?? task(current)).WithoutTrivia(),
                        acceptsCancellationToken: false,
                        awaitUsing: false);
                default:
                    return new AwaitableReplacement((current, _) => task(current).WithoutTrivia(), acceptsCancellationToken: false, awaitUsing: false);
            }
        }

        private static bool IsStatement(ExpressionSyntax expression) => expression.Parent is ExpressionStatementSyntax;

        /// <summary>WaitAll/WaitAny over tasks only (params Task[], params ReadOnlySpan&lt;Task&gt;, IEnumerable&lt;Task&gt;):
        /// no timeout or token, so WhenAll/WhenAny mean the same.</summary>
        private static bool IsTasksOnly(ISymbol? symbol)
            => symbol is IMethodSymbol { IsStatic: true, Parameters.Length: 1 } method
                && (method.Parameters[0].Type is IArrayTypeSymbol || method.Parameters[0].Type is INamedTypeSymbol { IsGenericType: true });
    }
}
