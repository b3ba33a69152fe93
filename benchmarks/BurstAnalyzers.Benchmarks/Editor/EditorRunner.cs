using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Diagnostics;
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
using Microsoft.CodeAnalysis.Text;

namespace BurstAnalyzers.Benchmarks.Editor;

/// <summary>
/// What an IDE does after a keystroke: the document changes, the project gets a new Compilation (the other documents'
/// syntax trees are reused, as the IDE reuses them), and the document alone is analysed —
/// <c>GetAnalyzerSemanticDiagnosticsAsync(model, null)</c> on a new CompilationWithAnalyzers. Each document is edited
/// <see cref="BenchmarkOptions.Edits"/> times (a statement added in a method body, a different one each time); after
/// each edit every set, the no-op baseline included, analyses it, in an order that rotates with the edit, so each
/// set's n-th request and the baseline's saw nearly the same machine load. Times are wall milliseconds of the request:
/// what the user waits for, binding of the document included (the baseline shows that part). Each analyzer's time
/// inside its callbacks (ExecutionTime) is recorded too, to tell which analyzer of a set the time goes to.
/// </summary>
internal sealed class EditorRunner(BenchmarkOptions options, IReadOnlyList<MetadataReference> references, IReadOnlyList<AnalyzerSet> sets, TextWriter progress)
{
    public const int WarmUpEdits = 3;

    public async Task WarmUpAsync()
    {
        var corpus = CorpusGenerator.Generate(BenchmarkRunner.WarmUpLines, options.Seed + 1, options.IndirectShapes);
        await MeasureCorpusAsync(corpus, BenchmarkRunner.WarmUpLines, "[editor warm-up]", WarmUpEdits);
    }

    public async Task<EditorMeasurement> MeasureAsync(int size)
    {
        var corpus = CorpusGenerator.Generate(size, options.Seed, options.IndirectShapes);
        var label = $"[editor, {size.ToString("N0", CultureInfo.InvariantCulture)} lines]";
        return await MeasureCorpusAsync(corpus, size, label, options.Edits);
    }

    private async Task<EditorMeasurement> MeasureCorpusAsync(GeneratedCorpus corpus, int size, string label, int edits)
    {
        var stopwatch = Stopwatch.StartNew();
        var (files, documents) = EditorCorpus.Create(corpus);
        var compilation = CorpusCompilation.Create(new GeneratedCorpus(files, corpus.Stats), references);
        CorpusCompilation.AssertCompiles(compilation);
        progress.WriteLine($"{label} {corpus.Lines:N0} lines in {files.Count:N0} files compiled ({stopwatch.Elapsed.TotalSeconds:F1} s); documents: "
            + string.Join(", ", documents.Select(d => $"{d.Label} ({d.Path}, {d.Lines:N0} lines)")));

        // Each set keeps its own options (rules switched on); the trees are the same objects for all.
        var configured = sets.Select(s => s.Configure(compilation)).ToList();
        var results = new List<DocumentMeasurement>();
        foreach (var document in documents)
        {
            if (options.DocumentLabels is { } labels && !labels.Any(l => document.Label.StartsWith(l, StringComparison.OrdinalIgnoreCase)))
            {
                continue;
            }

            var measurement = new DocumentMeasurement(document, sets);
            var tree = compilation.SyntaxTrees.Single(t => t.FilePath == document.Path);
            for (var edit = 1; edit <= edits; edit++)
            {
                var edited = Edit(tree, edit);
                for (var i = 0; i < sets.Count; i++)
                {
                    var index = (i + edit) % sets.Count;
                    var (wallMs, byId, perAnalyzer) = await RequestAsync(configured[index].ReplaceSyntaxTree(tree, edited), edited, sets[index]);
                    measurement.Add(sets[index], wallMs, byId, perAnalyzer);
                }
            }

            results.Add(measurement);
            progress.WriteLine($"{label} {document.Label}, {edits} edits: "
                + string.Join(", ", sets.Select(s => $"{s.Name} {measurement.Median(s):F0} ms ({measurement.DiagnosticCount(s)} diagnostics)")));
            progress.WriteLine($"{label} {document.Label}, time in {sets[0].Name}' callbacks (median ms): "
                + string.Join(", ", measurement.AnalyzerNames(sets[0]).Select(name => $"{name} {measurement.MedianOf(sets[0], name):F1}")));
        }

        return new EditorMeasurement(size, corpus.Lines, results);
    }

    /// <summary>Adds "var editN = N;" before the first return statement: a change inside a method body, like typing.</summary>
    private static SyntaxTree Edit(SyntaxTree tree, int edit)
    {
        var text = tree.GetText();
        var position = text.Length;
        foreach (var line in text.Lines)
        {
            var content = line.ToString();
            var trimmed = content.TrimStart();
            if (trimmed.StartsWith("return ", StringComparison.Ordinal))
            {
                position = line.Start + (content.Length - trimmed.Length);
                break;
            }
        }

        var insertion = position < text.Length ? $"var edit{edit} = {edit}; " : $"// edit {edit}\n";
        return tree.WithChangedText(text.WithChanges(new TextChange(new TextSpan(position, 0), insertion)));
    }

    private static async Task<(double WallMs, IReadOnlyDictionary<string, int> ById, IReadOnlyDictionary<string, double> PerAnalyzerMs)> RequestAsync(CSharpCompilation compilation, SyntaxTree tree, AnalyzerSet set)
    {
        // Leftovers of the previous request must not be collected on this one's time (a full collection of a 200k-line
        // compilation's heap would take longer than most requests: the young generations are what a request fills).
        GC.Collect(1, GCCollectionMode.Forced, blocking: true);
        var exceptions = new ConcurrentQueue<string>();
        var analyzerOptions = new CompilationWithAnalyzersOptions(
            new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty),
            onAnalyzerException: (exception, analyzer, _) => exceptions.Enqueue($"{AnalyzerSet.NameOf(analyzer)}: {exception.GetType().Name}: {exception.Message}"),
            concurrentAnalysis: false,
            logAnalyzerExecutionTime: true,
            reportSuppressedDiagnostics: false);
        var withAnalyzers = compilation.WithAnalyzers(set.Analyzers, analyzerOptions);
        var stopwatch = Stopwatch.StartNew();
        var diagnostics = await withAnalyzers.GetAnalyzerSemanticDiagnosticsAsync(compilation.GetSemanticModel(tree), null, CancellationToken.None).ConfigureAwait(false);
        stopwatch.Stop();
        if (!exceptions.IsEmpty)
        {
            throw new InvalidOperationException("Analyzer exception: " + string.Join("; ", exceptions));
        }

        var byId = new SortedDictionary<string, int>(StringComparer.Ordinal);
        foreach (var diagnostic in diagnostics)
        {
            byId[diagnostic.Id] = byId.TryGetValue(diagnostic.Id, out var count) ? count + 1 : 1;
        }

        var perAnalyzer = new SortedDictionary<string, double>(StringComparer.Ordinal);
        foreach (var analyzer in set.Analyzers)
        {
            var telemetry = await withAnalyzers.GetAnalyzerTelemetryInfoAsync(analyzer, CancellationToken.None).ConfigureAwait(false);
            perAnalyzer[AnalyzerSet.NameOf(analyzer)] = telemetry.ExecutionTime.TotalMilliseconds;
        }

        return (stopwatch.Elapsed.TotalMilliseconds, byId, perAnalyzer);
    }
}
