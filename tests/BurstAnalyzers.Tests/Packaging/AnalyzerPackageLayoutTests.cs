using System;
using System.IO;
using System.Linq;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Tests.Packaging;

/// <summary>The BurstAnalyzers nupkg is what users install: check it is an analyzer-only development dependency.</summary>
public class AnalyzerPackageLayoutTests
{
    private const string AnalyzerFolder = "analyzers/dotnet/cs/";

    [Fact]
    public void ContainsBothAssembliesUnderAnalyzers_TheBuildTaskBesideTheTargets_AndNoLibAssets()
    {
        using var package = PackageFile.Open("BurstAnalyzers");
        var entries = package.Entries;

        Assert.Equal(
            new[] { AnalyzerFolder + "BurstAnalyzers.CodeFixes.dll", AnalyzerFolder + "BurstAnalyzers.dll", "build/BurstAnalyzers.BuildTasks.dll" },
            entries.Where(e => e.EndsWith(".dll", StringComparison.OrdinalIgnoreCase)).OrderBy(e => e, StringComparer.Ordinal));
        Assert.DoesNotContain(entries, e => e.StartsWith("lib/", StringComparison.OrdinalIgnoreCase));
        Assert.DoesNotContain(entries, e => e.StartsWith("ref/", StringComparison.OrdinalIgnoreCase));
        Assert.DoesNotContain(entries, e => e.EndsWith(".pdb", StringComparison.OrdinalIgnoreCase));
    }

    [Fact]
    public void ShipsTheModesTheLegacyInstallScriptsTheReadmeAndTheIcon_AndNothingElse()
    {
        using var package = PackageFile.Open("BurstAnalyzers");
        var content = package.Entries
            .Where(e => !e.EndsWith(".dll", StringComparison.Ordinal) && !e.EndsWith(".nuspec", StringComparison.Ordinal))
            .Where(e => !e.StartsWith("_rels/", StringComparison.Ordinal) && !e.StartsWith("package/", StringComparison.Ordinal) && e != "[Content_Types].xml")
            .OrderBy(e => e, StringComparer.Ordinal);

        Assert.Equal(
            new[]
            {
                "README.md",
                "build/BurstAnalyzers.Baseline.targets",
                "build/BurstAnalyzers.Chains.targets",
                "build/BurstAnalyzers.Libraries.targets",
                "build/BurstAnalyzers.props",
                "build/BurstAnalyzers.targets",
                "buildCrossTargeting/BurstAnalyzers.targets",
                "configuration/all-errors.globalconfig",
                "configuration/all-suggestions.globalconfig",
                "configuration/all-warnings.globalconfig",
                "configuration/none.globalconfig",
                "icon.png",
                "tools/install.ps1",
                "tools/uninstall.ps1",
            },
            content);
    }

    [Fact]
    public void NuspecIsADevelopmentDependencyWithNoDependencies_AndCarriesWhatThePackagePageShows()
    {
        using var package = PackageFile.Open("BurstAnalyzers");

        Assert.Equal("BurstAnalyzers", package.MetadataValue("id"));
        Assert.Equal(RepoLayout.PackageVersion, package.MetadataValue("version"));
        Assert.Equal("true", package.MetadataValue("developmentDependency"));
        Assert.Equal("README.md", package.MetadataValue("readme"));
        Assert.Equal("icon.png", package.MetadataValue("icon"));
        var license = package.MetadataElement("license");
        Assert.Equal("expression", license.Attribute("type")?.Value);
        Assert.Equal("MIT", license.Value);
        Assert.Contains("analyzers", package.MetadataValue("tags")!.Split(' '));
        Assert.StartsWith(Changelog.Section(RepoLayout.PackageVersion), package.MetadataValue("releaseNotes"), StringComparison.Ordinal);

        var dependencies = package.Metadata().Elements().Where(e => e.Name.LocalName == "dependencies").SelectMany(e => e.Descendants()).Where(e => e.Name.LocalName == "dependency");
        Assert.Empty(dependencies);
    }

    [Fact]
    public void ReadmeIsWrittenForAnalyzerUsers_NotTheRuntimeLibrarys()
    {
        using var analyzers = PackageFile.Open("BurstAnalyzers");
        using var offload = PackageFile.Open("BurstAnalyzers.Offload");
        var readme = analyzers.ReadText("README.md");

        Assert.NotEqual(offload.ReadText("README.md"), readme);
        Assert.Contains("BurstAnalyzersMode", readme, StringComparison.Ordinal);
        Assert.Contains("packages.config", readme, StringComparison.Ordinal);
    }

    [Fact]
    public void PackagedAssembliesReferenceNoRoslynNewerThanTheOldestSupportedHost()
    {
        // VS 2022 17.8 and the .NET 8 SDK ship Roslyn 4.8: an analyzer referencing a newer compiler does not load there.
        var oldestHost = new Version(4, 8, 0, 0);
        using var package = PackageFile.Open("BurstAnalyzers");
        foreach (var entry in package.Entries.Where(e => e.StartsWith(AnalyzerFolder, StringComparison.Ordinal)))
        {
            using var pe = new PEReader(new MemoryStream(package.ReadBytes(entry)));
            var reader = pe.GetMetadataReader();
            var roslyn = reader.AssemblyReferences
                .Select(h => reader.GetAssemblyReference(h))
                .Where(r => reader.GetString(r.Name).StartsWith("Microsoft.CodeAnalysis", StringComparison.Ordinal))
                .ToArray();

            Assert.NotEmpty(roslyn);
            Assert.All(roslyn, r => Assert.True(r.Version <= oldestHost, $"{entry} references {reader.GetString(r.Name)} {r.Version}"));
        }
    }
}
