using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>
/// How one kind of blocking call becomes an awaitable expression. The conversion engine awaits the result, passes a
/// cancellation token when one is in scope, and makes the enclosing function async; a rewrite only knows its call shape.
/// </summary>
internal interface IAsyncRewrite
{
    /// <summary>The blocking expression a diagnostic points at, or null when the span holds something else.</summary>
    ExpressionSyntax? FindBlockingExpression(SyntaxNode root, TextSpan diagnosticSpan);

    /// <summary>The faithful awaitable replacement of the blocking expression, or null when there is none.</summary>
    AwaitableReplacement? Analyze(ExpressionSyntax blocking, SemanticModel model, Microsoft.CodeAnalysis.Diagnostics.AnalyzerConfigOptionsProvider options, CancellationToken cancellationToken);
}
