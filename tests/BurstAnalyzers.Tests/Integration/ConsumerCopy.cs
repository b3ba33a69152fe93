using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Tests.Integration;

/// <summary>
/// A copy of the repository slice a consumer build needs — root props, the built nupkg in artifacts/packages, and one
/// sample (samples/BlockingApi unless named) with its props — in a temporary folder whose NuGet.config allows no other
/// package source and whose package cache is empty: the sample gets BurstAnalyzers exactly as a user would. A sample
/// that needs other packages (the .NET Framework sample: the reference assemblies) may also restore from the
/// packages this machine has already restored for the tests — never from the network.
/// </summary>
internal sealed class ConsumerCopy : IDisposable
{
    private static readonly Regex BurstDiagnostic = new(
        @"^[ \t]*(?<file>[^(\s][^(\r\n]*)\((?<line>\d+),(?<column>\d+)\): (?<severity>warning|error) (?<id>BURST\d{3}):",
        RegexOptions.Multiline);

    // "// BURST001" marks a diagnostic a build reports; "// BURST001 stays" one that has no fix there. In a Razor
    // view's or component's markup, "@* BURST001 *@".
    private static readonly Regex Marker = new(@"(?://|@\*) (?<id>BURST\d{3})(?<stays> stays)?(?: \*@)?\s*$");

    /// <param name="sample">The sample under samples/ that is built.</param>
    /// <param name="allowRestoredPackages">Also restore from the packages this machine restored for the tests.</param>
    /// <param name="alsoSamples">Other samples it needs beside it (samples/DetectorDemo builds samples/VendorRates).</param>
    /// <param name="runtimePackages">Also the runtime packages (Offload, Diagnostics), not only the analyzer.</param>
    public ConsumerCopy(string sample = "BlockingApi", bool allowRestoredPackages = false, IReadOnlyList<string>? alsoSamples = null, bool runtimePackages = false)
    {
        Sample = sample;
        Assert.True(File.Exists(RepoLayout.AnalyzerPackagePath), $"{RepoLayout.AnalyzerPackagePath} was not built.");
        Directory.CreateDirectory(Root);
        File.Copy(Path.Combine(RepoLayout.Root, "Directory.Build.props"), Path.Combine(Root, "Directory.Build.props"));
        File.Copy(Path.Combine(RepoLayout.Root, "global.json"), Path.Combine(Root, "global.json"));

        var packages = Directory.CreateDirectory(Path.Combine(Root, "artifacts", "packages"));
        File.Copy(RepoLayout.AnalyzerPackagePath, Path.Combine(packages.FullName, Path.GetFileName(RepoLayout.AnalyzerPackagePath)));
        if (runtimePackages)
        {
            foreach (var package in Directory.EnumerateFiles(RepoLayout.PackagesDirectory, $"*.{RepoLayout.PackageVersion}.nupkg"))
            {
                if (!File.Exists(Path.Combine(packages.FullName, Path.GetFileName(package))))
                {
                    File.Copy(package, Path.Combine(packages.FullName, Path.GetFileName(package)));
                }
            }
        }

        var samples = Path.Combine(RepoLayout.Root, "samples");
        foreach (var file in new[] { "Directory.Build.props", "Directory.Packages.props", "NuGet.config" })
        {
            CopyFile(Path.Combine(samples, file), Path.Combine(Root, "samples", file));
        }

        foreach (var copied in new[] { sample }.Concat(alsoSamples ?? Array.Empty<string>()))
        {
            foreach (var file in Directory.EnumerateFiles(Path.Combine(samples, copied), "*", SearchOption.AllDirectories))
            {
                var relative = Path.GetRelativePath(Path.Combine(samples, copied), file);
                if (relative.Split(Path.DirectorySeparatorChar)[0] is not ("bin" or "obj"))
                {
                    CopyFile(file, Path.Combine(Root, "samples", copied, relative));
                }
            }
        }

        // Only the local package folder (and, if allowed, what is already restored): no network package source.
        var restored = allowRestoredPackages ? $"""<add key="restored" value="{RestoredPackagesFolder}" />""" : "";
        File.WriteAllText(Path.Combine(Root, "NuGet.config"), $"""
            <?xml version="1.0" encoding="utf-8"?>
            <configuration>
              <packageSources>
                <clear />
                {restored}
              </packageSources>
            </configuration>
            """);
    }

    /// <summary>NuGet's global packages folder, where the test projects' own restore put its packages.</summary>
    private static string RestoredPackagesFolder
        => Environment.GetEnvironmentVariable("NUGET_PACKAGES")
            ?? Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.UserProfile), ".nuget", "packages");

    public string Sample { get; }

    public string Root { get; } = Path.Combine(Path.GetTempPath(), "burst-consumer-" + Guid.NewGuid().ToString("N"));

    public string SampleDirectory => Path.Combine(Root, "samples", Sample);

    public string SampleProject => Path.Combine(SampleDirectory, Sample + ".csproj");

    /// <summary>Every "// BURSTnnn" marker in the sample's sources and views: (file name, or with <paramref name="relativePaths"/>
    /// its path under the sample's folder, 1-based line, id, whether it stays after the fixes).</summary>
    public IReadOnlyList<(string File, int Line, string Id, bool Stays)> MarkedDiagnostics(bool relativePaths = false)
    {
        var marked = new List<(string, int, string, bool)>();
        foreach (var file in Directory.EnumerateFiles(SampleDirectory, "*", SearchOption.AllDirectories))
        {
            if (Path.GetExtension(file) is not (".cs" or ".cshtml" or ".razor"))
            {
                continue;
            }

            var lines = File.ReadAllLines(file);
            for (var i = 0; i < lines.Length; i++)
            {
                if (Marker.Match(lines[i]) is { Success: true } match)
                {
                    var name = relativePaths ? Path.GetRelativePath(SampleDirectory, file) : Path.GetFileName(file);
                    marked.Add((name, i + 1, match.Groups["id"].Value, match.Groups["stays"].Success));
                }
            }
        }

        return marked.OrderBy(m => m.Item1, StringComparer.Ordinal).ThenBy(m => m.Item2).ToList();
    }

    /// <summary>The BURST diagnostics a build printed (each once): (file name, or its path under
    /// <paramref name="relativeTo"/>, line, id, severity).</summary>
    public static IReadOnlyList<(string File, int Line, string Id, string Severity)> ReportedDiagnostics(string buildOutput, string? relativeTo = null)
        => BurstDiagnostic.Matches(buildOutput)
            .Select(m => (
                relativeTo is null ? Path.GetFileName(m.Groups["file"].Value) : PathUnder(relativeTo, m.Groups["file"].Value),
                int.Parse(m.Groups["line"].Value),
                m.Groups["id"].Value,
                m.Groups["severity"].Value))
            .Distinct()
            .OrderBy(d => d.Item1, StringComparer.Ordinal).ThenBy(d => d.Item2).ThenBy(d => d.Item3, StringComparer.Ordinal)
            .ToList();

    /// <summary>A printed path's part under <paramref name="folder"/>, whatever precedes it on the line (a parallel
    /// build's "2>" node prefix).</summary>
    private static string PathUnder(string folder, string printed)
    {
        var prefix = folder.TrimEnd(Path.DirectorySeparatorChar) + Path.DirectorySeparatorChar;
        var at = printed.IndexOf(prefix, StringComparison.Ordinal);
        return at < 0 ? printed.Trim() : printed.Substring(at + prefix.Length);
    }

    public void Dispose()
    {
        try
        {
            Directory.Delete(Root, recursive: true);
        }
        catch (IOException)
        {
            // Best effort: a build server may still hold a file for a moment.
        }
    }

    private static void CopyFile(string source, string destination)
    {
        Directory.CreateDirectory(Path.GetDirectoryName(destination)!);
        File.Copy(source, destination);
    }
}
