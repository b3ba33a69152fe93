using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Benchmarks.Corpus;
using BurstAnalyzers.Benchmarks.Measurement;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.Benchmarks.Editor;

/// <summary>
/// --dump-diagnostics: what BurstAnalyzers reports on the editor mode's corpus, line by line, to compare two versions
/// of the analyzers (a diff of the files) and the two ways of analysing: the whole compilation at once (a build), and
/// each editor document alone (an IDE), twice, the second time on a new compilation of the same trees (where facts
/// kept from the first are used). Returns false when a document's diagnostics differ from the whole compilation's.
/// </summary>
internal static class DiagnosticsCheck
{
    public static async Task<bool> RunAsync(BenchmarkOptions options, IReadOnlyList<MetadataReference> references, AnalyzerSet set, string directory, TextWriter progress)
    {
        Directory.CreateDirectory(directory);
        var same = true;
        foreach (var size in options.Sizes)
        {
            var corpus = CorpusGenerator.Generate(size, options.Seed);
            var (files, documents) = EditorCorpus.Create(corpus);
            var compilation = set.Configure(CorpusCompilation.Create(new GeneratedCorpus(files, corpus.Stats), references));
            CorpusCompilation.AssertCompiles(compilation);

            var whole = Describe(await compilation.WithAnalyzers(set.Analyzers, Options()).GetAnalyzerDiagnosticsAsync(CancellationToken.None));
            var name = size.ToString(CultureInfo.InvariantCulture);
            await File.WriteAllLinesAsync(Path.Combine(directory, name + "-whole.txt"), whole);
            progress.WriteLine($"[diagnostics, {corpus.Lines:N0} lines] whole compilation: {whole.Count:N0} diagnostics");

            var byDocument = new List<string>();
            foreach (var document in documents)
            {
                var tree = compilation.SyntaxTrees.Single(t => t.FilePath == document.Path);
                var expected = whole.Where(line => line.StartsWith(document.Path + ": (", StringComparison.Ordinal)).ToList();
                var again = compilation.RemoveAllSyntaxTrees().AddSyntaxTrees(compilation.SyntaxTrees);
                foreach (var request in new[] { compilation, again })
                {
                    var found = Describe(await request.WithAnalyzers(set.Analyzers, Options())
                        .GetAnalyzerSemanticDiagnosticsAsync(request.GetSemanticModel(tree), null, CancellationToken.None));
                    var matches = found.SequenceEqual(expected, StringComparer.Ordinal);
                    same &= matches;
                    progress.WriteLine($"[diagnostics, {corpus.Lines:N0} lines] {document.Label}{(request == again ? ", new compilation" : string.Empty)}: "
                        + $"{found.Count} diagnostics, {(matches ? "same as" : "DIFFERENT FROM")} the whole compilation's in that file");
                    if (request == compilation)
                    {
                        byDocument.AddRange(found);
                    }
                }
            }

            await File.WriteAllLinesAsync(Path.Combine(directory, name + "-documents.txt"), byDocument);
        }

        return same;
    }

    private static CompilationWithAnalyzersOptions Options()
        => new(new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty), onAnalyzerException: null, concurrentAnalysis: false, logAnalyzerExecutionTime: false);

    private static List<string> Describe(IEnumerable<Diagnostic> diagnostics)
        => diagnostics
            .Select(d => $"{d.Location.GetLineSpan()}: {d.Id}: {d.GetMessage(CultureInfo.InvariantCulture)}"
                + (d.AdditionalLocations.Count == 0 ? string.Empty : " @ " + string.Join(", ", d.AdditionalLocations.Select(l => l.GetLineSpan().ToString()))))
            .OrderBy(text => text, StringComparer.Ordinal)
            .ToList();
}
