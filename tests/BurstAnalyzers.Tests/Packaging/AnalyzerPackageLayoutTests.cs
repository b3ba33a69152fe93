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

    /// <summary>
    /// Issue 37: the library scan's task runs in Visual Studio's MSBuild, on .NET Framework, from 17.8 on. Not run here (no
    /// Windows, no Visual Studio): what loading it there needs is checked instead. The task is netstandard2.0 and references
    /// only netstandard, MSBuild's own assemblies (its .NET Framework host redirects every version of them to its own,
    /// 15.1.0.0), System.Collections.Immutable no later than MSBuild 17.8's own .NET Framework assemblies reference, and
    /// System.Reflection.Metadata of its oldest netstandard2.0 package (the host redirects every older version to the copy
    /// it ships; the package ships none, so the host's are used).
    /// </summary>
    [Fact]
    public void TheBuildTaskAsksOnlyForWhatVisualStudio17_8sMsBuildLoads()
    {
        using var package = PackageFile.Open("BurstAnalyzers");
        using var pe = new PEReader(new MemoryStream(package.ReadBytes("build/BurstAnalyzers.BuildTasks.dll")));
        var task = pe.GetMetadataReader();

        var framework = task.GetAssemblyDefinition().GetCustomAttributes()
            .Select(h => task.GetCustomAttribute(h))
            .Where(a => a.Constructor.Kind == HandleKind.MemberReference
                && task.GetString(task.GetTypeReference((TypeReferenceHandle)task.GetMemberReference((MemberReferenceHandle)a.Constructor).Parent).Name) == "TargetFrameworkAttribute")
            .Select(a => a.DecodeValue(new StringOnlyProvider()).FixedArguments[0].Value as string)
            .Single();
        Assert.Equal(".NETStandard,Version=v2.0", framework);

        // What MSBuild 17.8's .NET Framework build of Microsoft.Build.Utilities.Core references: the versions its host ships.
        var msbuild = References(Path.Combine(
            Environment.GetEnvironmentVariable("NUGET_PACKAGES") ?? Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.UserProfile), ".nuget", "packages"),
            "microsoft.build.utilities.core", "17.8.43", "lib", "net472", "Microsoft.Build.Utilities.Core.dll"));
        var immutable = msbuild["System.Collections.Immutable"];

        foreach (var (name, version) in References(task))
        {
            switch (name)
            {
                case "netstandard":
                    Assert.True(version <= new Version(2, 0, 0, 0), $"netstandard {version}");
                    break;
                case "Microsoft.Build.Framework" or "Microsoft.Build.Utilities.Core":
                    Assert.Equal(new Version(15, 1, 0, 0), version);
                    break;
                case "System.Collections.Immutable":
                    Assert.True(version <= immutable, $"{name} {version} is later than MSBuild 17.8's {immutable}");
                    break;
                case "System.Reflection.Metadata":
                    // The oldest netstandard2.0 package (1.6.0, assembly 1.4.3.0), which every MSBuild since 15 ships a
                    // later copy of and redirects to (its app.config: 0.0.0.0 up to its own version). A later reference
                    // needs this bound checked against the oldest supported Visual Studio again.
                    Assert.True(version <= new Version(1, 4, 3, 0), $"{name} {version} is later than the 1.6.0 package's 1.4.3.0");
                    break;
                default:
                    Assert.Fail($"The build task references {name} {version}, which Visual Studio's MSBuild does not provide.");
                    break;
            }
        }

        Assert.DoesNotContain(package.Entries, e => e.StartsWith("build/System.", StringComparison.Ordinal));
    }

    private static System.Collections.Generic.Dictionary<string, Version> References(string path)
    {
        using var pe = new PEReader(File.OpenRead(path));
        return References(pe.GetMetadataReader()).ToDictionary(r => r.Name, r => r.Version);
    }

    private static System.Collections.Generic.IEnumerable<(string Name, Version Version)> References(MetadataReader reader)
        => reader.AssemblyReferences.Select(h => reader.GetAssemblyReference(h)).Select(r => (reader.GetString(r.Name), r.Version)).ToList();

    /// <summary>Decodes an attribute whose arguments are strings (TargetFrameworkAttribute).</summary>
    private sealed class StringOnlyProvider : ICustomAttributeTypeProvider<Type>
    {
        public Type GetPrimitiveType(PrimitiveTypeCode typeCode) => typeCode == PrimitiveTypeCode.String ? typeof(string) : typeof(object);

        public Type GetSystemType() => typeof(Type);

        public Type GetSZArrayType(Type elementType) => elementType.MakeArrayType();

        public Type GetTypeFromDefinition(MetadataReader reader, TypeDefinitionHandle handle, byte rawTypeKind) => typeof(object);

        public Type GetTypeFromReference(MetadataReader reader, TypeReferenceHandle handle, byte rawTypeKind) => typeof(object);

        public Type GetTypeFromSerializedName(string name) => typeof(object);

        public PrimitiveTypeCode GetUnderlyingEnumType(Type type) => PrimitiveTypeCode.Int32;

        public bool IsSystemType(Type type) => type == typeof(Type);
    }
}
