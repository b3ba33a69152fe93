using System;
using System.IO;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Tests.Packaging;

/// <summary>CHANGELOG.md at the repository root, whose section for a version becomes the packages' release notes.</summary>
internal static class Changelog
{
    /// <summary>The text under "## [version] ..." up to the next "## " heading, trimmed.</summary>
    public static string Section(string version)
    {
        var text = File.ReadAllText(Path.Combine(RepoLayout.Root, "CHANGELOG.md")).Replace("\r", "", StringComparison.Ordinal);
        var start = text.IndexOf($"\n## [{version}]", StringComparison.Ordinal);
        Assert.True(start >= 0, $"CHANGELOG.md has no section for {version}.");
        var body = text.IndexOf('\n', start + 1) + 1;
        var end = text.IndexOf("\n## ", body, StringComparison.Ordinal);
        var section = (end < 0 ? text[body..] : text[body..end]).Trim();
        Assert.NotEqual(string.Empty, section);
        return section;
    }
}
