using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Reflection;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.Benchmarks.Measurement;

/// <summary>
/// Peer analyzer packages restored by the csproj (its PeerPackage metadata gives each package's folder), loaded from
/// their analyzers/ folder as a compiler host loads them, with the rules that judge blocking calls switched on and every
/// other rule of theirs suppressed. A package that ships builds for several Roslyn versions (analyzers/dotnet/roslynX.Y)
/// is loaded from the highest one not newer than the Roslyn this process runs.
/// </summary>
internal static class PeerAnalyzerLoader
{
    /// <summary>The peers, and the rules of theirs that find blocking calls: what a user of each would enable.</summary>
    public static IReadOnlyList<(string Package, string Name, string[] Rules)> Peers { get; } = new[]
    {
        ("Meziantou.Analyzer", "MA0042/45", new[] { "MA0042", "MA0045" }),
        ("Microsoft.VisualStudio.Threading.Analyzers", "VSTHRD002/103/104", new[] { "VSTHRD002", "VSTHRD103", "VSTHRD104" }),
        ("AsyncFixer", "AsyncFixer02", new[] { "AsyncFixer02" }),
    };

    public static IEnumerable<AnalyzerSet> LoadAll()
    {
        foreach (var (package, name, rules) in Peers)
        {
            yield return Load(package, name, rules);
        }
    }

    public static AnalyzerSet Load(string package, string name, string[] rules)
    {
        var folder = PackageFolder(package);
        var directory = AnalyzerDirectory(folder, package);
        var context = new SdkAnalyzerLoadContext(directory);
        var analyzers = new List<DiagnosticAnalyzer>();
        foreach (var path in Directory.GetFiles(directory, "*.dll").OrderBy(p => p, StringComparer.Ordinal))
        {
            if (Path.GetFileName(path).Contains("CodeFix", StringComparison.OrdinalIgnoreCase))
            {
                continue; // code fixes need the Workspaces layer and hold no analyzers
            }

            var reference = new AnalyzerFileReference(path, context);
            var failures = new List<string>();
            reference.AnalyzerLoadFailed += (_, e) => failures.Add($"{e.TypeName}: {e.Message}");
            analyzers.AddRange(RuleSelection.Supporting(reference.GetAnalyzers(LanguageNames.CSharp), rules));
            if (failures.Count > 0)
            {
                throw new InvalidOperationException($"Analyzers in {path} failed to load: {string.Join("; ", failures)}");
            }
        }

        if (analyzers.Count == 0)
        {
            throw new InvalidOperationException($"No analyzer supporting {string.Join(", ", rules)} in {directory}.");
        }

        var origin = $"{package} {new DirectoryInfo(folder).Name} from {directory} ({string.Join(", ", analyzers.Select(AnalyzerSet.NameOf))}; "
            + string.Join(", ", rules) + " enabled as warnings)";
        return new AnalyzerSet(name, origin, analyzers.ToImmutableArray(), RuleSelection.EnableOnly(analyzers, rules));
    }

    private static string PackageFolder(string package)
    {
        foreach (var attribute in typeof(PeerAnalyzerLoader).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>())
        {
            if (attribute.Key == "PeerPackage:" + package && !string.IsNullOrEmpty(attribute.Value) && Directory.Exists(attribute.Value))
            {
                return attribute.Value;
            }
        }

        throw new InvalidOperationException($"Package {package} is not restored; build the benchmark project (dotnet build) first.");
    }

    private static string AnalyzerDirectory(string folder, string package)
    {
        var candidates = new[] { Path.Combine(folder, "analyzers", "dotnet", "cs"), Path.Combine(folder, "analyzers", "cs") };
        foreach (var candidate in candidates)
        {
            if (Directory.Exists(candidate))
            {
                return candidate;
            }
        }

        // analyzers/dotnet/roslyn4.8/cs, roslyn5.9/cs, ...: the highest the running Roslyn can load.
        var host = typeof(Compilation).Assembly.GetName().Version ?? new Version(4, 0);
        string? best = null;
        Version? bestVersion = null;
        var dotnet = Path.Combine(folder, "analyzers", "dotnet");
        foreach (var directory in Directory.Exists(dotnet) ? Directory.GetDirectories(dotnet, "roslyn*") : Array.Empty<string>())
        {
            if (Version.TryParse(Path.GetFileName(directory).Substring("roslyn".Length), out var version)
                && version <= new Version(host.Major, host.Minor)
                && (bestVersion is null || version > bestVersion)
                && Directory.Exists(Path.Combine(directory, "cs")))
            {
                best = Path.Combine(directory, "cs");
                bestVersion = version;
            }
        }

        return best ?? throw new InvalidOperationException($"No C# analyzers folder in {folder} for {package}.");
    }
}
