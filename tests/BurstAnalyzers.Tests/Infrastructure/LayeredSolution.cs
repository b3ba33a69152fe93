using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Diagnostics.CodeAnalysis;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.CrossProject;
using BurstAnalyzers.FactsFiles;
using BurstAnalyzers.Options;
using BurstAnalyzers.Rules;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;

namespace BurstAnalyzers.Tests.Infrastructure;

/// <summary>
/// A web project over class libraries, each project its own compilation, the way the two hosts see them:
/// <list type="bullet">
/// <item><see cref="BuildAsync"/>: as <c>dotnet build</c> does. Each library is compiled with BurstAnalyzers' generator
/// and analysed as a library's build (OutputType=Library), then emitted; the projects above reference the emitted
/// assemblies and get the library's chains file, made of its BURST904 notes' property lines as the compiler's SARIF log
/// holds them.</item>
/// <item><see cref="EditorAsync"/>: as an IDE or <c>dotnet format</c> does. The projects above reference the libraries'
/// compilations, source and all; the web project is analysed one document at a time.</item>
/// </list>
/// Libraries are listed bottom up; each references the ones before it.
/// </summary>
internal sealed class LayeredSolution
{
    private readonly CSharpParseOptions _parse;
    private readonly ImmutableArray<MetadataReference> _libraryReferences;
    private readonly ImmutableArray<MetadataReference> _webReferences;
    private static readonly ImmutableArray<DiagnosticAnalyzer> Analyzers = ShippedComponents.Analyzers();

    private readonly List<(string Name, string Code, bool WithPackage, bool ShipsAsPackage, string[]? References)> _libraries = new();
    private readonly List<(string Name, string Code, string[] Facts)> _vendors = new();

    /// <param name="netFramework">Every project a .NET Framework 4.8 one (C# 7.3): the web project a WCF/ASMX service.</param>
    /// <param name="webReferences">The web project's references instead of the default set (EF Core's, say).</param>
    /// <param name="libraryReferences">The libraries' references instead of the base class library alone.</param>
    public LayeredSolution(bool netFramework = false, ImmutableArray<MetadataReference>? webReferences = null, ImmutableArray<MetadataReference>? libraryReferences = null)
    {
        _parse = new CSharpParseOptions(netFramework ? LanguageVersion.CSharp7_3 : LanguageVersion.Latest);
        _libraryReferences = libraryReferences ?? (netFramework ? ReferenceSets.Net48 : ReferenceSets.BclOnly);
        _webReferences = webReferences ?? (netFramework ? ReferenceSets.Net48 : ReferenceSets.Default);
    }

    /// <param name="shipsAsPackage">What the package's build file says of the library: by default a layer of the
    /// application that nothing packs; true for one that ships as a package (it keeps its public API).</param>
    /// <param name="references">The libraries before it that it references, by name; null: every one of them.</param>
    public LayeredSolution Library(string name, string code, bool withPackage = true, bool shipsAsPackage = false, string[]? references = null)
    {
        _libraries.Add((name, code, withPackage, shipsAsPackage, references));
        return this;
    }

    /// <summary>A binary library every project references (a NuGet package's or a vendor's DLL: no project, no source),
    /// and the facts file the package's build writes for it from its IL (<c>&lt;name&gt;.burstfacts</c>): the records
    /// given, none when empty (no file).</summary>
    public LayeredSolution Vendor(string name, string code, params string[] factsRecords)
    {
        _vendors.Add((name, code, factsRecords));
        return this;
    }

    // The libraries' own reports in a build, where a test asks for them (else a library may report nothing).
    private List<string>? _libraryReports;

    /// <summary>Lets the libraries' builds report (by default a test fails if one does), and keeps what they report in
    /// <see cref="LibraryReports"/>, described as <see cref="Describe"/> does, in the order of the builds.</summary>
    public LayeredSolution KeepLibraryReports()
    {
        _libraryReports = new List<string>();
        return this;
    }

    /// <summary>What the libraries' builds reported (<see cref="KeepLibraryReports"/>), besides their chains.</summary>
    public IReadOnlyList<string> LibraryReports => _libraryReports ?? new List<string>();

    /// <summary>The web project's diagnostics as the build reports them.</summary>
    public Task<ImmutableArray<Diagnostic>> BuildAsync(string web, string? editorConfig = null)
        => BuildAsync(new[] { ("Web.cs", web) }, OutputKind.DynamicallyLinkedLibrary, editorConfig);

    /// <summary>The web project's diagnostics as the build reports them, its files named (Program.cs with top-level
    /// statements needs <see cref="OutputKind.ConsoleApplication"/>).</summary>
    public async Task<ImmutableArray<Diagnostic>> BuildAsync(IReadOnlyList<(string Path, string Code)> web, OutputKind webKind, string? editorConfig = null)
    {
        var references = new List<MetadataReference>();
        var chainsFiles = new List<AdditionalText>();
        AddVendors(references, chainsFiles);
        var vendors = references.Count;
        var below = new List<string>();
        foreach (var (name, code, withPackage, shipsAsPackage, referenced) in _libraries)
        {
            var compilation = Compile(name, new[] { (name + ".cs", code) }, _libraryReferences.AddRange(Referenced(references, vendors, below, referenced)), OutputKind.DynamicallyLinkedLibrary);
            if (withPackage)
            {
                var global = BuildPropertiesOf(exportsChains: true, string.Join(",", referenced ?? (IEnumerable<string>)below), shipsAsPackage);
                compilation = Generate(compilation, global);
                var notes = await AnalyzeAsync(compilation, oneDocument: false, "", global, chainsFiles);
                chainsFiles.Add(ChainsFileOf(name, notes));
            }

            using var image = new MemoryStream();
            var emitted = compilation.Emit(image);
            Assert.True(emitted.Success, string.Join("\n", emitted.Diagnostics));
            references.Add(MetadataReference.CreateFromImage(image.ToArray()));
            below.Add(name);
        }

        var webCompilation = Compile("Shop.Web", web, _webReferences.AddRange(references), webKind);
        var projectReferences = string.Join(",", _libraries.Select(l => l.Name));
        return await AnalyzeAsync(webCompilation, oneDocument: false, editorConfig ?? "", BuildPropertiesOf(exportsChains: false, projectReferences), chainsFiles);
    }

    /// <summary>What the package's build file writes beside a library's assembly: the SARIF log's lines that carry a
    /// BURST904 note's chain, here JSON-encoded as the log does (System.Text.Json escapes more than the compiler's
    /// writer, which the reader must take in its stride).</summary>
    private AdditionalText ChainsFileOf(string name, ImmutableArray<Diagnostic> notes)
    {
        if (_libraryReports is { } reports)
        {
            reports.AddRange(Describe(notes.Where(note => note.Id != "BURST904").ToImmutableArray()));
            notes = notes.Where(note => note.Id == "BURST904").ToImmutableArray();
        }

        Assert.All(notes, note => Assert.Equal("BURST904", note.Id));
        var lines = notes.Select(note => "\"BurstAnalyzers.CarriedChain\": " + System.Text.Json.JsonSerializer.Serialize(note.Properties["BurstAnalyzers.CarriedChain"]) + ",");
        return new InMemoryAdditionalText($"/repo/{name}/bin/{name}.burstchains", string.Join("\n", lines) + "\n");
    }

    /// <summary>The MSBuild properties the package makes visible to the compiler in a build, as a global analyzer config.</summary>
    private static string BuildPropertiesOf(bool exportsChains, string projectReferences, bool? shipsAsPackage = null)
        => "is_global = true\nbuild_property." + BuildProperties.ExportsChains + " = " + (exportsChains ? "true" : "") + "\nbuild_property." + BuildProperties.ProjectReferences + " = " + projectReferences + "\n"
            + (shipsAsPackage is { } ships ? "build_property." + BuildProperties.ShipsAsPackage + " = " + (ships ? "true" : "false") + "\n" : "");

    /// <summary>The web project's diagnostics as an editor reports them, the web project's document alone.</summary>
    public Task<ImmutableArray<Diagnostic>> EditorAsync(string web, string? editorConfig = null)
        => EditorAsync(new[] { ("Web.cs", web) }, OutputKind.DynamicallyLinkedLibrary, editorConfig);

    /// <summary>The web project's diagnostics as an editor reports them, each of its documents alone.</summary>
    public async Task<ImmutableArray<Diagnostic>> EditorAsync(IReadOnlyList<(string Path, string Code)> web, OutputKind webKind, string? editorConfig = null)
    {
        var references = new List<MetadataReference>();
        var factsFiles = new List<AdditionalText>();
        AddVendors(references, factsFiles);
        var vendors = references.Count;
        var below = new List<string>();
        foreach (var (name, code, withPackage, shipsAsPackage, referenced) in _libraries)
        {
            // An IDE runs the generator too: the marker. Its design-time build exports no chains.
            var compilation = Compile(name, new[] { (name + ".cs", code) }, _libraryReferences.AddRange(Referenced(references, vendors, below, referenced)), OutputKind.DynamicallyLinkedLibrary);
            references.Add((withPackage ? Generate(compilation, BuildPropertiesOf(exportsChains: false, "", shipsAsPackage)) : compilation).ToMetadataReference());
            below.Add(name);
        }

        var webCompilation = Compile("Shop.Web", web, _webReferences.AddRange(references), webKind);
        return await AnalyzeAsync(webCompilation, oneDocument: true, editorConfig ?? "", "is_global = true\n", factsFiles);
    }

    /// <summary>What a library references: the vendors' assemblies (the first <paramref name="vendors"/>), then the
    /// libraries before it (<paramref name="below"/>, in order), all of them or only those it names.</summary>
    private static IEnumerable<MetadataReference> Referenced(List<MetadataReference> references, int vendors, List<string> below, string[]? named)
    {
        for (var i = 0; i < references.Count; i++)
        {
            if (i < vendors || named is null || Array.IndexOf(named, below[i - vendors]) >= 0)
            {
                yield return references[i];
            }
        }
    }

    /// <summary>The binary libraries, emitted, and their facts files (an IDE's design-time build passes them too).</summary>
    private void AddVendors(List<MetadataReference> references, List<AdditionalText> factsFiles)
    {
        foreach (var (name, code, facts) in _vendors)
        {
            var compilation = Compile(name, new[] { (name + ".cs", code) }, _libraryReferences, OutputKind.DynamicallyLinkedLibrary);
            using var image = new MemoryStream();
            var emitted = compilation.Emit(image);
            Assert.True(emitted.Success, string.Join("\n", emitted.Diagnostics));
            references.Add(MetadataReference.CreateFromImage(image.ToArray(), filePath: $"/nuget/{name}/lib/{name}.dll"));
            if (facts.Length > 0)
            {
                var lines = facts.Select(record => "\"BurstAnalyzers.CarriedChain\": \"" + ChainsFile.Encode(record) + "\"");
                factsFiles.Add(new InMemoryAdditionalText($"/repo/Shop.Web/obj/burst-libraries/0/{name}.burstfacts", string.Join("\n", lines) + "\n"));
            }
        }
    }

    /// <summary>"Web.cs(line,column): BURST005: message [where the chain ends]", one a diagnostic, in order.</summary>
    public static string[] Describe(ImmutableArray<Diagnostic> diagnostics)
        => diagnostics.Select(d => $"{Position(d.Location)}: {d.Id}: {d.GetMessage()} [{(d.AdditionalLocations.Count == 0 ? "" : Position(d.AdditionalLocations[^1]))}]").ToArray();

    /// <summary>Every related location of a diagnostic, "Shop.Api.cs(8,38) Shop.Data.cs(9,13)", in order.</summary>
    public static string Related(Diagnostic diagnostic) => string.Join(" ", diagnostic.AdditionalLocations.Select(Position));

    private static string Position(Location location)
    {
        var span = location.GetLineSpan();
        return $"{span.Path}({span.StartLinePosition.Line + 1},{span.StartLinePosition.Character + 1})";
    }

    /// <param name="global">The library's build properties, as a global analyzer config.</param>
    private CSharpCompilation Generate(CSharpCompilation compilation, string global)
    {
        CSharpGeneratorDriver.Create(new[] { new PackageMarkerGenerator().AsSourceGenerator() }, parseOptions: _parse, optionsProvider: new FixedAnalyzerConfigOptions("", "/" + compilation.AssemblyName + ".cs", global))
            .RunGeneratorsAndUpdateCompilation(compilation, out var generated, out var diagnostics);
        Assert.Empty(diagnostics);
        Assert.Contains("\"BurstAnalyzers.ChainsFormat\", \"1\"", generated.SyntaxTrees.Last().ToString(), StringComparison.Ordinal);
        return (CSharpCompilation)generated;
    }

    private CSharpCompilation Compile(string name, IEnumerable<(string Path, string Code)> files, IEnumerable<MetadataReference> references, OutputKind kind)
    {
        var compilation = CSharpCompilation.Create(
            name,
            files.Select(file => CSharpSyntaxTree.ParseText(file.Code, _parse, path: file.Path)),
            references,
            new CSharpCompilationOptions(kind, nullableContextOptions: _parse.LanguageVersion >= LanguageVersion.CSharp8 ? NullableContextOptions.Enable : NullableContextOptions.Disable)
                .AsCommandLineCompiler());
        var errors = compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).ToArray();
        Assert.True(errors.Length == 0, $"{name} does not compile:\n" + string.Join("\n", errors.Select(e => e.ToString())));
        return compilation;
    }

    /// <param name="global">What the package's build file passes: MSBuild properties, as a global analyzer config.</param>
    /// <param name="chainsFiles">The chains files of the libraries below, as the build passes them.</param>
    private static async Task<ImmutableArray<Diagnostic>> AnalyzeAsync(Compilation compilation, bool oneDocument, string editorConfig, string global, IEnumerable<AdditionalText> chainsFiles)
    {
        var exceptions = new List<string>();
        var analyzerOptions = new AnalyzerOptions(chainsFiles.ToImmutableArray(), new FixedAnalyzerConfigOptions(editorConfig, "/Web.cs", global));
        var options = new CompilationWithAnalyzersOptions(
            analyzerOptions,
            onAnalyzerException: (exception, analyzer, _) => { lock (exceptions) { exceptions.Add($"{analyzer}: {exception}"); } },
            concurrentAnalysis: false,
            logAnalyzerExecutionTime: false);
        var withAnalyzers = compilation.WithAnalyzers(Analyzers, options);
        ImmutableArray<Diagnostic> diagnostics;
        if (oneDocument)
        {
            var builder = ImmutableArray.CreateBuilder<Diagnostic>();
            foreach (var tree in compilation.SyntaxTrees)
            {
                builder.AddRange(await withAnalyzers.GetAnalyzerSemanticDiagnosticsAsync(compilation.GetSemanticModel(tree), null, default));
            }

            diagnostics = builder.ToImmutable();
        }
        else
        {
            diagnostics = await withAnalyzers.GetAnalyzerDiagnosticsAsync();
        }

        Assert.True(exceptions.Count == 0, "Analyzer threw:\n" + string.Join("\n", exceptions));
        return diagnostics.Where(d => d.Id.StartsWith("BURST", StringComparison.Ordinal) || d.Id == "AD0001")
            .OrderBy(d => d.Location.SourceTree?.FilePath, StringComparer.Ordinal)
            .ThenBy(d => d.Location.SourceSpan.Start)
            .ThenBy(d => d.Id, StringComparer.Ordinal)
            .ToImmutableArray();
    }
}
