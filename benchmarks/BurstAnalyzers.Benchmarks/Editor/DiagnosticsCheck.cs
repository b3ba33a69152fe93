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
            var corpus = CorpusGenerator.Generate(size, options.Seed, options.IndirectShapes);
            var (files, documents) = EditorCorpus.Create(corpus);
            var compilation = set.Configure(CorpusCompilation.Create(new GeneratedCorpus(files, corpus.Stats), references));
            CorpusCompilation.AssertCompiles(compilation);

            var wholeDiagnostics = await compilation.WithAnalyzers(set.Analyzers, Options()).GetAnalyzerDiagnosticsAsync(CancellationToken.None);
            var whole = Describe(wholeDiagnostics);
            var name = size.ToString(CultureInfo.InvariantCulture);
            await File.WriteAllLinesAsync(Path.Combine(directory, name + "-whole.txt"), whole);
            progress.WriteLine($"[diagnostics, {corpus.Lines:N0} lines] whole compilation: {whole.Count:N0} diagnostics");
            var expectations = new List<string> { "# Issue 35's call sites, the corpus as one project (the editor's corpus, whole compilation)" };
            expectations.AddRange(CheckExpectations(files, wholeDiagnostics));
            if (options.Layered)
            {
                var layered = await LayeredAsync(corpus, references, set);
                await File.WriteAllLinesAsync(Path.Combine(directory, name + "-layered.txt"), Describe(layered));
                progress.WriteLine($"[diagnostics, {corpus.Lines:N0} lines] layered build (Data, Services, Web): {layered.Count(d => d.Id != "BURST904"):N0} diagnostics besides BURST904");
                expectations.Add(string.Empty);
                expectations.Add("# Issue 35's call sites, the layered build (Contoso.Data, Contoso.Services, Contoso.Web)");
                expectations.AddRange(CheckExpectations(corpus.Files, layered));
            }

            await File.WriteAllLinesAsync(Path.Combine(directory, name + "-expectations.txt"), expectations);
            foreach (var line in expectations)
            {
                progress.WriteLine($"[diagnostics, {corpus.Lines:N0} lines] {line}");
            }

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

    /// <summary>
    /// The corpus built as three projects, bottom up, as --layered measures it (each library's chains passed up); every
    /// diagnostic of the three builds.
    /// </summary>
    private static async Task<List<Diagnostic>> LayeredAsync(GeneratedCorpus corpus, IReadOnlyList<MetadataReference> references, AnalyzerSet set)
    {
        var found = new List<Diagnostic>();
        var chainsFiles = ImmutableArray<AdditionalText>.Empty;
        foreach (var project in CorpusCompilation.Projects(corpus, references, layered: true))
        {
            var build = new ProjectBuild(project.IsLibrary ? "Library" : "Exe", chainsFiles);
            var run = await AnalyzerRunner.RunOnceAsync(project.Compilation, set, concurrent: false, build, diagnostics => found.AddRange(diagnostics));
            if (run.AnalyzerExceptions.Count > 0)
            {
                throw new InvalidOperationException("Analyzer exception: " + string.Join("; ", run.AnalyzerExceptions));
            }

            if (project.IsLibrary)
            {
                chainsFiles = chainsFiles.Add(ProjectBuild.ChainsFile(project.Name, run.CarriedChains));
            }
        }

        return found;
    }

    /// <summary>
    /// Issue 35's call sites (<see cref="IndirectWriter"/>: "// expect BURST005: label" or "// expect none: label" at the
    /// end of the line) against what was reported on their lines: per label, how many sites, how many as expected, and
    /// where the others are with what was reported there.
    /// </summary>
    private static List<string> CheckExpectations(IReadOnlyList<CorpusFile> files, IReadOnlyList<Diagnostic> diagnostics)
    {
        var reported = diagnostics
            .Where(d => d.Id.StartsWith("BURST00", StringComparison.Ordinal) && d.Location.IsInSource)
            .GroupBy(d => (d.Location.GetLineSpan().Path, d.Location.GetLineSpan().StartLinePosition.Line))
            .ToDictionary(g => g.Key, g => g.Select(d => d.Id).Distinct().OrderBy(id => id, StringComparer.Ordinal).ToList());
        var byLabel = new SortedDictionary<string, (int Sites, int AsExpected, List<string> Others)>(StringComparer.Ordinal);
        foreach (var file in files)
        {
            var lines = file.Text.Split('\n');
            for (var i = 0; i < lines.Length; i++)
            {
                var marker = lines[i].IndexOf("// expect ", StringComparison.Ordinal);
                if (marker < 0)
                {
                    continue;
                }

                var text = lines[i].Substring(marker + "// expect ".Length);
                var colon = text.IndexOf(": ", StringComparison.Ordinal);
                var expected = text.Substring(0, colon);
                var label = text.Substring(colon + 2).Trim() + " → " + expected;
                var ids = reported.TryGetValue((file.Path, i), out var onLine) ? onLine : new List<string>();
                var asExpected = expected == "none" ? ids.Count == 0 : ids.Contains(expected);
                var entry = byLabel.TryGetValue(label, out var existing) ? existing : (Sites: 0, AsExpected: 0, Others: new List<string>());
                entry.Sites++;
                if (asExpected)
                {
                    entry.AsExpected++;
                }
                else
                {
                    entry.Others.Add($"{file.Path}:{i + 1} ({(ids.Count == 0 ? "nothing" : string.Join(", ", ids))})");
                }

                byLabel[label] = entry;
            }
        }

        var result = new List<string>();
        foreach (var (label, (sites, asExpected, others)) in byLabel)
        {
            result.Add($"{label}: {asExpected}/{sites} as expected" + (others.Count == 0 ? string.Empty : "; not: " + string.Join("; ", others.Take(4)) + (others.Count > 4 ? $"; … {others.Count - 4} more" : string.Empty)));
        }

        var total = byLabel.Values.Sum(v => v.Sites);
        var good = byLabel.Values.Sum(v => v.AsExpected);
        result.Add($"total: {good}/{total} sites as expected");
        return result;
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
