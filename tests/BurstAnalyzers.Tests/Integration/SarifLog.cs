using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.Json;
using Xunit;

namespace BurstAnalyzers.Tests.Integration;

/// <summary>
/// A SARIF 2.1 log the compiler wrote for a consumer build (MSBuild's ErrorLog property, as README's SARIF section
/// documents it): its BURST results and the rule metadata code-scanning tools show with them.
/// </summary>
internal sealed class SarifLog
{
    private SarifLog(IReadOnlyList<Result> results, IReadOnlyDictionary<string, Rule> rules, IReadOnlyDictionary<Result, string> suppressions)
    {
        Results = results;
        Rules = rules;
        Suppressions = suppressions;
    }

    public IReadOnlyList<Result> Results { get; }

    /// <summary>The results that are suppressed, with how: the suppression's "suppressionType" property (for a
    /// DiagnosticSuppressor: its suppression id and justification).</summary>
    public IReadOnlyDictionary<Result, string> Suppressions { get; }

    /// <summary>The rules the log describes, by id.</summary>
    public IReadOnlyDictionary<string, Rule> Rules { get; }

    /// <summary>The value of the ErrorLog property that writes SARIF 2.1 to <paramref name="path"/>, for `dotnet build -p:`.</summary>
    public static string ErrorLogArgument(string path) => $"-p:ErrorLog={path}%2Cversion=2.1";

    public static SarifLog Read(string path)
    {
        Assert.True(File.Exists(path), $"The build wrote no SARIF log at {path}.");
        using var document = JsonDocument.Parse(File.ReadAllText(path));
        var root = document.RootElement;
        Assert.Equal("2.1.0", root.GetProperty("version").GetString());
        var run = Assert.Single(root.GetProperty("runs").EnumerateArray());

        var rules = new Dictionary<string, Rule>(StringComparer.Ordinal);
        if (run.GetProperty("tool").GetProperty("driver").TryGetProperty("rules", out var ruleArray))
        {
            foreach (var rule in ruleArray.EnumerateArray())
            {
                var id = rule.GetProperty("id").GetString()!;
                rules[id] = new Rule(id, Text(rule, "shortDescription"), Text(rule, "fullDescription"), rule.TryGetProperty("helpUri", out var help) ? help.GetString() : null);
            }
        }

        var results = new List<Result>();
        var suppressions = new Dictionary<Result, string>();
        foreach (var result in run.GetProperty("results").EnumerateArray())
        {
            var id = result.GetProperty("ruleId").GetString()!;
            if (!id.StartsWith("BURST", StringComparison.Ordinal))
            {
                continue;
            }

            var location = result.GetProperty("locations")[0].GetProperty("physicalLocation");
            var uri = location.GetProperty("artifactLocation").GetProperty("uri").GetString()!;
            var file = Path.GetFileName(Uri.TryCreate(uri, UriKind.Absolute, out var absolute) ? absolute.LocalPath : uri);
            var line = location.GetProperty("region").GetProperty("startLine").GetInt32();
            // SARIF leaves out "level" when it is the default, "warning".
            var level = result.TryGetProperty("level", out var l) ? l.GetString()! : "warning";
            results.Add(new Result(file, line, id, level));
            if (result.TryGetProperty("suppressions", out var suppressed) && suppressed.GetArrayLength() > 0)
            {
                suppressions[new Result(file, line, id, level)] = suppressed[0].TryGetProperty("properties", out var how)
                    && how.TryGetProperty("suppressionType", out var type) ? type.GetString()! : "";
            }
        }

        return new SarifLog(
            results.Distinct().OrderBy(r => r.File, StringComparer.Ordinal).ThenBy(r => r.Line).ThenBy(r => r.Id, StringComparer.Ordinal).ToList(),
            rules,
            suppressions);
    }

    private static string? Text(JsonElement rule, string property)
        => rule.TryGetProperty(property, out var value) ? value.GetProperty("text").GetString() : null;

    public sealed record Result(string File, int Line, string Id, string Level);

    public sealed record Rule(string Id, string? ShortDescription, string? FullDescription, string? HelpUri);
}
