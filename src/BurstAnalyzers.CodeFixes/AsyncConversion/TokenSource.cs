using Microsoft.CodeAnalysis.CSharp.Syntax;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>Where the token to pass comes from.</summary>
internal sealed class TokenSource
{
    private TokenSource(ExpressionSyntax expression, AnonymousFunctionExpressionSyntax? addParameterTo)
    {
        Expression = expression;
        AddParameterTo = addParameterTo;
    }

    /// <summary>The expression to pass: a parameter, HttpContext.RequestAborted, Context.ConnectionAborted...</summary>
    public ExpressionSyntax Expression { get; }

    /// <summary>A minimal API lambda that gains a CancellationToken parameter (the framework binds it to the request).</summary>
    public AnonymousFunctionExpressionSyntax? AddParameterTo { get; }

    public const string NewParameterName = "cancellationToken";

    public static TokenSource InScope(ExpressionSyntax expression) => new(expression, null);

    public static TokenSource NewParameter(AnonymousFunctionExpressionSyntax lambda) => new(IdentifierName(NewParameterName), lambda);
}
