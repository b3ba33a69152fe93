using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace BurstAnalyzers.Fixes;

/// <summary>Where an <c>await</c> may replace a blocking expression.</summary>
internal static class AwaitContext
{
    /// <summary>
    /// The method whose body directly holds <paramref name="blocking"/>, or null when an await cannot go there: inside
    /// a lambda or local function (making those async changes a delegate type), a lock, an unsafe or fixed block, a
    /// catch filter or a query clause, or in any member that is not a method (accessor, constructor, field).
    /// </summary>
    public static MethodDeclarationSyntax? FindConvertibleMethod(ExpressionSyntax blocking)
    {
        for (var node = blocking.Parent; node is not null; node = node.Parent)
        {
            switch (node)
            {
                case MethodDeclarationSyntax method:
                    return method;
                case AnonymousFunctionExpressionSyntax:
                case LocalFunctionStatementSyntax:
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
}
