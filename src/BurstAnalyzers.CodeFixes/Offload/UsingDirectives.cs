using System;
using System.Collections.Generic;
using BurstAnalyzers.AsyncConversion;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace BurstAnalyzers.CodeFixes.Offload;

/// <summary>
/// Adds a using directive in sorted place (System first, as dotnet's defaults sort). For names the import adder cannot
/// find by binding, such as an extension method that only resolves once its namespace is imported. And keeps added
/// directives where every build configuration sees them: the import adder sorts a new directive in among the file's,
/// which may put it inside an <c>#if … #else … #endif</c> around the usings.
/// </summary>
internal static class UsingDirectives
{
    /// <summary>The text of the file's using directives, before an edit adds any (for <see cref="OutOfConditionals"/>).</summary>
    public static HashSet<string> Existing(SyntaxNode root)
    {
        var existing = new HashSet<string>(StringComparer.Ordinal);
        if (root is CompilationUnitSyntax unit)
        {
            foreach (var directive in unit.Usings)
            {
                existing.Add(directive.WithoutTrivia().ToString());
            }
        }

        return existing;
    }

    /// <summary>
    /// Moves each using directive not in <paramref name="existing"/> that landed inside a conditional region out of
    /// it, to just before the <c>#if</c> that opens the first region among the usings: seen by every configuration.
    /// </summary>
    public static SyntaxNode OutOfConditionals(SyntaxNode root, HashSet<string> existing)
    {
        if (root is not CompilationUnitSyntax unit || !root.ContainsDirectives)
        {
            return root;
        }

        for (var index = 0; index < unit.Usings.Count; index++)
        {
            var directive = unit.Usings[index];
            if (existing.Contains(directive.WithoutTrivia().ToString()) || !IsConditional(unit, directive.SpanStart))
            {
                continue;
            }

            var moved = MoveBeforeFirstIf(unit, index);
            if (moved is null)
            {
                return unit;
            }

            unit = moved;
        }

        return unit;
    }

    // Inside an #if when more #if than #endif directives come before the position.
    private static bool IsConditional(CompilationUnitSyntax unit, int position)
    {
        var depth = 0;
        for (var directive = unit.GetFirstDirective(); directive is not null; directive = directive.GetNextDirective())
        {
            if (directive.SpanStart >= position)
            {
                break;
            }

            if (directive.IsKind(SyntaxKind.IfDirectiveTrivia))
            {
                depth++;
            }
            else if (directive.IsKind(SyntaxKind.EndIfDirectiveTrivia))
            {
                depth--;
            }
        }

        return depth > 0;
    }

    private static CompilationUnitSyntax? MoveBeforeFirstIf(CompilationUnitSyntax unit, int index)
    {
        var directive = unit.Usings[index];
        var usings = unit.Usings;

        // The added directive's own leading trivia (directives the adder moved onto it) stays where it was.
        if (HasDirectives(directive.GetLeadingTrivia()))
        {
            if (index + 1 >= usings.Count)
            {
                return null;
            }

            var next = usings[index + 1];
            usings = usings.Replace(next, next.WithLeadingTrivia(directive.GetLeadingTrivia().AddRange(next.GetLeadingTrivia())));
        }

        usings = usings.RemoveAt(index);
        for (var target = 0; target < usings.Count; target++)
        {
            var leading = usings[target].GetLeadingTrivia();
            for (var position = 0; position < leading.Count; position++)
            {
                if (leading[position].IsKind(SyntaxKind.IfDirectiveTrivia))
                {
                    var before = SyntaxFactory.TriviaList(Slice(leading, 0, position));
                    var after = SyntaxFactory.TriviaList(Slice(leading, position, leading.Count));
                    usings = usings.Replace(usings[target], usings[target].WithLeadingTrivia(after));
                    usings = usings.Insert(target, directive.WithLeadingTrivia(before).WithTrailingTrivia(SyntaxFactory.EndOfLine(NewLineOf(unit))));
                    return unit.WithUsings(usings);
                }
            }
        }

        return null;
    }

    private static bool HasDirectives(SyntaxTriviaList trivia)
    {
        foreach (var item in trivia)
        {
            if (item.IsDirective || item.IsKind(SyntaxKind.DisabledTextTrivia))
            {
                return true;
            }
        }

        return false;
    }

    private static IEnumerable<SyntaxTrivia> Slice(SyntaxTriviaList list, int start, int end)
    {
        for (var index = start; index < end; index++)
        {
            yield return list[index];
        }
    }

    /// <summary>
    /// The file imports <paramref name="namespaceName"/>: a directive added in sorted place among the file's, or among
    /// its namespace's where the file keeps them there (StyleCop's <c>usingDirectivesPlacement: insideNamespace</c>:
    /// no directive at the top, one namespace declaration holding them), indented as they are.
    /// </summary>
    public static CompilationUnitSyntax Ensure(CompilationUnitSyntax root, string namespaceName)
    {
        if (root.Usings.Count == 0 && SingleNamespace(root) is { Usings.Count: > 0 } inside)
        {
            return Imports(inside.Usings, namespaceName) ? root : root.ReplaceNode(inside, inside.WithUsings(Inserted(inside.Usings, namespaceName, root)));
        }

        return Imports(root.Usings, namespaceName) ? root : root.WithUsings(Inserted(root.Usings, namespaceName, root));
    }

    private static BaseNamespaceDeclarationSyntax? SingleNamespace(CompilationUnitSyntax root)
    {
        BaseNamespaceDeclarationSyntax? found = null;
        foreach (var member in root.Members)
        {
            if (member is BaseNamespaceDeclarationSyntax ns)
            {
                if (found is not null)
                {
                    return null;
                }

                found = ns;
            }
        }

        return found;
    }

    private static bool Imports(SyntaxList<UsingDirectiveSyntax> usings, string namespaceName)
    {
        foreach (var existing in usings)
        {
            if (existing.Name?.ToString() == namespaceName && existing.Alias is null && existing.StaticKeyword.IsKind(SyntaxKind.None))
            {
                return true;
            }
        }

        return false;
    }

    private static SyntaxList<UsingDirectiveSyntax> Inserted(SyntaxList<UsingDirectiveSyntax> usings, string namespaceName, SyntaxNode root)
    {
        var directive = UsingDirective(ParseName(namespaceName)).WithTrailingTrivia(EndOfLine(NewLineOf(root)));
        var index = 0;
        while (index < usings.Count && Compare(usings[index].Name?.ToString() ?? "", namespaceName) < 0)
        {
            index++;
        }

        if (index == 0 && usings.Count > 0)
        {
            // The new first directive takes over the leading trivia (comments, blank lines) of the first.
            var first = usings[0];
            directive = directive.WithLeadingTrivia(first.GetLeadingTrivia());
            usings = usings.Replace(first, first.WithLeadingTrivia(Indentation(first)));
        }
        else if (usings.Count > 0)
        {
            directive = directive.WithLeadingTrivia(Indentation(usings[index - 1]));
        }

        return usings.Insert(index, directive);
    }

    // The whitespace just before a directive: its indentation inside a namespace, none at the top of a file.
    private static SyntaxTriviaList Indentation(UsingDirectiveSyntax directive)
    {
        var leading = directive.GetLeadingTrivia();
        return leading.Count > 0 && leading[leading.Count - 1].IsKind(SyntaxKind.WhitespaceTrivia) ? TriviaList(leading[leading.Count - 1]) : default;
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
