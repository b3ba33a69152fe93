using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace BurstAnalyzers.BuildTasks;

/// <summary>
/// Just enough JSON for the compiler's SARIF log: objects, arrays, strings, numbers, true/false/null. Its own reader,
/// not System.Text.Json: a task assembly must load in every MSBuild (.NET Framework's in Visual Studio 2022 17.8 too)
/// with nothing beside it.
/// </summary>
internal static class SarifJson
{
    public static object? Member(object? node, string name)
        => node is Dictionary<string, object?> members && members.TryGetValue(name, out var value) ? value : null;

    public static IEnumerable<object?> Array(object? node) => node as List<object?> ?? new List<object?>();

    public static object? Parse(string text)
    {
        var position = 0;
        var value = Value(text, ref position);
        SkipWhitespace(text, ref position);
        if (position != text.Length)
        {
            throw new FormatException("unexpected text after the SARIF log's JSON at offset " + position);
        }

        return value;
    }

    private static object? Value(string text, ref int position)
    {
        SkipWhitespace(text, ref position);
        if (position >= text.Length)
        {
            throw EndsTooEarly();
        }

        switch (text[position])
        {
            case '{':
                var members = new Dictionary<string, object?>(StringComparer.Ordinal);
                position++;
                SkipWhitespace(text, ref position);
                if (At(text, position) == '}')
                {
                    position++;
                    return members;
                }

                while (true)
                {
                    SkipWhitespace(text, ref position);
                    var name = String(text, ref position);
                    SkipWhitespace(text, ref position);
                    Expect(text, ref position, ':');
                    members[name] = Value(text, ref position);
                    SkipWhitespace(text, ref position);
                    if (At(text, position) == ',')
                    {
                        position++;
                        continue;
                    }

                    Expect(text, ref position, '}');
                    return members;
                }

            case '[':
                var items = new List<object?>();
                position++;
                SkipWhitespace(text, ref position);
                if (At(text, position) == ']')
                {
                    position++;
                    return items;
                }

                while (true)
                {
                    items.Add(Value(text, ref position));
                    SkipWhitespace(text, ref position);
                    if (At(text, position) == ',')
                    {
                        position++;
                        continue;
                    }

                    Expect(text, ref position, ']');
                    return items;
                }

            case '"':
                return String(text, ref position);
            default:
                var start = position;
                while (position < text.Length && "{}[],: \t\r\n".IndexOf(text[position]) < 0)
                {
                    position++;
                }

                var word = text.Substring(start, position - start);
                switch (word)
                {
                    case "true": return true;
                    case "false": return false;
                    case "null": return null;
                    default:
                        return double.Parse(word, NumberStyles.Float, CultureInfo.InvariantCulture);
                }
        }
    }

    private static string String(string text, ref int position)
    {
        Expect(text, ref position, '"');
        var value = new StringBuilder();
        while (At(text, position) != '"')
        {
            var character = text[position++];
            if (character != '\\')
            {
                value.Append(character);
                continue;
            }

            var escaped = At(text, position++);
            switch (escaped)
            {
                case 'b': value.Append('\b'); break;
                case 'f': value.Append('\f'); break;
                case 'n': value.Append('\n'); break;
                case 'r': value.Append('\r'); break;
                case 't': value.Append('\t'); break;
                case 'u':
                    value.Append((char)int.Parse(position + 4 <= text.Length ? text.Substring(position, 4) : throw EndsTooEarly(), NumberStyles.HexNumber, CultureInfo.InvariantCulture));
                    position += 4;
                    break;
                default: value.Append(escaped); break;
            }
        }

        position++;
        return value.ToString();
    }

    /// <summary>The character at <paramref name="position"/>; a cut-off log (a compiler killed mid-write) is a format
    /// error, reported as one, not an index out of range.</summary>
    private static char At(string text, int position) => position < text.Length ? text[position] : throw EndsTooEarly();

    private static FormatException EndsTooEarly() => new("the SARIF log ends too early");

    private static void Expect(string text, ref int position, char expected)
    {
        if (position >= text.Length || text[position] != expected)
        {
            throw new FormatException("expected '" + expected + "' at offset " + position + " of the SARIF log");
        }

        position++;
    }

    private static void SkipWhitespace(string text, ref int position)
    {
        while (position < text.Length && char.IsWhiteSpace(text[position]))
        {
            position++;
        }
    }
}
