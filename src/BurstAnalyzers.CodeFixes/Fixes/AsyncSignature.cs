using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace BurstAnalyzers.Fixes;

/// <summary>Syntax edits that turn a method declaration's signature into its async form, keeping trivia in place.</summary>
internal static class AsyncSignature
{
    /// <summary>Adds <c>async</c> (when missing) and changes the return type as <paramref name="change"/> says.</summary>
    public static MethodDeclarationSyntax MakeAsync(MethodDeclarationSyntax method, SignatureChange change)
    {
        var result = Retype(method, change);
        if (result.Modifiers.Any(SyntaxKind.AsyncKeyword))
        {
            return result;
        }

        // "async" goes right before the return type; with no modifiers it takes over the return type's leading trivia.
        if (result.Modifiers.Count == 0)
        {
            var leading = result.ReturnType.GetLeadingTrivia();
            return result
                .WithReturnType(result.ReturnType.WithLeadingTrivia())
                .WithModifiers(TokenList(Token(leading, SyntaxKind.AsyncKeyword, TriviaList(Space))));
        }

        return result.WithModifiers(result.Modifiers.Add(Token(SyntaxKind.AsyncKeyword).WithTrailingTrivia(Space)));
    }

    /// <summary>Changes only the return type: for an interface (contract) declaration, which has no body to make async.</summary>
    public static MethodDeclarationSyntax Retype(MethodDeclarationSyntax method, SignatureChange change)
    {
        var returnType = method.ReturnType;
        TypeSyntax newType = change switch
        {
            SignatureChange.VoidToTask => TaskSyntax.Task(),
            SignatureChange.ValueToTaskOfT => TaskSyntax.TaskOf(returnType.WithoutTrivia()),
            _ => returnType,
        };

        return newType == returnType ? method : method.WithReturnType(newType.WithTriviaFrom(returnType));
    }
}
