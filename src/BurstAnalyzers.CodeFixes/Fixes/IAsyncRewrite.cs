using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;

namespace BurstAnalyzers.Fixes;

/// <summary>
/// How one kind of blocking call becomes an awaitable expression. The conversion engine awaits the result and makes
/// the enclosing handler async; a rewrite only knows its own call shape.
/// </summary>
internal interface IAsyncRewrite
{
    /// <summary>The blocking expression a diagnostic points at, or null when the span holds something else.</summary>
    ExpressionSyntax? FindBlockingExpression(SyntaxNode root, TextSpan diagnosticSpan);

    /// <summary>Whether the blocking expression has a faithful awaitable replacement.</summary>
    bool CanRewrite(ExpressionSyntax blocking, SemanticModel model, CancellationToken cancellationToken);

    /// <summary>The awaitable replacement, built from the current (possibly already edited) expression.</summary>
    ExpressionSyntax CreateAwaitable(ExpressionSyntax current);
}
