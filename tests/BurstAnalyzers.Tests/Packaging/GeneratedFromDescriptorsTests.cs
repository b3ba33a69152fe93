using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text;
using BurstAnalyzers.Baseline;
using BurstAnalyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Xunit;

namespace BurstAnalyzers.Tests.Packaging;

/// <summary>
/// What is made from the rule descriptors (src/BurstAnalyzers/RuleDescriptors.cs) and must never be synced by hand:
/// the four analysis-mode files, the two README rule tables, and the rules the baseline can record. A new rule, or a
/// changed title or severity, fails here until the files follow. The mode files are rendered from the descriptors:
/// <c>BURST_WRITE_GENERATED=1 dotnet test tests/BurstAnalyzers.Tests --filter GeneratedFromDescriptors</c> rewrites
/// them; the README tables name the cells the descriptors decide.
/// </summary>
public class GeneratedFromDescriptorsTests
{
    private static readonly string Configuration = Path.Combine(RepoLayout.Root, "src", "BurstAnalyzers.Package", "configuration");

    public static TheoryData<string, string> Modes() => new()
    {
        { "all-errors", "error" },
        { "all-warnings", "warning" },
        { "all-suggestions", "suggestion" },
        { "none", "none" },
    };

    [Fact]
    public void AllHoldsEveryDescriptorDeclared_InIdOrder()
    {
        var declared = typeof(RuleDescriptors).GetFields(BindingFlags.Static | BindingFlags.NonPublic | BindingFlags.Public)
            .Where(field => field.FieldType == typeof(DiagnosticDescriptor))
            .Select(field => (DiagnosticDescriptor)field.GetValue(null)!)
            .OrderBy(descriptor => descriptor.Id, StringComparer.Ordinal);

        Assert.Equal(declared, RuleDescriptors.All);
        Assert.Equal(
            ShippedComponents.Analyzers().SelectMany(analyzer => analyzer.SupportedDiagnostics).Select(d => d.Id).Distinct().OrderBy(id => id, StringComparer.Ordinal),
            RuleDescriptors.All.Select(descriptor => descriptor.Id));
    }

    /// <summary>Every finding rule can be baselined: recorded (BURSTBnnn) and being recorded (BURSTUnnn).</summary>
    [Fact]
    public void TheBaselineSuppressesEveryFindingRule_AndNoOther()
    {
        var findings = RuleDescriptors.All.Where(d => d.Id.CompareTo("BURST900") < 0).Select(d => d.Id).ToList();
        Assert.Equal(findings, RuleDescriptors.Findings.Select(d => d.Id));

        var suppressions = new BaselineSuppressor().SupportedSuppressions;
        Assert.Equal(
            findings.Select(id => ("BURSTB" + id[5..], id)).Concat(findings.Select(id => ("BURSTU" + id[5..], id))).OrderBy(s => s.Item1, StringComparer.Ordinal),
            suppressions.Select(s => (s.Id, s.SuppressedDiagnosticId)).OrderBy(s => s.Item1, StringComparer.Ordinal));
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public void ModeFileIsRenderedFromTheDescriptors(string mode, string severity)
    {
        var path = Path.Combine(Configuration, mode + ".globalconfig");
        var expected = RenderModeFile(mode, severity);
        if (Environment.GetEnvironmentVariable("BURST_WRITE_GENERATED") == "1")
        {
            File.WriteAllText(path, expected);
        }

        Assert.Equal(expected, File.ReadAllText(path).Replace("\r\n", "\n", StringComparison.Ordinal));
    }

    [Fact]
    public void ReadmeRuleTable_RowsAreTheDescriptors()
    {
        var rows = TableRows(File.ReadAllText(Path.Combine(RepoLayout.Root, "README.md")), "| Rule | Title | Severity | Code fix |");
        var expected = RuleDescriptors.All.Select(d => new[] { $"[{d.Id}]({d.HelpLinkUri})", d.Title.ToString(), SeverityCell(d) }).ToList();
        Assert.Equal(expected.Select(Join), rows.Where(r => r[0] != BaselineCheckRow).Select(r => Join(r.Take(3).ToArray())));
    }

    [Fact]
    public void PackageReadmeRuleTable_RowsAreTheDescriptors()
    {
        var rows = TableRows(File.ReadAllText(Path.Combine(RepoLayout.Root, "src", "BurstAnalyzers.Package", "README.md")), "| Rule | Title |");
        var expected = RuleDescriptors.All.Select(d => new[] { d.Id, d.Title.ToString() }).ToList();
        Assert.Equal(expected.Select(Join), rows.Where(r => r[0] != "BURST902").Select(r => Join(r.Take(2).ToArray())));
    }

    /// <summary>BURST902 is the baseline build task's MSBuild warning, not a compiler diagnostic: the one row no
    /// descriptor makes.</summary>
    private const string BaselineCheckRow = "[BURST902](https://github.com/burstanalyzers/BurstAnalyzers/blob/main/docs/rules/BURST902.md)";

    private static string RenderModeFile(string mode, string severity)
    {
        var text = new StringBuilder()
            .Append("# BurstAnalyzersMode = ").Append(mode).Append(": every BURST rule at severity '").Append(severity).Append("'.\n")
            .Append("# global_level -100: .editorconfig and the project's own global configs override any line here.\n")
            .Append("is_global = true\n")
            .Append("global_level = -100\n");
        foreach (var descriptor in RuleDescriptors.All.Where(d => !d.CustomTags.Contains(WellKnownDiagnosticTags.NotConfigurable)))
        {
            text.Append('\n').Append("# ").Append(descriptor.Id).Append(": ").Append(descriptor.Title).Append('\n')
                .Append("dotnet_diagnostic.").Append(descriptor.Id).Append(".severity = ").Append(severity).Append('\n');
        }

        return text.ToString();
    }

    private static string SeverityCell(DiagnosticDescriptor descriptor) => descriptor.DefaultSeverity switch
    {
        DiagnosticSeverity.Info when descriptor.CustomTags.Contains(WellKnownDiagnosticTags.NotConfigurable) => "Info, build log only",
        var severity => severity.ToString(),
    };

    /// <summary>The cells of each row of the table under <paramref name="header"/>.</summary>
    private static List<string[]> TableRows(string markdown, string header)
    {
        var lines = markdown.Replace("\r\n", "\n", StringComparison.Ordinal).Split('\n');
        var start = Array.IndexOf(lines, header);
        Assert.True(start >= 0, "No table with the header " + header);
        return lines.Skip(start + 2)
            .TakeWhile(line => line.StartsWith('|'))
            .Select(line => line.Trim('|').Split(" | ").Select(cell => cell.Trim()).ToArray())
            .ToList();
    }

    private static string Join(string[] cells) => string.Join(" | ", cells);
}
