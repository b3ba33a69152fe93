using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.CodeFixes;

/// <summary>Where a fix can edit the code it fixes.</summary>
internal static class FixableLocations
{
    /// <summary>
    /// False for a diagnostic in code generated from another file, whose location maps there (<c>#line</c>): a Razor
    /// view's code is written in its .cshtml, and an edit to the generated C# would be lost at the next build. Its
    /// message says what to write in the view instead.
    /// </summary>
    public static bool IsWrittenWhereReported(Diagnostic diagnostic) => IsWrittenHere(diagnostic.Location);

    /// <summary>Whether the code at <paramref name="location"/> is written in its own file, not mapped from another by
    /// <c>#line</c> (compared by path; a location with no tree, as some hosts hand a fixer, counts as written here).</summary>
    public static bool IsWrittenHere(Location location)
        => location.SourceTree is not { } tree
            || location.GetMappedLineSpan() is not { IsValid: true, Path: { Length: > 0 } mapped }
            || string.Equals(mapped, tree.FilePath, System.StringComparison.Ordinal);
}
