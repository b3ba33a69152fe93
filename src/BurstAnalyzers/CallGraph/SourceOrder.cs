using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.CallGraph;

/// <summary>Where methods are declared: in this compilation or not, and in which order, for deterministic choices.</summary>
internal static class SourceOrder
{
    public static bool IsIn(IMethodSymbol method, IAssemblySymbol source)
        => SymbolEqualityComparer.Default.Equals(method.ContainingAssembly, source);

    /// <summary>By file path (ordinal), then position; methods without a source location last.</summary>
    public static int Compare(IMethodSymbol left, IMethodSymbol right)
    {
        var l = FirstSourceLocation(left);
        var r = FirstSourceLocation(right);
        if (l is null || r is null)
        {
            return (l is null ? 1 : 0) - (r is null ? 1 : 0);
        }

        var byFile = string.CompareOrdinal(l.SourceTree?.FilePath, r.SourceTree?.FilePath);
        return byFile != 0 ? byFile : l.SourceSpan.Start.CompareTo(r.SourceSpan.Start);
    }

    private static Location? FirstSourceLocation(IMethodSymbol method)
    {
        foreach (var location in method.Locations)
        {
            if (location.IsInSource)
            {
                return location;
            }
        }

        return null;
    }
}
