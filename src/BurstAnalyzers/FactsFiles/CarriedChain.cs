using System;
using System.Globalization;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace BurstAnalyzers.FactsFiles;

/// <summary>
/// A chain that starts at a method of one project and is followed from another project that calls it: the method's
/// documentation id, the direct rule its blocking call breaks, how many methods the chain passes through (the
/// method itself included) and how it reads, each project it enters named in brackets:
/// "[Shop.Services] OrderService.Orders → [Shop.Data] OrderFiles.ReadAll → File.ReadAllText". Carried from the
/// library's build to the calling project's as one string (<see cref="Format"/>, in a <see cref="ChainsFile"/>), read
/// back with <see cref="TryParse"/>.
/// </summary>
internal sealed class CarriedChain
{
    /// <summary>The assembly metadata key that marks an assembly built with BurstAnalyzers (value: the format version).</summary>
    public const string MarkerKey = "BurstAnalyzers.ChainsFormat";

    public const string FormatVersion = "1";

    private const char Separator = '\t';

    public CarriedChain(string methodId, string rule, int depth, string text, string path, LinePositionSpan span)
    {
        MethodId = methodId;
        Rule = rule;
        Depth = depth;
        Text = text;
        Path = path;
        Span = span;
    }

    /// <summary>"M:Shop.Services.IOrderService.Orders": the method a call from another project names.</summary>
    public string MethodId { get; }

    /// <summary>The id of the direct rule the blocking call at the end breaks: "BURST003".</summary>
    public string Rule { get; }

    /// <summary>Methods from the called one to the one that makes the blocking call (1: it blocks itself).</summary>
    public int Depth { get; }

    public string Text { get; }

    /// <summary>The file of the blocking call at the chain's end, as its project's compiler saw it (empty if unknown).</summary>
    public string Path { get; }

    public LinePositionSpan Span { get; }

    /// <summary>The blocking call at the chain's end, for an IDE to navigate to and a SARIF log to name: a file that is not
    /// part of the calling project's compilation.</summary>
    public Location? Location => Path.Length == 0 ? null : Location.Create(Path, default, Span);

    public string Format() => string.Join(
        Separator.ToString(),
        MethodId,
        Rule,
        Depth.ToString(CultureInfo.InvariantCulture),
        Path,
        string.Join(",", Span.Start.Line, Span.Start.Character, Span.End.Line, Span.End.Character),
        Text);

    /// <summary>Null for anything that is not a chain of this format (another tool's metadata, a newer format).</summary>
    public static CarriedChain? TryParse(string? value)
    {
        if (value is null)
        {
            return null;
        }

        var parts = value.Split(new[] { Separator }, 6);
        return parts.Length == 6
            && parts[0].StartsWith("M:", StringComparison.Ordinal)
            && parts[1].StartsWith("BURST", StringComparison.Ordinal)
            && int.TryParse(parts[2], NumberStyles.None, CultureInfo.InvariantCulture, out var depth)
            && depth > 0
            && TryParseSpan(parts[4], out var span)
            && parts[5].Length > 0
                ? new CarriedChain(parts[0], parts[1], depth, parts[5], parts[3], span)
                : null;
    }

    internal static bool TryParseSpan(string text, out LinePositionSpan span)
    {
        span = default;
        var numbers = text.Split(',');
        if (numbers.Length != 4)
        {
            return false;
        }

        var values = new int[4];
        for (var i = 0; i < 4; i++)
        {
            if (!int.TryParse(numbers[i], NumberStyles.None, CultureInfo.InvariantCulture, out values[i]))
            {
                return false;
            }
        }

        var start = new LinePosition(values[0], values[1]);
        var end = new LinePosition(values[2], values[3]);
        if (end < start)
        {
            return false;
        }

        span = new LinePositionSpan(start, end);
        return true;
    }
}
