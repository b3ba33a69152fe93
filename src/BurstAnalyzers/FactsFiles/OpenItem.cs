using System;
using System.Globalization;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace BurstAnalyzers.FactsFiles;

/// <summary>What an open call does with the member it calls: runs it, enumerates what it returns, or returns that.</summary>
internal enum OpenKind
{
    /// <summary>Calls the member: blocks where an implementation blocks.</summary>
    Call,

    /// <summary>Enumerates what the member returns: runs a query there when an implementation returns an EF Core one.</summary>
    Sink,

    /// <summary>Returns what the member returns: a query to whoever enumerates it.</summary>
    Returns,
}

/// <summary>
/// A call a library's method makes, itself or through its other methods, to an interface or virtual member whose
/// implementation the library does not see (a repository interface of the domain project, implemented in the web
/// project): an open call. It leaves the library's build with its chains (<see cref="ChainsFile"/>), and the project
/// that sees an implementation closes it. "[Shop.Services] OrderService.Find → IRepository.Table": the methods passed
/// through in the library, each project entered in brackets, then the member; where in the library's source the call
/// (or the enumeration) is.
/// </summary>
internal sealed class OpenItem
{
    public const string Record = "open";

    private const char Separator = '\t';

    public OpenItem(string methodId, OpenKind kind, string targetId, int depth, string text, string sink, string path, LinePositionSpan span, string construction = "")
    {
        Construction = construction;
        MethodId = methodId;
        Kind = kind;
        TargetId = targetId;
        Depth = depth;
        Text = text;
        Sink = sink;
        Path = path;
        Span = span;
    }

    /// <summary>The method another project calls: "M:Shop.Services.OrderService.Find(System.Int32)".</summary>
    public string MethodId { get; }

    public OpenKind Kind { get; }

    /// <summary>The member called, as declared: "M:Shop.Domain.IRepository`1.get_Table".</summary>
    public string TargetId { get; }

    /// <summary>Methods passed through in the library before the member, the called one included (1: it calls it itself).</summary>
    public int Depth { get; }

    /// <summary>The way there, the member last.</summary>
    public string Text { get; }

    /// <summary>For <see cref="OpenKind.Sink"/>, how the value is enumerated ("Queryable.FirstOrDefault"); else empty.</summary>
    public string Sink { get; }

    public string Path { get; }

    public LinePositionSpan Span { get; }

    /// <summary>The closed construction of the generic service the member is called through
    /// ("T:Shop.Domain.IRepository{Shop.Domain.Order}"), or "" where there is none or it depends on a type parameter.
    /// Written last, and only when there is one: a record without it is the format of the readers that predate it (one
    /// of those shows a record's construction after the route's text).</summary>
    public string Construction { get; }

    /// <summary>The open call in the library's source: a file outside the compilation that closes it.</summary>
    public Location? Location => Path.Length == 0 ? null : Location.Create(Path, default, Span);

    public string Format() => string.Join(
        Separator.ToString(),
        Record,
        MethodId,
        Kind.ToString(),
        TargetId,
        Depth.ToString(CultureInfo.InvariantCulture),
        Path,
        string.Join(",", Span.Start.Line, Span.Start.Character, Span.End.Line, Span.End.Character),
        Sink,
        Text) + (Construction.Length > 0 ? Separator + Construction : "");

    /// <summary>Null for anything that is not an open call of this format.</summary>
    public static OpenItem? TryParse(string? value)
    {
        if (value is null || !value.StartsWith(Record + Separator, StringComparison.Ordinal))
        {
            return null;
        }

        // Fields a later writer adds after the construction are skipped.
        var parts = value.Split(new[] { Separator }, 11);
        var construction = parts.Length >= 10 ? parts[9] : "";
        return parts.Length >= 9
            && (construction.Length == 0 || construction.StartsWith("T:", StringComparison.Ordinal))
            && parts[1].StartsWith("M:", StringComparison.Ordinal)
            && Enum.TryParse<OpenKind>(parts[2], out var kind)
            && Enum.IsDefined(typeof(OpenKind), kind)
            && parts[3].StartsWith("M:", StringComparison.Ordinal)
            && int.TryParse(parts[4], NumberStyles.None, CultureInfo.InvariantCulture, out var depth)
            && depth > 0
            && CarriedChain.TryParseSpan(parts[6], out var span)
            && parts[8].Length > 0
                ? new OpenItem(parts[1], kind, parts[3], depth, parts[8], parts[7], parts[5], span, construction)
                : null;
    }
}
