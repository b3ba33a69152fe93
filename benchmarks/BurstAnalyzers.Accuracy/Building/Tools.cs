using System;
using System.Collections.Generic;
using System.Linq;

namespace BurstAnalyzers.Accuracy.Building;

/// <summary>One analyzer package and the diagnostic ids of it that report blocking calls.</summary>
public sealed class Tool
{
    public Tool(string name, string? package, string? version, string[] analyzerNamespaces, params string[] ids)
    {
        Name = name;
        Package = package;
        Version = version;
        AnalyzerNamespaces = analyzerNamespaces;
        Ids = new HashSet<string>(ids, StringComparer.Ordinal);
    }

    public string Name { get; }

    /// <summary>The NuGet package, or null for an analyzer the SDK ships (CA1849).</summary>
    public string? Package { get; }

    public string? Version { get; set; }

    public HashSet<string> Ids { get; }

    /// <summary>Where its analyzer types live: an AD0001 naming one of them is this tool's crash.</summary>
    public IReadOnlyList<string> AnalyzerNamespaces { get; }

    public bool Owns(string analyzerType)
    {
        foreach (var prefix in AnalyzerNamespaces)
        {
            if (analyzerType.StartsWith(prefix, StringComparison.Ordinal))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>True for a rule that reports a whole chain and names the blocking call by its related locations.</summary>
    public static bool IsChainRule(string id) => id is "BURST005" or "BURST007";
}

/// <summary>
/// The tools measured, each with only its rules about blocking calls: a rule about something else (naming,
/// ConfigureAwait, async void) is neither credited nor counted against it.
/// </summary>
public static class Tools
{
    public static List<Tool> All(string burstVersion) => new()
    {
        new Tool("BurstAnalyzers", "BurstAnalyzers", burstVersion, new[] { "BurstAnalyzers." }, "BURST001", "BURST002", "BURST003", "BURST004", "BURST005", "BURST006", "BURST007"),
        new Tool("VS Threading (VSTHRD002/103/104)", "Microsoft.VisualStudio.Threading.Analyzers", "18.12.1", new[] { "Microsoft.VisualStudio.Threading." }, "VSTHRD002", "VSTHRD103", "VSTHRD104"),
        new Tool("Meziantou (MA0042/MA0045)", "Meziantou.Analyzer", "3.0.321", new[] { "Meziantou." }, "MA0042", "MA0045"),
        new Tool("AsyncFixer (AsyncFixer02)", "AsyncFixer", "2.1.0", new[] { "AsyncFixer." }, "AsyncFixer02"),
        new Tool("SDK CA1849", null, null, new[] { "Microsoft.NetCore.Analyzers.", "Microsoft.CodeQuality.Analyzers.", "Microsoft.CodeAnalysis." }, "CA1849"),
    };

    /// <summary>
    /// BurstAnalyzers' rules with the SDK rule it leaves a kind of site to: it does not report <c>Html.Partial</c> and
    /// <c>Html.RenderPartial</c> in Razor views because MVC1000, which the ASP.NET Core SDK turns on in every web
    /// project, reports those lines in the same build. Scored as its own figure from the same build's SARIF, never in
    /// BurstAnalyzers' rows: those stay what our package alone reports.
    /// </summary>
    public static Tool WithRulesItDefersTo(Tool burst)
        => new(burst.Name + " + SDK MVC1000 (views it defers to)", null, null, burst.AnalyzerNamespaces.Append("Microsoft.AspNetCore.Mvc.Analyzers.").ToArray(), burst.Ids.Append("MVC1000").ToArray());

    /// <summary>
    /// Severities for one build that runs every tool: the measured rules on (VSTHRD104, MA0045 and CA1849 are off by
    /// default), everything else left as the packages ship it.
    /// </summary>
    public static string GlobalConfig(IEnumerable<Tool> tools)
    {
        var text = new System.Text.StringBuilder("is_global = true\n");
        foreach (var tool in tools)
        {
            foreach (var id in tool.Ids)
            {
                text.Append("dotnet_diagnostic.").Append(id).Append(".severity = warning\n");
            }
        }

        return text.ToString();
    }
}
