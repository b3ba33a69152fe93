using System.Collections.Immutable;
using System.Text;
using BurstAnalyzers.CodeFixes.Offload;
using BurstAnalyzers.Rules;
using BurstDemo.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;

namespace BurstDemo.Variants;

/// <summary>
/// Applies our offload fix (BurstAnalyzers.CodeFixes.Offload.OffloadFixer) with its Fix All in solution scope to the copy's
/// sources, in-process, as the IDE's "Fix all occurrences in Solution" would: an AdhocWorkspace of the copy's .cs files
/// compiled against the SDK's reference packs and the package assemblies the copy restored, diagnostics from
/// BlockingCallAnalyzer and CallChainAnalyzer, and every changed document written back. `dotnet format` cannot do this: it applies the
/// first fix registered for a diagnostic, which is the async fix.
/// </summary>
internal static class OffloadFixRunner
{
    public sealed record Outcome(int DiagnosticsBefore, int DiagnosticsAfter, IReadOnlyList<string> ChangedFiles);

    public static async Task<Outcome> ApplyAsync(SampleServer server, string sampleDirectory, IReadOnlyList<string> packageAssemblies, CancellationToken cancellationToken)
    {
        var (solution, files) = CreateSolution(server, sampleDirectory, packageAssemblies);
        var project = solution.Projects.Single();
        await RequireNoErrorsAsync(project, "before the offload fix", cancellationToken);

        // The direct rules and the call-chain rule: /chain blocks two calls down.
        var analyzers = ImmutableArray.Create<DiagnosticAnalyzer>(new BlockingCallAnalyzer(), new CallChainAnalyzer());
        var fixer = new OffloadFixer();
        var before = (await DiagnosticsAsync(project, analyzers, cancellationToken)).Where(d => fixer.FixableDiagnosticIds.Contains(d.Id)).ToList();
        if (before.Count == 0)
        {
            throw new DemoFailure("The analyzers reported nothing in the sample: the offload fix has nothing to apply.");
        }

        var first = before[0];
        var document = solution.GetDocument(first.Location.SourceTree)!;
        var equivalenceKey = await EquivalenceKeyAsync(fixer, document, first, cancellationToken)
            ?? throw new DemoFailure($"The offload fix is not offered for {first.Id} at {first.Location.GetLineSpan()}: is {server.OffloadPackageId} referenced?");

        var context = new FixAllContext(
            document, fixer, FixAllScope.Solution, equivalenceKey, fixer.FixableDiagnosticIds, new AnalyzerDiagnostics(analyzers), cancellationToken);
        var action = await fixer.GetFixAllProvider()!.GetFixAsync(context)
            ?? throw new DemoFailure("The offload fix's Fix All offered nothing.");
        var apply = (await action.GetOperationsAsync(cancellationToken)).OfType<ApplyChangesOperation>().SingleOrDefault()
            ?? throw new DemoFailure("The offload fix's Fix All produced no change to apply.");
        var fixedSolution = apply.ChangedSolution;

        var fixedProject = fixedSolution.Projects.Single();
        await RequireNoErrorsAsync(fixedProject, "after the offload fix", cancellationToken);
        var after = (await DiagnosticsAsync(fixedProject, analyzers, cancellationToken)).Count(d => fixer.FixableDiagnosticIds.Contains(d.Id));

        var changed = new List<string>();
        foreach (var id in fixedSolution.GetChanges(solution).GetProjectChanges().SelectMany(p => p.GetChangedDocuments()))
        {
            if (files.TryGetValue(id, out var path))
            {
                var text = await fixedSolution.GetDocument(id)!.GetTextAsync(cancellationToken);
                File.WriteAllText(path, text.ToString(), EncodingOf(path));
                changed.Add(Path.GetRelativePath(sampleDirectory, path));
            }
        }

        return new Outcome(before.Count, after, changed);
    }

    /// <summary>The sample as one console-application project (it has top-level statements), like its csproj.</summary>
    private static (Solution Solution, Dictionary<DocumentId, string> Files) CreateSolution(SampleServer server, string sampleDirectory, IReadOnlyList<string> packageAssemblies)
    {
        var references = ReferencePacks.Load().Concat(packageAssemblies.Select(p => MetadataReference.CreateFromFile(p)));
        var projectId = ProjectId.CreateNewId();
        var workspace = new AdhocWorkspace();
        var solution = workspace.CurrentSolution.AddProject(ProjectInfo.Create(
            projectId,
            VersionStamp.Default,
            server.Name,
            server.Name,
            LanguageNames.CSharp,
            filePath: Path.Combine(sampleDirectory, server.Name + ".csproj"),
            compilationOptions: new CSharpCompilationOptions(OutputKind.ConsoleApplication, nullableContextOptions: NullableContextOptions.Enable),
            parseOptions: new CSharpParseOptions(LanguageVersion.Latest),
            metadataReferences: references));

        var files = new Dictionary<DocumentId, string>();
        foreach (var (path, relative) in RepositorySlice.SourceFiles(sampleDirectory).Where(f => f.Path.EndsWith(".cs", StringComparison.Ordinal)))
        {
            var id = DocumentId.CreateNewId(projectId, relative);
            solution = solution.AddDocument(id, Path.GetFileName(path), SourceText.From(File.ReadAllText(path)), filePath: path);
            files[id] = path;
        }

        // Linked from another sample, as the csproj does; never written back.
        foreach (var shared in server.SharedSources)
        {
            var path = Path.GetFullPath(Path.Combine(sampleDirectory, "..", shared));
            solution = solution.AddDocument(DocumentId.CreateNewId(projectId, shared), Path.GetFileName(path), SourceText.From(File.ReadAllText(path)), filePath: path);
        }

        // Generated, never written back.
        solution = solution.AddDocument(
            DocumentId.CreateNewId(projectId, ImplicitUsings.FileName),
            ImplicitUsings.FileName,
            SourceText.From(ImplicitUsings.Source),
            filePath: Path.Combine(sampleDirectory, "obj", ImplicitUsings.FileName));
        return (solution, files);
    }

    /// <summary>A fix applied to code that does not bind is meaningless: stop with the compiler's errors.</summary>
    private static async Task RequireNoErrorsAsync(Project project, string when, CancellationToken cancellationToken)
    {
        var compilation = (await project.GetCompilationAsync(cancellationToken))!;
        var errors = compilation.GetDiagnostics(cancellationToken).Where(d => d.Severity == DiagnosticSeverity.Error).Take(10).ToList();
        if (errors.Count > 0)
        {
            throw new DemoFailure($"The sample does not compile in the fix's workspace {when}:\n" + string.Join('\n', errors));
        }
    }

    private static async Task<ImmutableArray<Diagnostic>> DiagnosticsAsync(Project project, ImmutableArray<DiagnosticAnalyzer> analyzers, CancellationToken cancellationToken)
    {
        var compilation = (await project.GetCompilationAsync(cancellationToken))!;
        var failures = new List<string>();
        var options = new CompilationWithAnalyzersOptions(
            project.AnalyzerOptions,
            onAnalyzerException: (exception, _, _) => { lock (failures) { failures.Add(exception.ToString()); } },
            concurrentAnalysis: false,
            logAnalyzerExecutionTime: false);
        var diagnostics = await compilation.WithAnalyzers(analyzers, options).GetAnalyzerDiagnosticsAsync(cancellationToken);
        return failures.Count == 0
            ? diagnostics
            : throw new DemoFailure("An analyzer threw:\n" + string.Join('\n', failures));
    }

    private static async Task<string?> EquivalenceKeyAsync(CodeFixProvider fixer, Document document, Diagnostic diagnostic, CancellationToken cancellationToken)
    {
        var actions = new List<CodeAction>();
        await fixer.RegisterCodeFixesAsync(new CodeFixContext(document, diagnostic, (action, _) => actions.Add(action), cancellationToken));
        return actions.FirstOrDefault()?.EquivalenceKey;
    }

    /// <summary>Keeps a file's byte-order mark (or its absence) when it is written back.</summary>
    private static Encoding EncodingOf(string path)
    {
        var bytes = File.ReadAllBytes(path);
        return new UTF8Encoding(encoderShouldEmitUTF8Identifier: bytes.Length >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF);
    }

    /// <summary>What Fix All asks for: the analyzer's diagnostics, per document or per project.</summary>
    private sealed class AnalyzerDiagnostics(ImmutableArray<DiagnosticAnalyzer> analyzers) : FixAllContext.DiagnosticProvider
    {
        public override async Task<IEnumerable<Diagnostic>> GetDocumentDiagnosticsAsync(Document document, CancellationToken cancellationToken)
        {
            var tree = await document.GetSyntaxTreeAsync(cancellationToken);
            return (await DiagnosticsAsync(document.Project, analyzers, cancellationToken)).Where(d => d.Location.SourceTree == tree);
        }

        public override Task<IEnumerable<Diagnostic>> GetProjectDiagnosticsAsync(Project project, CancellationToken cancellationToken)
            => Task.FromResult(Enumerable.Empty<Diagnostic>()); // the analyzer reports only in source

        public override async Task<IEnumerable<Diagnostic>> GetAllDiagnosticsAsync(Project project, CancellationToken cancellationToken)
            => await DiagnosticsAsync(project, analyzers, cancellationToken);
    }
}
