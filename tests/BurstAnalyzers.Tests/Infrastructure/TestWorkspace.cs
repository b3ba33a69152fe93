using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;
using Xunit;

namespace BurstAnalyzers.Tests.Infrastructure;

/// <summary>A one-project solution of test sources, and running analyzers over it.</summary>
internal static class TestWorkspace
{
    public const string ProjectDirectory = "/TestProject/";

    public static Solution CreateSolution(
        IEnumerable<(string FileName, string Code)> files,
        string? editorConfig,
        ImmutableArray<MetadataReference> references,
        System.Func<CSharpCompilationOptions, CSharpCompilationOptions>? compilationOptions = null)
    {
        var options = new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable).AsCommandLineCompiler();
        var workspace = new AdhocWorkspace();
        var projectId = ProjectId.CreateNewId();
        var solution = workspace.CurrentSolution
            .AddProject(ProjectInfo.Create(
                projectId,
                VersionStamp.Default,
                "TestProject",
                "TestProject",
                LanguageNames.CSharp,
                filePath: ProjectDirectory + "TestProject.csproj",
                compilationOptions: compilationOptions is null ? options : compilationOptions(options),
                parseOptions: new CSharpParseOptions(LanguageVersion.Latest),
                metadataReferences: references));

        foreach (var (fileName, code) in files)
        {
            solution = solution.AddDocument(DocumentId.CreateNewId(projectId, fileName), fileName, SourceText.From(code), filePath: ProjectDirectory + fileName);
        }

        if (editorConfig is not null)
        {
            solution = solution.AddAnalyzerConfigDocument(
                DocumentId.CreateNewId(projectId, ".editorconfig"),
                ".editorconfig",
                SourceText.From(editorConfig),
                filePath: ProjectDirectory + ".editorconfig");
        }

        return solution;
    }

    /// <summary>A one-project solution of test sources (markup removed) against the default reference set, for tests
    /// that inspect the compiled code itself.</summary>
    public static Project CreateProject(IEnumerable<Verifiers.TestSource> sources)
        => CreateSolution(sources.Select(s => (s.FileName, s.Code)), null, ReferenceSets.Default).Projects.Single();

    /// <summary>The analyzer's diagnostics, sorted by file and position. Fails the test on any analyzer exception.</summary>
    public static async Task<ImmutableArray<Diagnostic>> GetAnalyzerDiagnosticsAsync(Project project, ImmutableArray<DiagnosticAnalyzer> analyzers)
    {
        var compilation = (await project.GetCompilationAsync())!;
        var exceptions = new List<string>();
        var options = new CompilationWithAnalyzersOptions(
            project.AnalyzerOptions,
            onAnalyzerException: (exception, analyzer, diagnostic) => { lock (exceptions) { exceptions.Add($"{analyzer}: {exception}"); } },
            concurrentAnalysis: true,
            logAnalyzerExecutionTime: false);
        var diagnostics = await compilation.WithAnalyzers(analyzers, options).GetAnalyzerDiagnosticsAsync();

        Assert.True(exceptions.Count == 0, "Analyzer threw:\n" + string.Join("\n", exceptions));
        var ad0001 = diagnostics.Where(d => d.Id == "AD0001").ToArray();
        Assert.True(ad0001.Length == 0, "Analyzer threw:\n" + string.Join("\n", ad0001.Select(d => d.ToString())));

        return diagnostics
            .OrderBy(d => d.Location.SourceTree?.FilePath, System.StringComparer.Ordinal)
            .ThenBy(d => d.Location.SourceSpan.Start)
            .ThenBy(d => d.Id, System.StringComparer.Ordinal)
            .ToImmutableArray();
    }

    /// <summary>Fails when the project does not compile: a test of real behaviour needs code that compiles.</summary>
    public static async Task AssertCompilesAsync(Project project, string when)
    {
        var compilation = (await project.GetCompilationAsync())!;
        var errors = compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).ToArray();
        Assert.True(errors.Length == 0, $"Compiler errors {when}:\n" + string.Join("\n", errors.Select(Describe)));
    }

    public static string Describe(Diagnostic diagnostic)
    {
        var span = diagnostic.Location.GetLineSpan();
        var text = diagnostic.Location.SourceTree?.GetText().ToString(diagnostic.Location.SourceSpan);
        return $"{span.Path}({span.StartLinePosition.Line + 1},{span.StartLinePosition.Character + 1}): {diagnostic.Id} on '{text}': {diagnostic.GetMessage()}";
    }
}
