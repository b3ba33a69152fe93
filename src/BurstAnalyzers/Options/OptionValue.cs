using System;
using System.Collections.Immutable;
using System.Globalization;

namespace BurstAnalyzers.Options;

/// <summary>Splits and checks the raw text of list options. Pure string work: symbols are resolved elsewhere.</summary>
internal static class OptionValue
{
    /// <summary>Entries separated by commas outside brackets: "M:A.B(System.String,System.Int32)" stays whole.</summary>
    public static ImmutableArray<string> SplitList(string? raw)
    {
        if (string.IsNullOrWhiteSpace(raw))
        {
            return ImmutableArray<string>.Empty;
        }

        var builder = ImmutableArray.CreateBuilder<string>();
        var depth = 0;
        var start = 0;
        for (var i = 0; i <= raw!.Length; i++)
        {
            var c = i < raw.Length ? raw[i] : ',';
            if (c is '(' or '{' or '[')
            {
                depth++;
            }
            else if (c is ')' or '}' or ']')
            {
                depth = Math.Max(0, depth - 1);
            }
            else if (c == ',' && (depth == 0 || i == raw.Length))
            {
                var entry = raw.Substring(start, i - start).Trim();
                if (entry.Length > 0)
                {
                    builder.Add(entry);
                }

                start = i + 1;
            }
        }

        return builder.ToImmutable();
    }

    /// <summary>A full metadata name: dotted identifiers, '+' for nested types, '`n' for generic arity.</summary>
    public static bool IsMetadataName(string name)
    {
        var expectIdentifierStart = true;
        for (var i = 0; i < name.Length; i++)
        {
            var c = name[i];
            if (expectIdentifierStart)
            {
                if (!(char.IsLetter(c) || c == '_'))
                {
                    return false;
                }

                expectIdentifierStart = false;
            }
            else if (c is '.' or '+')
            {
                expectIdentifierStart = true;
            }
            else if (c == '`')
            {
                var digits = i + 1;
                while (digits < name.Length && char.IsDigit(name[digits]))
                {
                    digits++;
                }

                if (digits == i + 1)
                {
                    return false;
                }

                i = digits - 1;
            }
            else if (!(char.IsLetterOrDigit(c) || c == '_'))
            {
                return false;
            }
        }

        return !expectIdentifierStart;
    }

    /// <summary>A documentation-comment id of a method or property: "M:Ns.Type.Method(System.String)" or "P:Ns.Type.Prop".</summary>
    public static bool IsMemberDocumentationId(string id)
        => id.Length > 2 && (id[0] == 'M' || id[0] == 'P') && id[1] == ':';

    /// <summary>A whole number of at least 1, digits only (spaces around it allowed): "8", not "+8", "8.0" or "0x8".</summary>
    public static bool TryParsePositiveInteger(string? raw, out int value)
    {
        value = 0;
        return raw is not null
            && int.TryParse(raw.Trim(), NumberStyles.None, CultureInfo.InvariantCulture, out value)
            && value > 0;
    }
}
