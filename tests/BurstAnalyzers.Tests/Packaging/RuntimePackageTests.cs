using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;
using System.Text;
using System.Text.Json;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Tests.Packaging;

/// <summary>
/// BurstAnalyzers.Offload is a runtime library: it ships lib/ assemblies with IntelliSense, a symbols package whose
/// portable PDBs belong to those assemblies and fetch their sources through Source Link, and exactly the public API its
/// PublicAPI.*.txt files declare. The shared settings in src/Directory.Build.props/.targets give any new runtime package
/// the same; add it to <see cref="RuntimePackages"/>.
/// </summary>
public class RuntimePackageTests
{
    /// <summary>Source Link's custom debug information (Portable PDB spec).</summary>
    private static readonly Guid SourceLinkKind = new("CC110556-A091-4D38-9FEC-25AB9A351A6A");

    /// <summary>A source file embedded in the PDB (Portable PDB spec): generated files no commit has.</summary>
    private static readonly Guid EmbeddedSourceKind = new("0E8A571B-6926-466E-B4AD-8AB04611F5FE");

    public static TheoryData<string, string> RuntimePackages() => new()
    {
        { "BurstAnalyzers.Offload", "src/BurstAnalyzers.Offload" },
    };

    [Theory]
    [MemberData(nameof(RuntimePackages))]
    public void ShipsEachFrameworksAssemblyWithItsDocumentation_AndThePackagePageMetadata(string id, string projectDirectory)
    {
        using var package = PackageFile.Open(id);
        var libraries = LibraryAssemblies(package);
        Assert.Equal(new[] { $"lib/net10.0/{id}.dll", $"lib/net8.0/{id}.dll" }, libraries);
        Assert.All(libraries, dll => Assert.Contains(Path.ChangeExtension(dll, ".xml"), package.Entries));
        Assert.DoesNotContain(package.Entries, e => e.EndsWith(".pdb", StringComparison.Ordinal));

        Assert.Equal(id, package.MetadataValue("id"));
        Assert.Null(package.MetadataValue("developmentDependency"));
        Assert.Equal("icon.png", package.MetadataValue("icon"));
        Assert.Contains("icon.png", package.Entries);
        Assert.Equal("README.md", package.MetadataValue("readme"));
        Assert.Equal(
            File.ReadAllText(Path.Combine(RepoLayout.Root, projectDirectory, "README.md")).Replace("\r", "", StringComparison.Ordinal),
            package.ReadText("README.md").Replace("\r", "", StringComparison.Ordinal));
        Assert.StartsWith(Changelog.Section(RepoLayout.PackageVersion), package.MetadataValue("releaseNotes"), StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(RuntimePackages))]
    public void SymbolsPackageHasThePortablePdbOfEachAssembly_WithSourceLinkToTheCommitThePackageNames(string id, string projectDirectory)
    {
        _ = projectDirectory;
        using var package = PackageFile.Open(id);
        using var symbols = PackageFile.Open(id, "snupkg");
        var repository = package.MetadataElement("repository");
        Assert.Equal("https://github.com/burstanalyzers/BurstAnalyzers", repository.Attribute("url")?.Value);
        var commit = repository.Attribute("commit")?.Value ?? "";
        Assert.Matches("^[0-9a-f]{40}$", commit);

        foreach (var dll in LibraryAssemblies(package))
        {
            var pdbEntry = Path.ChangeExtension(dll, ".pdb");
            Assert.Contains(pdbEntry, symbols.Entries);

            // The PDB is the one this assembly was built with: its id is the assembly's CodeView entry.
            using var pe = new PEReader(new MemoryStream(package.ReadBytes(dll)));
            var codeView = pe.ReadCodeViewDebugDirectoryData(Assert.Single(pe.ReadDebugDirectory(), d => d.Type == DebugDirectoryEntryType.CodeView));
            using var provider = MetadataReaderProvider.FromPortablePdbStream(new MemoryStream(symbols.ReadBytes(pdbEntry)));
            var pdb = provider.GetMetadataReader();
            Assert.Equal(codeView.Guid, new BlobContentId(pdb.DebugMetadataHeader!.Id).Guid);

            // Every source document is either fetched through Source Link from the package's commit, or embedded.
            var documents = JsonDocument.Parse(Assert.Single(CustomDebugInformation(pdb, SourceLinkKind))).RootElement.GetProperty("documents");
            var (localRoot, url) = Assert.Single(documents.EnumerateObject().Select(p => (p.Name, p.Value.GetString()!)));
            Assert.Equal($"https://raw.githubusercontent.com/burstanalyzers/BurstAnalyzers/{commit}/*", url);
            Assert.EndsWith("*", localRoot, StringComparison.Ordinal);
            var linked = 0;
            foreach (var handle in pdb.Documents)
            {
                var name = pdb.GetString(pdb.GetDocument(handle).Name);
                if (name.StartsWith(localRoot.TrimEnd('*'), StringComparison.Ordinal))
                {
                    linked++;
                }
                else
                {
                    Assert.True(CustomDebugInformation(pdb, EmbeddedSourceKind, handle).Any(), $"{dll}: {name} is neither under {localRoot} nor embedded.");
                }
            }

            Assert.True(linked > 0, $"{dll}: no document is under Source Link's root {localRoot}.");
        }
    }

    [Theory]
    [MemberData(nameof(RuntimePackages))]
    public void PublicTypesOfEachAssemblyAreExactlyThoseThePublicApiFilesDeclare(string id, string projectDirectory)
    {
        var declared = File.ReadAllLines(Path.Combine(RepoLayout.Root, projectDirectory, "PublicAPI.Shipped.txt"))
            .Concat(File.ReadAllLines(Path.Combine(RepoLayout.Root, projectDirectory, "PublicAPI.Unshipped.txt")))
            .Select(l => l.Trim())
            .Where(l => l.Length > 0 && !l.StartsWith('#') && !l.Contains("->", StringComparison.Ordinal) && !l.StartsWith("~", StringComparison.Ordinal))
            .OrderBy(l => l, StringComparer.Ordinal)
            .ToList();
        Assert.NotEmpty(declared);

        using var package = PackageFile.Open(id);
        foreach (var dll in LibraryAssemblies(package))
        {
            using var pe = new PEReader(new MemoryStream(package.ReadBytes(dll)));
            Assert.Equal(declared, PublicTypeNames(pe.GetMetadataReader()));
        }

        // The package ships the API, not the files that track it.
        Assert.DoesNotContain(package.Entries, e => e.Contains("PublicAPI", StringComparison.Ordinal));
    }

    [Theory]
    [MemberData(nameof(RuntimePackages))]
    public async Task ProjectGetsTheSharedReleaseSettings_AndIsReproducibleWhenCIIsTrue(string id, string projectDirectory)
    {
        _ = id;
        var project = Path.Combine(RepoLayout.Root, projectDirectory);
        string[] shared = ["EnablePackageValidation", "IncludeSymbols", "SymbolPackageFormat", "DebugType", "EnableSourceLink", "PublishRepositoryUrl", "EmbedUntrackedSources", "BurstTracksPublicApi"];
        var expected = new[] { "true", "true", "snupkg", "portable", "true", "true", "true", "true" };

        var ci = await Evaluate(project, "true", shared.Append("ContinuousIntegrationBuild").ToArray());
        var local = await Evaluate(project, "false", ["ContinuousIntegrationBuild"]);

        Assert.Equal(expected.Append("true"), shared.Append("ContinuousIntegrationBuild").Select(p => ci[p]));
        Assert.NotEqual("true", local["ContinuousIntegrationBuild"]);
    }

    /// <summary>The project's properties as MSBuild evaluates them, with CI set as a CI server sets it.</summary>
    private static async Task<Dictionary<string, string>> Evaluate(string project, string ci, string[] properties)
    {
        // MSBuildProjectName too: with two or more properties, -getProperty answers in JSON.
        var result = await DotNetCli.RunAsync(project, TimeSpan.FromMinutes(2), new[] { "msbuild", "-nologo", $"-p:CI={ci}", "-getProperty:MSBuildProjectName" }.Concat(properties.Select(p => "-getProperty:" + p)).ToArray());
        Assert.True(result.ExitCode == 0, result.Output);
        using var json = JsonDocument.Parse(result.Output);
        return json.RootElement.GetProperty("Properties").EnumerateObject().ToDictionary(p => p.Name, p => p.Value.GetString() ?? "", StringComparer.Ordinal);
    }

    private static string[] LibraryAssemblies(PackageFile package)
        => package.Entries
            .Where(e => e.StartsWith("lib/", StringComparison.Ordinal) && e.EndsWith(".dll", StringComparison.Ordinal))
            .OrderBy(e => e, StringComparer.Ordinal)
            .ToArray();

    private static IEnumerable<string> CustomDebugInformation(MetadataReader pdb, Guid kind, EntityHandle? parent = null)
    {
        foreach (var handle in parent is { } p ? pdb.GetCustomDebugInformation(p) : pdb.GetCustomDebugInformation(EntityHandle.ModuleDefinition))
        {
            var information = pdb.GetCustomDebugInformation(handle);
            if (pdb.GetGuid(information.Kind) == kind)
            {
                yield return Encoding.UTF8.GetString(pdb.GetBlobBytes(information.Value));
            }
        }
    }

    /// <summary>Types visible outside the assembly, named as PublicAPI.txt names them (Namespace.Outer.Inner).</summary>
    private static IEnumerable<string> PublicTypeNames(MetadataReader metadata)
    {
        var names = new List<string>();
        foreach (var handle in metadata.TypeDefinitions)
        {
            if (Visible(metadata, metadata.GetTypeDefinition(handle)) is { } name)
            {
                names.Add(name);
            }
        }

        return names.OrderBy(n => n, StringComparer.Ordinal);
    }

    private static string? Visible(MetadataReader metadata, TypeDefinition type)
    {
        var visibility = type.Attributes & TypeAttributes.VisibilityMask;
        var name = metadata.GetString(type.Name);
        if (name.IndexOf('`', StringComparison.Ordinal) is var arity and > 0)
        {
            // Box`1 is Box<T> there, with the type parameters' own names.
            var parameters = type.GetGenericParameters().Select(p => metadata.GetString(metadata.GetGenericParameter(p).Name));
            name = name[..arity] + "<" + string.Join(", ", parameters) + ">";
        }

        if (visibility == TypeAttributes.Public)
        {
            var ns = metadata.GetString(type.Namespace);
            return ns.Length == 0 ? name : ns + "." + name;
        }

        if (visibility is TypeAttributes.NestedPublic or TypeAttributes.NestedFamily or TypeAttributes.NestedFamORAssem)
        {
            return Visible(metadata, metadata.GetTypeDefinition(type.GetDeclaringType())) is { } outer ? outer + "." + name : null;
        }

        return null;
    }
}
