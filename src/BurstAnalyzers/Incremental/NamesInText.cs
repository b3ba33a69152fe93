using System;
using System.Collections.Generic;
using System.Globalization;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Incremental;

/// <summary>
/// An exact pre-filter for the syntax scans that look for calls by name in every tree of a compilation
/// (<see cref="Handlers.MethodGroupRegistrations"/>, <see cref="Handlers.ServiceBindings"/>): whether an identifier of
/// the tree may be named with one of the given endings, read from the tree's text without walking its nodes. Walking
/// every node of every tree made the syntax tree create all its nodes; most trees name none of those calls.
/// <para>
/// False only when it is certain: an identifier's value text is its text as written (less an <c>@</c>) unless it holds
/// a Unicode escape or a formatting character, so a tree whose text holds either (anywhere, comments and strings
/// included) or whose text is not at hand may always hold one. An identifier ends where its text does: at a character
/// that is no ASCII letter, digit or underscore (any other character counts as a possible end).
/// </para>
/// </summary>
internal static class NamesInText
{
    /// <summary>Whether an identifier of <paramref name="tree"/> may end with one of <paramref name="endings"/> (a whole
    /// name is an ending of itself).</summary>
    public static bool MayHoldName(SyntaxTree tree, string[] endings)
    {
        if (!tree.TryGetText(out var sourceText))
        {
            return true;
        }

        var text = sourceText.ToString();
        if (MayHaveEscapedName(text))
        {
            return true;
        }

        foreach (var ending in endings)
        {
            for (var at = text.IndexOf(ending, StringComparison.Ordinal); at >= 0; at = text.IndexOf(ending, at + 1, StringComparison.Ordinal))
            {
                var end = at + ending.Length;
                if (end == text.Length || !IsAsciiIdentifierPart(text[end]))
                {
                    return true;
                }
            }
        }

        return false;
    }

    /// <summary>
    /// Where an identifier of <paramref name="tree"/> may be one of <paramref name="names"/>: the position of each
    /// occurrence of a name in the text followed by no ASCII identifier character (comments and strings included), by
    /// name, then by position. An identifier of that value text is at one of them, or one character later (after an
    /// <c>@</c>). Null when the text cannot tell (as for <see cref="MayHoldName"/>): then every node is to be looked at.
    /// </summary>
    public static List<int>? PositionsOfNames(SyntaxTree tree, string[] names)
    {
        if (!tree.TryGetText(out var sourceText))
        {
            return null;
        }

        var text = sourceText.ToString();
        if (MayHaveEscapedName(text))
        {
            return null;
        }

        var positions = new List<int>();
        foreach (var name in names)
        {
            for (var at = text.IndexOf(name, StringComparison.Ordinal); at >= 0; at = text.IndexOf(name, at + 1, StringComparison.Ordinal))
            {
                var end = at + name.Length;
                if (end == text.Length || !IsAsciiIdentifierPart(text[end]))
                {
                    positions.Add(at);
                }
            }
        }

        return positions;
    }

    /// <summary>A Unicode escape (<c>\u0055se</c>) or a formatting character, which an identifier's value text does not
    /// show as written.</summary>
    private static bool MayHaveEscapedName(string text)
    {
        for (var at = text.IndexOf('\\'); at >= 0; at = text.IndexOf('\\', at + 1))
        {
            if (at + 1 < text.Length && text[at + 1] is 'u' or 'U')
            {
                return true;
            }
        }

        foreach (var c in text)
        {
            if (c >= 0x80 && CharUnicodeInfo.GetUnicodeCategory(c) == UnicodeCategory.Format)
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsAsciiIdentifierPart(char c)
        => c is (>= 'a' and <= 'z') or (>= 'A' and <= 'Z') or (>= '0' and <= '9') or '_';
}
