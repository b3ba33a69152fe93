using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>Where an <c>await</c> may replace a blocking expression.</summary>
internal static class AwaitContext
{
    /// <summary>
    /// The function whose body directly holds <paramref name="blocking"/> — a method, a local function or a lambda —
    /// or null when an await cannot go there: inside a lock, an unsafe or fixed block, a catch filter or a query clause,
    /// or in a member that is not a method (accessor, constructor, field initialiser).
    /// </summary>
    public static SyntaxNode? FindFunction(SyntaxNode blocking)
    {
        for (var node = blocking.Parent; node is not null; node = node.Parent)
        {
            switch (node)
            {
                case MethodDeclarationSyntax:
                case LocalFunctionStatementSyntax:
                case AnonymousFunctionExpressionSyntax:
                    return node;
                case LockStatementSyntax:
                case UnsafeStatementSyntax:
                case FixedStatementSyntax:
                case CatchFilterClauseSyntax:
                case QueryClauseSyntax:
                case SelectOrGroupClauseSyntax:
                case MemberDeclarationSyntax:
                case AttributeSyntax:
                    return null;
            }
        }

        return null;
    }

    /// <summary>The body of a function declaration, without nested functions' bodies.</summary>
    public static SyntaxNode? BodyOf(SyntaxNode declaration) => declaration switch
    {
        MethodDeclarationSyntax method => (SyntaxNode?)method.Body ?? method.ExpressionBody,
        LocalFunctionStatementSyntax local => (SyntaxNode?)local.Body ?? local.ExpressionBody,
        AnonymousFunctionExpressionSyntax lambda => lambda.Body,
        _ => null,
    };

    public static bool IsNestedFunction(SyntaxNode node) => node is AnonymousFunctionExpressionSyntax or LocalFunctionStatementSyntax;
}
