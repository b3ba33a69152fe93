using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Text;
using Microsoft.CodeAnalysis.Text;

namespace BurstAnalyzers.Tests.Infrastructure;

/// <summary>A diagnostic a test source expects: <c>[|code|]</c> (the rule under test) or <c>{|BURST001:code|}</c>.</summary>
internal sealed record MarkedSpan(string? Id, TextSpan Span);

/// <summary>Parses test sources with diagnostic markup into plain code plus the spans it marks.</summary>
internal static class Markup
{
    public static (string Code, ImmutableArray<MarkedSpan> Spans) Parse(string markup)
    {
        var code = new StringBuilder(markup.Length);
        var spans = ImmutableArray.CreateBuilder<MarkedSpan>();
        var open = new Stack<(string? Id, int Start, char Closer)>();

        for (var i = 0; i < markup.Length; i++)
        {
            if (Matches(markup, i, "[|"))
            {
                open.Push((null, code.Length, ']'));
                i++;
            }
            else if (Matches(markup, i, "{|"))
            {
                var colon = markup.IndexOf(':', i + 2);
                if (colon < 0)
                {
                    throw new FormatException($"'{{|' at {i} has no ':' after its diagnostic id.");
                }

                open.Push((markup.Substring(i + 2, colon - i - 2), code.Length, '}'));
                i = colon;
            }
            else if (open.Count > 0 && (Matches(markup, i, "|]") || Matches(markup, i, "|}")))
            {
                var (id, start, closer) = open.Pop();
                if (markup[i + 1] != closer)
                {
                    throw new FormatException($"'|{markup[i + 1]}' at {i} closes a span opened with the other bracket.");
                }

                spans.Add(new MarkedSpan(id, TextSpan.FromBounds(start, code.Length)));
                i++;
            }
            else
            {
                code.Append(markup[i]);
            }
        }

        if (open.Count > 0)
        {
            throw new FormatException("Unclosed diagnostic markup.");
        }

        return (code.ToString(), spans.ToImmutable());
    }

    private static bool Matches(string text, int index, string token)
        => string.CompareOrdinal(text, index, token, 0, token.Length) == 0;
}
