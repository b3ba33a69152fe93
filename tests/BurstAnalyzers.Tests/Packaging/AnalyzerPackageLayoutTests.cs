using System;
using System.IO;
using System.IO.Compression;
using System.Linq;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;
using System.Xml.Linq;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Tests.Packaging;

/// <summary>The BurstAnalyzers nupkg is what users install: check it is an analyzer-only development dependency.</summary>
public class AnalyzerPackageLayoutTests
{
    private const string AnalyzerFolder = "analyzers/dotnet/cs/";

    [Fact]
    public void ContainsBothAssembliesUnderAnalyzersAndNoLibAssets()
    {
        using var package = OpenPackage();
        var entries = package.Entries.Select(e => e.FullName).ToArray();

        Assert.Contains(AnalyzerFolder + "BurstAnalyzers.dll", entries);
        Assert.Contains(AnalyzerFolder + "BurstAnalyzers.CodeFixes.dll", entries);
        Assert.Equal(
            new[] { AnalyzerFolder + "BurstAnalyzers.CodeFixes.dll", AnalyzerFolder + "BurstAnalyzers.dll" },
            entries.Where(e => e.EndsWith(".dll", StringComparison.OrdinalIgnoreCase)).OrderBy(e => e, StringComparer.Ordinal));
        Assert.DoesNotContain(entries, e => e.StartsWith("lib/", StringComparison.OrdinalIgnoreCase));
        Assert.DoesNotContain(entries, e => e.StartsWith("ref/", StringComparison.OrdinalIgnoreCase));
        Assert.Contains("README.md", entries);
    }

    [Fact]
    public void NuspecIsADevelopmentDependencyWithNoDependenciesAndWithReadmeAndLicense()
    {
        using var package = OpenPackage();
        var nuspecEntry = Assert.Single(package.Entries, e => e.FullName.EndsWith(".nuspec", StringComparison.Ordinal));
        using var stream = nuspecEntry.Open();
        var metadata = XDocument.Load(stream).Root!.Elements().Single(e => e.Name.LocalName == "metadata");
        string? Value(string name) => metadata.Elements().SingleOrDefault(e => e.Name.LocalName == name)?.Value;

        Assert.Equal("BurstAnalyzers", Value("id"));
        Assert.Equal(RepoLayout.PackageVersion, Value("version"));
        Assert.Equal("true", Value("developmentDependency"));
        Assert.Equal("README.md", Value("readme"));
        var license = metadata.Elements().Single(e => e.Name.LocalName == "license");
        Assert.Equal("expression", license.Attribute("type")?.Value);
        Assert.Equal("MIT", license.Value);

        var dependencies = metadata.Elements().Where(e => e.Name.LocalName == "dependencies").SelectMany(e => e.Descendants()).Where(e => e.Name.LocalName == "dependency");
        Assert.Empty(dependencies);
    }

    [Fact]
    public void PackagedAssembliesReferenceNoRoslynNewerThanTheOldestSupportedHost()
    {
        // VS 2022 17.8 and the .NET 8 SDK ship Roslyn 4.8: an analyzer referencing a newer compiler does not load there.
        var oldestHost = new Version(4, 8, 0, 0);
        using var package = OpenPackage();
        foreach (var entry in package.Entries.Where(e => e.FullName.StartsWith(AnalyzerFolder, StringComparison.Ordinal)))
        {
            using var copy = new MemoryStream();
            using (var stream = entry.Open())
            {
                stream.CopyTo(copy);
            }

            copy.Position = 0;
            using var pe = new PEReader(copy);
            var reader = pe.GetMetadataReader();
            var roslyn = reader.AssemblyReferences
                .Select(h => reader.GetAssemblyReference(h))
                .Where(r => reader.GetString(r.Name).StartsWith("Microsoft.CodeAnalysis", StringComparison.Ordinal))
                .ToArray();

            Assert.NotEmpty(roslyn);
            Assert.All(roslyn, r => Assert.True(r.Version <= oldestHost, $"{entry.FullName} references {reader.GetString(r.Name)} {r.Version}"));
        }
    }

    private static ZipArchive OpenPackage()
    {
        Assert.True(File.Exists(RepoLayout.AnalyzerPackagePath), $"{RepoLayout.AnalyzerPackagePath} was not built.");
        return ZipFile.OpenRead(RepoLayout.AnalyzerPackagePath);
    }
}
