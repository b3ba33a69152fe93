using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>One blocking expression (or call of a function made async) that becomes an await.</summary>
internal sealed class AwaitEdit
{
    public AwaitEdit(DocumentId documentId, ExpressionSyntax expression, AwaitableReplacement replacement, TokenSource? token)
    {
        DocumentId = documentId;
        Expression = expression;
        Replacement = replacement;
        Token = token;
    }

    public DocumentId DocumentId { get; }

    public ExpressionSyntax Expression { get; }

    public AwaitableReplacement Replacement { get; }

    public TokenSource? Token { get; }
}
