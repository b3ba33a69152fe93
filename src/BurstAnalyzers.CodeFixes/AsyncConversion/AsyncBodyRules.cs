using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>Function bodies that cannot become async: iterators, ref locals, ref-struct locals and unsafe blocks
/// (all compile errors in an async function before C# 13, and still wherever they would span an await).</summary>
internal static class AsyncBodyRules
{
    public static bool ForbidsAsync(SyntaxNode body, SemanticModel model, CancellationToken cancellationToken)
    {
        foreach (var node in body.DescendantNodesAndSelf(static n => !AwaitContext.IsNestedFunction(n)))
        {
            switch (node)
            {
                case YieldStatementSyntax:
                case UnsafeStatementSyntax:
                case FixedStatementSyntax:
                case StackAllocArrayCreationExpressionSyntax:
                case ImplicitStackAllocArrayCreationExpressionSyntax:
                case RefTypeSyntax:
                case RefExpressionSyntax:
                    return true;
                case VariableDeclarationSyntax declaration
                    when model.GetTypeInfo(declaration.Type, cancellationToken).Type is { IsRefLikeType: true }:
                    return true;
                case ForEachStatementSyntax loop
                    when model.GetForEachStatementInfo(loop).GetEnumeratorMethod?.ReturnType is { IsRefLikeType: true }:
                    return true;
            }
        }

        return false;
    }
}
