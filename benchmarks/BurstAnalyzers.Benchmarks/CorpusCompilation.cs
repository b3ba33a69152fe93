using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using BurstAnalyzers.Benchmarks.Corpus;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace BurstAnalyzers.Benchmarks;

/// <summary>
/// Turns a generated corpus into one compilation against the .NET and ASP.NET Core reference packs. The corpus is
/// parsed once here; every measured run reuses these syntax trees.
/// </summary>
internal static class CorpusCompilation
{
    public static CSharpCompilation Create(GeneratedCorpus corpus, IReadOnlyList<MetadataReference> references)
        => Create("Contoso.Corpus", corpus.Files, references);

    /// <summary>
    /// The corpus as the projects a build compiles: one web application, or (<paramref name="layered"/>) a web project
    /// over a services library over a data library (<see cref="CorpusLayer"/>), each library emitted and referenced by
    /// the projects above as an assembly, as in <c>dotnet build</c>. Bottom up; each is checked to compile. The
    /// libraries reference the .NET and Microsoft.Extensions assemblies but not ASP.NET Core, as a data or services
    /// library usually does; the web project references everything.
    /// </summary>
    public static IReadOnlyList<CorpusProject> Projects(GeneratedCorpus corpus, IReadOnlyList<MetadataReference> references, bool layered)
    {
        if (!layered)
        {
            var compilation = Create(corpus, references);
            AssertCompiles(compilation);
            return new[] { new CorpusProject(compilation, IsLibrary: false) };
        }

        var projects = new List<CorpusProject>();
        var below = new List<MetadataReference>();
        var libraryReferences = references.Where(r => !System.IO.Path.GetFileName(r.Display ?? "").StartsWith("Microsoft.AspNetCore", StringComparison.OrdinalIgnoreCase)).ToList();
        foreach (var (layer, name) in new[] { (CorpusLayer.Data, "Contoso.Data"), (CorpusLayer.Services, "Contoso.Services"), (CorpusLayer.Web, "Contoso.Web") })
        {
            var compilation = Create(name, corpus.Files.Where(f => f.Layer == layer).ToList(), (layer == CorpusLayer.Web ? references : libraryReferences).Concat(below).ToList());
            AssertCompiles(compilation);
            projects.Add(new CorpusProject(compilation, IsLibrary: layer != CorpusLayer.Web));
            if (layer != CorpusLayer.Web)
            {
                using var image = new System.IO.MemoryStream();
                var emitted = compilation.Emit(image);
                if (!emitted.Success)
                {
                    throw new InvalidOperationException($"{name} does not emit: " + string.Join("; ", emitted.Diagnostics.Take(5)));
                }

                below.Add(MetadataReference.CreateFromImage(image.ToArray()));
            }
        }

        return projects;
    }

    private static CSharpCompilation Create(string assemblyName, IReadOnlyList<CorpusFile> files, IReadOnlyList<MetadataReference> references)
    {
        var parseOptions = new CSharpParseOptions(LanguageVersion.Latest);
        var trees = new List<SyntaxTree>(files.Count);
        foreach (var file in files)
        {
            trees.Add(CSharpSyntaxTree.ParseText(file.Text, parseOptions, file.Path, Encoding.UTF8));
        }

        // Not a concurrent build: while the analyzers run, GetAnalyzerDiagnosticsAsync compiles the corpus on other
        // threads, and with one worker per core those competed with the analyzer thread on a 2-core machine, so the
        // analyzers' elapsed time depended on scheduling more than on their work. Both sets run under the same setting.
        var options = new CSharpCompilationOptions(
            OutputKind.DynamicallyLinkedLibrary,
            nullableContextOptions: NullableContextOptions.Enable,
            concurrentBuild: false);
        return CSharpCompilation.Create(assemblyName, trees, references, options);
    }

    /// <summary>
    /// Compiles everything once (binding all method bodies) and throws with the first errors if the corpus does not
    /// compile: an analyzer timed on code with errors would be timed on a different path than on real code.
    /// </summary>
    public static void AssertCompiles(Compilation compilation)
    {
        var errors = compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).ToList();
        if (errors.Count == 0)
        {
            return;
        }

        var message = new StringBuilder();
        message.AppendLine($"The generated corpus does not compile: {errors.Count} errors. The first ones:");
        foreach (var error in errors.Take(20))
        {
            message.AppendLine("  " + error);
        }

        throw new InvalidOperationException(message.ToString());
    }
}
