using System;
using BurstAnalyzers.AsyncConversion;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace BurstAnalyzers.CodeFixes.Offload;

/// <summary>
/// Adds a using directive in sorted place (System first, as dotnet's defaults sort). For names the import adder cannot
/// find by binding, such as an extension method that only resolves once its namespace is imported.
/// </summary>
internal static class UsingDirectives
{
    public static CompilationUnitSyntax Ensure(CompilationUnitSyntax root, string namespaceName)
    {
        foreach (var existing in root.Usings)
        {
            if (existing.Name?.ToString() == namespaceName && existing.Alias is null && existing.StaticKeyword.IsKind(SyntaxKind.None))
            {
                return root;
            }
        }

        var directive = UsingDirective(ParseName(namespaceName)).WithTrailingTrivia(EndOfLine(NewLineOf(root)));
        var index = 0;
        while (index < root.Usings.Count && Compare(root.Usings[index].Name?.ToString() ?? "", namespaceName) < 0)
        {
            index++;
        }

        if (index == 0 && root.Usings.Count > 0)
        {
            // The new first directive takes over the file's leading trivia (comments, blank lines).
            var first = root.Usings[0];
            directive = directive.WithLeadingTrivia(first.GetLeadingTrivia());
            root = root.ReplaceNode(first, first.WithoutLeadingTrivia());
        }

        return root.WithUsings(root.Usings.Insert(index, directive));
    }

    private static int Compare(string left, string right)
    {
        var leftSystem = left == "System" || left.StartsWith("System.", StringComparison.Ordinal);
        var rightSystem = right == "System" || right.StartsWith("System.", StringComparison.Ordinal);
        return leftSystem != rightSystem ? (leftSystem ? -1 : 1) : string.Compare(left, right, StringComparison.OrdinalIgnoreCase);
    }

    private static string NewLineOf(SyntaxNode root)
    {
        foreach (var trivia in root.DescendantTrivia())
        {
            if (trivia.IsKind(SyntaxKind.EndOfLineTrivia))
            {
                return trivia.ToFullString();
            }
        }

        return "\n";
    }
}
