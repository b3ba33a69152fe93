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
    {
        var parseOptions = new CSharpParseOptions(LanguageVersion.Latest);
        var trees = new List<SyntaxTree>(corpus.Files.Count);
        foreach (var file in corpus.Files)
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
        return CSharpCompilation.Create("Contoso.Corpus", trees, references, options);
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
