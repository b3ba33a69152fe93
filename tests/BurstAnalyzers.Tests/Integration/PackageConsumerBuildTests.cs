using System;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Tests.Integration;

/// <summary>
/// Real consumption: samples/BlockingApi references the built BurstAnalyzers nupkg through its local package folder,
/// and `dotnet build` of a copy of it (with its own, empty package cache and no other package source) must report
/// BURST001 where the sample's action sleeps, and nowhere else; with -warnaserror the build must fail.
/// </summary>
public sealed class PackageConsumerBuildTests : IDisposable
{
    private static readonly TimeSpan BuildTimeout = TimeSpan.FromMinutes(5);
    private static readonly Regex Burst001 = new(@"^\s*(?<file>[^(\s][^(]*)\((?<line>\d+),(?<column>\d+)\): (?<severity>warning|error) BURST001:", RegexOptions.Multiline);

    private readonly string _root = Path.Combine(Path.GetTempPath(), "burst-consumer-" + Guid.NewGuid().ToString("N"));

    public PackageConsumerBuildTests() => CopyRepositorySlice();

    private string SampleProject => Path.Combine(_root, "samples", "BlockingApi", "BlockingApi.csproj");

    [Fact]
    public async Task DotnetBuild_ReportsBurst001AtTheSleepingAction_AndWarnAsErrorFailsTheBuild()
    {
        var expected = ExpectedLocation();

        var build = await DotNetCli.RunAsync(_root, BuildTimeout, "build", SampleProject, "--no-incremental", "-nodeReuse:false");
        Assert.True(build.ExitCode == 0, "The sample did not build:\n" + build.Output);
        var warnings = Burst001.Matches(build.Output)
            .Select(m => (File: Path.GetFileName(m.Groups["file"].Value), Line: int.Parse(m.Groups["line"].Value), Column: int.Parse(m.Groups["column"].Value), Severity: m.Groups["severity"].Value))
            .Distinct()
            .ToArray();
        Assert.True(warnings.Length == 1, "Expected exactly one BURST001 location:\n" + build.Output);
        Assert.Equal(("ReportsController.cs", expected.Line, expected.Column, "warning"), warnings[0]);

        var strict = await DotNetCli.RunAsync(_root, BuildTimeout, "build", SampleProject, "--no-incremental", "-nodeReuse:false", "-warnaserror");
        Assert.NotEqual(0, strict.ExitCode);
        Assert.Contains(
            Burst001.Matches(strict.Output).Select(m => (Path.GetFileName(m.Groups["file"].Value), int.Parse(m.Groups["line"].Value), m.Groups["severity"].Value)),
            e => e == ("ReportsController.cs", expected.Line, "error"));
    }

    public void Dispose()
    {
        try
        {
            Directory.Delete(_root, recursive: true);
        }
        catch (IOException)
        {
            // Best effort: a build server may still hold a file for a moment.
        }
    }

    /// <summary>The sample's only Thread.Sleep inside a request handler, as 1-based line and column.</summary>
    private (int Line, int Column) ExpectedLocation()
    {
        var lines = File.ReadAllLines(Path.Combine(_root, "samples", "BlockingApi", "Controllers", "ReportsController.cs"));
        var index = Array.FindIndex(lines, l => l.Contains("Thread.Sleep(", StringComparison.Ordinal));
        Assert.True(index >= 0);
        return (index + 1, lines[index].IndexOf("Thread.Sleep(", StringComparison.Ordinal) + 1);
    }

    /// <summary>The repository files a consumer build needs, at the same relative places, with the built package.</summary>
    private void CopyRepositorySlice()
    {
        Assert.True(File.Exists(RepoLayout.AnalyzerPackagePath), $"{RepoLayout.AnalyzerPackagePath} was not built.");
        Directory.CreateDirectory(_root);
        File.Copy(Path.Combine(RepoLayout.Root, "Directory.Build.props"), Path.Combine(_root, "Directory.Build.props"));
        File.Copy(Path.Combine(RepoLayout.Root, "global.json"), Path.Combine(_root, "global.json"));

        var packages = Directory.CreateDirectory(Path.Combine(_root, "artifacts", "packages"));
        File.Copy(RepoLayout.AnalyzerPackagePath, Path.Combine(packages.FullName, Path.GetFileName(RepoLayout.AnalyzerPackagePath)));

        var samples = Path.Combine(RepoLayout.Root, "samples");
        foreach (var file in new[] { "Directory.Build.props", "Directory.Packages.props", "NuGet.config" })
        {
            File.Copy(Path.Combine(samples, file), Path.Combine(_root, "samples", file).EnsureDirectory());
        }

        CopyDirectory(Path.Combine(samples, "BlockingApi"), Path.Combine(_root, "samples", "BlockingApi"));

        // Only the local package folder: the consumer build must not reach any other package source.
        File.WriteAllText(Path.Combine(_root, "NuGet.config"), """
            <?xml version="1.0" encoding="utf-8"?>
            <configuration>
              <packageSources>
                <clear />
              </packageSources>
            </configuration>
            """);
    }

    private static void CopyDirectory(string source, string destination)
    {
        foreach (var file in Directory.EnumerateFiles(source, "*", SearchOption.AllDirectories))
        {
            var relative = Path.GetRelativePath(source, file);
            if (relative.Split(Path.DirectorySeparatorChar)[0] is "bin" or "obj")
            {
                continue;
            }

            File.Copy(file, Path.Combine(destination, relative).EnsureDirectory());
        }
    }
}

internal static class PathExtensions
{
    public static string EnsureDirectory(this string filePath)
    {
        Directory.CreateDirectory(Path.GetDirectoryName(filePath)!);
        return filePath;
    }
}
