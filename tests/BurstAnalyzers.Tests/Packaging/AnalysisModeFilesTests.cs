using System;
using System.Collections.Generic;
using System.Linq;
using System.Xml.Linq;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Tests.Packaging;

/// <summary>
/// The analysis modes as shipped: build/BurstAnalyzers.targets maps each BurstAnalyzersMode value to a global analyzer
/// config in configuration/, and each config sets every rule the package reports, below any config a user writes.
/// What a consumer build does with them: Integration/AnalysisModeConsumerBuildTests.
/// </summary>
public class AnalysisModeFilesTests
{
    public static TheoryData<string, string> Modes() => new()
    {
        { "all-errors", "error" },
        { "all-warnings", "warning" },
        { "all-suggestions", "suggestion" },
        { "none", "none" },
    };

    [Theory]
    [MemberData(nameof(Modes))]
    public void ModeConfigIsGlobal_BelowUserConfigs_AndSetsEveryShippedRule(string mode, string severity)
    {
        using var package = PackageFile.Open("BurstAnalyzers");
        var lines = package.ReadText($"configuration/{mode}.globalconfig")
            .Split('\n')
            .Select(l => l.Trim())
            .Where(l => l.Length > 0 && !l.StartsWith('#'))
            .ToList();

        var settings = lines.Select(l => l.Split('=', 2)).ToDictionary(p => p[0].Trim(), p => p[1].Trim(), StringComparer.Ordinal);
        Assert.Equal(lines.Count, settings.Count);
        Assert.Equal("true", settings["is_global"]);
        // A global config without global_level is at level 0 (.globalconfig files at 100): -100 stays below both, so a
        // user's global config, and any .editorconfig section, decides a rule it names.
        Assert.Equal("-100", settings["global_level"]);

        var expected = ShippedRuleIds().Select(id => new KeyValuePair<string, string>($"dotnet_diagnostic.{id}.severity", severity));
        Assert.Equal(
            expected.OrderBy(s => s.Key, StringComparer.Ordinal),
            settings.Where(s => s.Key.StartsWith("dotnet_diagnostic.", StringComparison.Ordinal)).OrderBy(s => s.Key, StringComparer.Ordinal));
        Assert.Equal(2 + expected.Count(), settings.Count);
    }

    [Theory]
    [MemberData(nameof(Modes))]
    public void BuildPropsAddsTheModesConfigAsAGlobalAnalyzerConfig_OnlyInThatMode(string mode, string severity)
    {
        _ = severity;
        using var package = PackageFile.Open("BurstAnalyzers");
        var props = XDocument.Parse(package.ReadText("build/BurstAnalyzers.props"));
        var items = props.Descendants(props.Root!.Name.Namespace + "GlobalAnalyzerConfigFiles").ToList();

        var item = Assert.Single(items, i => i.Attribute("Include")!.Value.EndsWith($"/configuration/{mode}.globalconfig", StringComparison.Ordinal));
        Assert.Equal("$(MSBuildThisFileDirectory)../configuration/" + mode + ".globalconfig", item.Attribute("Include")!.Value);
        Assert.Equal($"'$(BurstAnalyzersMode.Trim())' == '{mode}'", item.Attribute("Condition")!.Value);
        Assert.Contains($"configuration/{mode}.globalconfig", package.Entries);
        Assert.Equal(Modes().Count(), items.Count);
    }

    /// <summary>Every diagnostic id the packaged analyzers can report (BURST900 included) whose severity a user can set:
    /// not BURST904, the build's note that carries a library's chains, which no severity setting changes.</summary>
    private static IEnumerable<string> ShippedRuleIds()
        => ShippedComponents.Analyzers()
            .SelectMany(a => a.SupportedDiagnostics)
            .Where(d => !d.CustomTags.Contains(Microsoft.CodeAnalysis.WellKnownDiagnosticTags.NotConfigurable))
            .Select(d => d.Id)
            .Distinct()
            .OrderBy(id => id, StringComparer.Ordinal);
}
