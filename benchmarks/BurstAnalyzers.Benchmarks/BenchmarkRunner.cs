using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Collections.Immutable;
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
        var corpus = CorpusGenerator.Generate(WarmUpLines, options.Seed + 1, options.IndirectShapes);
        var projects = CorpusCompilation.Projects(corpus, references, options.Layered);
        for (var round = 1; round <= 2; round++)
        {
            foreach (var set in sets)
            {
                var run = await RunAsync(projects, set);
                progress.WriteLine($"[warm-up, {corpus.Lines:N0} lines] round {round}/2 {set.Name}: {Describe(run)}");
            }
        }
    }

    public async Task<SizeMeasurement> MeasureAsync(int size)
    {
        var label = $"[{size.ToString("N0", CultureInfo.InvariantCulture)} lines]";
        var stopwatch = Stopwatch.StartNew();
        var corpus = CorpusGenerator.Generate(size, options.Seed, options.IndirectShapes);
        progress.WriteLine($"{label} generated {corpus.Lines:N0} lines in {corpus.Files.Count:N0} files (seed {options.Seed})");
        if (options.DumpCorpusDirectory is { } dump)
        {
            DumpCorpus(corpus, Path.Combine(dump, size.ToString(CultureInfo.InvariantCulture)));
        }

        var projects = CorpusCompilation.Projects(corpus, references, options.Layered);
        progress.WriteLine($"{label} parsed and compiled without errors ({stopwatch.Elapsed.TotalSeconds:F1} s)"
            + (options.Layered ? ": " + string.Join(" → ", projects.Select(p => $"{p.Name} ({p.Lines:N0} lines)")) : ""));

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
                var run = await RunAsync(projects, measurement.Set);
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

    /// <summary>
    /// One build of the corpus with <paramref name="set"/>: each project in turn, bottom up, the projects above getting
    /// the chains files the libraries' builds wrote (BurstAnalyzers' BURST904; other sets write none).
    /// </summary>
    private async Task<RunResult> RunAsync(IReadOnlyList<CorpusProject> projects, AnalyzerSet set)
    {
        var runs = new List<RunResult>();
        var chainsFiles = ImmutableArray<Microsoft.CodeAnalysis.AdditionalText>.Empty;
        foreach (var project in projects)
        {
            // Leftovers of the previous run must not be collected on this run's time.
            GC.Collect();
            GC.WaitForPendingFinalizers();
            GC.Collect();
            var build = projects.Count == 1 ? ProjectBuild.WebApplication : new ProjectBuild(project.IsLibrary ? "Library" : "Exe", chainsFiles);
            var run = await AnalyzerRunner.RunOnceAsync(project.Compilation, set, options.Concurrent, build);
            foreach (var exception in run.AnalyzerExceptions)
            {
                progress.WriteLine("  analyzer exception: " + exception);
            }

            if (project.IsLibrary)
            {
                chainsFiles = chainsFiles.Add(ProjectBuild.ChainsFile(project.Name, run.CarriedChains));
            }

            runs.Add(run);
        }

        return runs.Count == 1 ? runs[0] : RunResult.Sum(runs);
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
