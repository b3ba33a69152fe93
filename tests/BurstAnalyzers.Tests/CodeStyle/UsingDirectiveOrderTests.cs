using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Tests.CodeStyle;

/// <summary>
/// The root .editorconfig asks for System usings first, then the rest in order (dotnet_sort_system_directives_first).
/// The build enforces the rest of the code style of src/ (EnforceCodeStyleInBuild), but no analyzer checks the order
/// of using directives: this test does, for every C# file under src/.
/// </summary>
public class UsingDirectiveOrderTests
{
    private static readonly Regex UsingDirective = new(@"^using (?!static )(?<name>[\w.]+);$", RegexOptions.Compiled);

    [Fact]
    public void UsingsInSrcAreSortedWithSystemFirst()
    {
        var unsorted = new List<string>();
        foreach (var file in Directory.EnumerateFiles(Path.Combine(RepoLayout.Root, "src"), "*.cs", SearchOption.AllDirectories))
        {
            var relative = Path.GetRelativePath(RepoLayout.Root, file).Replace('\\', '/');
            if (relative.Contains("/obj/", StringComparison.Ordinal) || relative.Contains("/bin/", StringComparison.Ordinal))
            {
                continue;
            }

            var names = File.ReadLines(file)
                .Select(line => UsingDirective.Match(line))
                .Where(match => match.Success)
                .Select(match => match.Groups["name"].Value)
                .ToList();
            if (!IsInOrder(names))
            {
                unsorted.Add(relative);
            }
        }

        Assert.True(unsorted.Count == 0, "Using directives out of order (System first, then alphabetical) in: " + string.Join(", ", unsorted));
    }

    [Theory]
    [InlineData(true, "System", "System.Threading", "BurstAnalyzers.Blocking", "Microsoft.CodeAnalysis")]
    [InlineData(false, "Microsoft.CodeAnalysis", "System.Threading")]
    [InlineData(false, "System", "Microsoft.CodeAnalysis", "BurstAnalyzers.Blocking")]
    public void OrderIsSystemFirstThenAlphabetical(bool expected, params string[] names) => Assert.Equal(expected, IsInOrder(names));

    private static bool IsInOrder(IReadOnlyList<string> names)
        => names.SequenceEqual(names.OrderBy(n => IsSystem(n) ? 0 : 1).ThenBy(n => n, StringComparer.OrdinalIgnoreCase));

    private static bool IsSystem(string name) => name == "System" || name.StartsWith("System.", StringComparison.Ordinal);
}
