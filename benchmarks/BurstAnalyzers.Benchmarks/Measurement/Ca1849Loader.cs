using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Diagnostics;
using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.Benchmarks.Measurement;

/// <summary>
/// CA1849 ("Call async methods when in an async method", UseAsyncMethodInAsyncContext) exactly as the installed SDK
/// ships it: the analyzers of the SDK's NetAnalyzers assemblies that support CA1849, with CA1849 raised to a warning
/// (it is off by default) and every other rule of those analyzers suppressed.
/// </summary>
internal static class Ca1849Loader
{
    public const string RuleId = "CA1849";

    public static AnalyzerSet Load(DotNetInstallation dotnet)
    {
        var directory = dotnet.SdkAnalyzersDirectory();
        var context = new SdkAnalyzerLoadContext(directory);
        var analyzers = new List<DiagnosticAnalyzer>();
        var origins = new List<string>();
        foreach (var file in new[] { DotNetInstallation.NetAnalyzersFile, DotNetInstallation.CSharpNetAnalyzersFile })
        {
            var path = Path.Combine(directory, file);
            var reference = new AnalyzerFileReference(path, context);
            var failures = new List<string>();
            reference.AnalyzerLoadFailed += (_, e) => failures.Add($"{e.TypeName}: {e.Message}");
            var supporting = reference.GetAnalyzers(LanguageNames.CSharp)
                .Where(a => a.SupportedDiagnostics.Any(d => d.Id == RuleId))
                .ToList();
            if (supporting.Count > 0)
            {
                analyzers.AddRange(supporting);
                origins.Add($"{path} {FileVersionInfo.GetVersionInfo(path).ProductVersion}");
            }
            else if (failures.Count > 0)
            {
                throw new InvalidOperationException($"Analyzers in {path} failed to load: {string.Join("; ", failures)}");
            }
        }

        if (analyzers.Count == 0)
        {
            throw new InvalidOperationException($"No analyzer supporting {RuleId} in {directory}.");
        }

        // Only CA1849 may run: other ids of the same analyzers are suppressed, so their work (if separable) is skipped.
        var configure = RuleSelection.EnableOnly(analyzers, new[] { RuleId });
        var origin = string.Join(", ", origins) + " (" + string.Join(", ", analyzers.Select(AnalyzerSet.NameOf)) + ")";
        return new AnalyzerSet(
            RuleId,
            origin,
            analyzers.ToImmutableArray(),
            configure);
    }
}
