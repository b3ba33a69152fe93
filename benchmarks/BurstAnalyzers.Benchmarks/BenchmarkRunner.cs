using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Threading.Tasks;
using BurstAnalyzers.Benchmarks.Corpus;
using BurstAnalyzers.Benchmarks.Measurement;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Benchmarks;

/// <summary>
/// Measures every analyzer set on the corpus of one size: generate, parse once, check it compiles, then the
/// repetitions. Within a repetition the sets run one right after the other on the same corpus (A B, then B A, A B...):
/// interleaved, so both see the same machine load and each repetition gives a ratio of its own, and alternating, so
/// neither always runs right after the other (caches, GC state). A full GC precedes every run.
/// <see cref="WarmUpAsync"/> runs first, once.
/// </summary>
internal sealed class BenchmarkRunner(BenchmarkOptions options, IReadOnlyList<MetadataReference> references, IReadOnlyList<AnalyzerSet> sets, TextWriter progress)
{
    /// <summary>Size of the corpus used only to warm up.</summary>
    public const int WarmUpLines = 5_000;

    /// <summary>
    /// Runs every set twice on a small corpus of its own, so the JIT has compiled the compiler's and the analyzers'
    /// code before anything is timed. Once is enough for all sizes: what is warmed is code, not data (every measured
    /// run starts from a fresh compilation anyway).
    /// </summary>
    public async Task WarmUpAsync()
    {
        var corpus = CorpusGenerator.Generate(WarmUpLines, options.Seed + 1);
        var compilation = CorpusCompilation.Create(corpus, references);
        CorpusCompilation.AssertCompiles(compilation);
        for (var round = 1; round <= 2; round++)
        {
            foreach (var set in sets)
            {
                var run = await RunAsync(compilation, set);
                progress.WriteLine($"[warm-up, {corpus.Lines:N0} lines] round {round}/2 {set.Name}: {Describe(run)}");
            }
        }
    }

    public async Task<SizeMeasurement> MeasureAsync(int size)
    {
        var label = $"[{size.ToString("N0", CultureInfo.InvariantCulture)} lines]";
        var stopwatch = Stopwatch.StartNew();
        var corpus = CorpusGenerator.Generate(size, options.Seed);
        progress.WriteLine($"{label} generated {corpus.Lines:N0} lines in {corpus.Files.Count:N0} files (seed {options.Seed})");
        if (options.DumpCorpusDirectory is { } dump)
        {
            DumpCorpus(corpus, Path.Combine(dump, size.ToString(CultureInfo.InvariantCulture)));
        }

        var compilation = CorpusCompilation.Create(corpus, references);
        CorpusCompilation.AssertCompiles(compilation);
        progress.WriteLine($"{label} parsed and compiled without errors ({stopwatch.Elapsed.TotalSeconds:F1} s)");

        var measurements = new List<SetMeasurement>();
        foreach (var set in sets)
        {
            measurements.Add(new SetMeasurement(set));
        }

        var repetitions = options.RepetitionsFor(size);
        var result = new SizeMeasurement(size, corpus.Stats, repetitions, measurements);
        for (var repetition = 1; repetition <= repetitions; repetition++)
        {
            for (var i = 0; i < measurements.Count; i++)
            {
                var measurement = measurements[repetition % 2 == 1 ? i : measurements.Count - 1 - i];
                var run = await RunAsync(compilation, measurement.Set);
                measurement.Add(run);
                progress.WriteLine($"{label} repetition {repetition}/{repetitions} {measurement.Set.Name}: {Describe(run)}");
            }

            for (var other = 1; other < measurements.Count; other++)
            {
                progress.WriteLine($"{label} repetition {repetition}/{repetitions} ratio {measurements[0].Set.Name} / {measurements[other].Set.Name}: "
                    + result.PairedRatios(other)[^1].ToString("0.00", CultureInfo.InvariantCulture));
            }
        }

        return result;
    }

    private async Task<RunResult> RunAsync(Microsoft.CodeAnalysis.CSharp.CSharpCompilation compilation, AnalyzerSet set)
    {
        // Leftovers of the previous run must not be collected on this run's time.
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();
        var run = await AnalyzerRunner.RunOnceAsync(compilation, set, options.Concurrent);
        foreach (var exception in run.AnalyzerExceptions)
        {
            progress.WriteLine("  analyzer exception: " + exception);
        }

        return run;
    }

    private static string Describe(RunResult run)
        => $"{run.ExecutionMs:F0} ms analyzer time, {run.WallMs:F0} ms wall, {run.DiagnosticCount} diagnostics";

    private static void DumpCorpus(GeneratedCorpus corpus, string directory)
    {
        foreach (var file in corpus.Files)
        {
            var path = Path.Combine(directory, file.Path);
            Directory.CreateDirectory(Path.GetDirectoryName(path)!);
            File.WriteAllText(path, file.Text);
        }
    }
}
