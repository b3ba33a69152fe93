using System;
using System.IO;
using System.Collections.Generic;
using System.Linq;
using System.Text.RegularExpressions;
using BurstAnalyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;

namespace BurstAnalyzers.Tests.Docs;

/// <summary>
/// Every rule links to its own page in docs/rules, and that page exists, is about that rule and names the files that
/// decide it. docs/architecture.md names only files that exist.
/// </summary>
public class RuleDocumentationTests
{
    private const string HelpLinkBase = "https://github.com/burstanalyzers/BurstAnalyzers/blob/main/";

    // What a code span in docs/architecture.md starts with when it names a file or folder of this repository.
    private static readonly string[] RepoPathRoots = { "src/", "tests/", "docs/", "samples/", "benchmarks/" };

    public static TheoryData<string> RuleIds()
    {
        var data = new TheoryData<string>();
        foreach (var id in AllDescriptors().Select(d => d.Id).Distinct().OrderBy(i => i, StringComparer.Ordinal))
        {
            data.Add(id);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(RuleIds))]
    public void HelpLinkPointsAtTheRulesPage(string id)
    {
        foreach (var descriptor in AllDescriptors().Where(d => d.Id == id))
        {
            Assert.Equal($"{HelpLinkBase}docs/rules/{id}.md", descriptor.HelpLinkUri);
            var page = Path.Combine(RepoLayout.Root, "docs", "rules", id + ".md");
            Assert.True(File.Exists(page), $"{page} is missing.");
            Assert.StartsWith($"# {id}: {descriptor.Title}", File.ReadAllText(page), StringComparison.Ordinal);
        }
    }

    [Theory]
    [MemberData(nameof(RuleIds))]
    public void ReadmeRuleTableListsTheRule(string id)
    {
        var readme = File.ReadAllText(Path.Combine(RepoLayout.Root, "README.md"));
        Assert.Contains($"[{id}]({HelpLinkBase}docs/rules/{id}.md)", readme, StringComparison.Ordinal);
    }

    [Fact]
    public void EveryFixerFixesAReportedRuleAndSupportsFixAll()
    {
        var ids = AllDescriptors().Select(d => d.Id).ToHashSet();
        var fixers = ShippedComponents.Fixers();

        Assert.NotEmpty(fixers);
        foreach (var fixer in fixers)
        {
            Assert.All(fixer.FixableDiagnosticIds, id => Assert.Contains(id, ids));
            Assert.NotNull(fixer.GetFixAllProvider());
        }
    }

    [Theory]
    [MemberData(nameof(RuleIds))]
    public void RulePageNamesTheFilesThatDecideTheRule(string id)
    {
        var page = ReadRepoFile("docs", "rules", id + ".md");
        var start = page.IndexOf("\nSources: ", StringComparison.Ordinal);
        Assert.True(start >= 0, $"docs/rules/{id}.md has no 'Sources:' line.");
        var end = page.IndexOf("\n\n", start + 1, StringComparison.Ordinal);
        var paths = CodeSpans(end < 0 ? page[start..] : page[start..end]);

        // Every code span of the Sources paragraph is a repository path, and it exists.
        Assert.NotEmpty(paths);
        Assert.All(paths, AssertRepoPathExists);

        // The analyzers that report the rule and the fixers that fix it are named, so a new one cannot be forgotten.
        var components = ShippedComponents.Analyzers().Where(a => a.SupportedDiagnostics.Any(d => d.Id == id)).Select(a => a.GetType())
            .Concat(ShippedComponents.Fixers().Where(f => f.FixableDiagnosticIds.Contains(id)).Select(f => f.GetType()));
        foreach (var type in components)
        {
            Assert.True(
                paths.Any(p => p.EndsWith("/" + type.Name + ".cs", StringComparison.Ordinal)),
                $"The Sources line of docs/rules/{id}.md does not name {type.Name}.cs, which reports or fixes {id}.");
        }

        Assert.True(paths.Any(p => p.StartsWith("tests/", StringComparison.Ordinal)), $"The Sources line of docs/rules/{id}.md names no tests.");
    }

    [Fact]
    public void ArchitecturePageNamesOnlyPathsThatExist()
    {
        Assert.True(File.Exists(Path.Combine(RepoLayout.Root, "docs", "architecture.md")), "docs/architecture.md is missing.");
        var paths = CodeSpans(ReadRepoFile("docs", "architecture.md"))
            .Where(p => p.Contains('/', StringComparison.Ordinal) && RepoPathRoots.Any(r => p.StartsWith(r, StringComparison.Ordinal)))
            .ToArray();

        Assert.NotEmpty(paths);
        Assert.All(paths, AssertRepoPathExists);
    }

    private static string ReadRepoFile(params string[] parts)
        => File.ReadAllText(Path.Combine(RepoLayout.Root, Path.Combine(parts))).Replace("\r", "", StringComparison.Ordinal);

    // Markdown code spans: `text`, on one line.
    private static List<string> CodeSpans(string markdown)
        => Regex.Matches(markdown, "`([^`\n]+)`").Select(m => m.Groups[1].Value).ToList();

    private static void AssertRepoPathExists(string path)
    {
        var full = Path.Combine(RepoLayout.Root, path.Replace('/', Path.DirectorySeparatorChar));
        Assert.True(File.Exists(full) || Directory.Exists(full), $"'{path}' does not exist in the repository.");
    }

    private static Microsoft.CodeAnalysis.DiagnosticDescriptor[] AllDescriptors()
        => ShippedComponents.Analyzers().SelectMany(a => a.SupportedDiagnostics).ToArray();
}
