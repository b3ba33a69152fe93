using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>One blocking expression (or call of a function made async) that becomes an await.</summary>
internal sealed class AwaitEdit
{
    public AwaitEdit(DocumentId documentId, ExpressionSyntax expression, AwaitableReplacement replacement, TokenSource? token, bool configureAwait = false)
    {
        ConfigureAwait = configureAwait;
        DocumentId = documentId;
        Expression = expression;
        Replacement = replacement;
        Token = token;
    }

    public DocumentId DocumentId { get; }

    public ExpressionSyntax Expression { get; }

    public AwaitableReplacement Replacement { get; }

    /// <summary>The request's token this call is given when the user opts in to observing cancellation.</summary>
    public TokenSource? Token { get; }

    /// <summary>The await takes <c>.ConfigureAwait(false)</c>: the project's convention asks for it in this function and
    /// the awaitable is a Task or ValueTask (<see cref="AwaitConvention"/>).</summary>
    public bool ConfigureAwait { get; }

    /// <summary>The same edit, given no token (the default action).</summary>
    public AwaitEdit WithoutToken() => Token is null ? this : new AwaitEdit(DocumentId, Expression, Replacement, token: null, ConfigureAwait);
}
