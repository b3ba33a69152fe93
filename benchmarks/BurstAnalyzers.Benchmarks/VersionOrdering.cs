using System;

namespace BurstAnalyzers.Benchmarks;

/// <summary>
/// Orders folder names like "10.0.12" and "10.0.100-rc.2.25502.107" as SemVer does for what matters here: numeric
/// parts first, and a prerelease below the release of the same number.
/// </summary>
internal static class VersionOrdering
{
    public static bool TryParse(string text, out Version version)
    {
        var dash = text.IndexOf('-');
        return Version.TryParse(dash < 0 ? text : text.Substring(0, dash), out version!);
    }

    public static int Compare(string left, string right)
    {
        TryParse(left, out var leftVersion);
        TryParse(right, out var rightVersion);
        var byNumber = leftVersion.CompareTo(rightVersion);
        if (byNumber != 0)
        {
            return byNumber;
        }

        var leftIsPrerelease = left.Contains('-', StringComparison.Ordinal);
        var rightIsPrerelease = right.Contains('-', StringComparison.Ordinal);
        if (leftIsPrerelease != rightIsPrerelease)
        {
            return leftIsPrerelease ? -1 : 1;
        }

        return string.CompareOrdinal(left, right);
    }
}
