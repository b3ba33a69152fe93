using System;
using System.IO;
using System.Linq;
using BurstAnalyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;

namespace BurstAnalyzers.Tests.Docs;

/// <summary>Every rule links to its own page in docs/rules, and that page exists and is about that rule.</summary>
public class RuleDocumentationTests
{
    private const string HelpLinkBase = "https://github.com/burstanalyzers/BurstAnalyzers/blob/main/";

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

    private static Microsoft.CodeAnalysis.DiagnosticDescriptor[] AllDescriptors()
        => ShippedComponents.Analyzers().SelectMany(a => a.SupportedDiagnostics).ToArray();
}
