using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;

namespace BurstAnalyzers.Benchmarks;

/// <summary>Command-line options. Defaults reproduce the table: 10k, 50k and 200k lines.</summary>
internal sealed class BenchmarkOptions
{
    public const int DefaultRepetitions = 5;
    public const int DefaultSeed = 1849;

    public IReadOnlyList<int> Sizes { get; private set; } = new[] { 10_000, 50_000, 200_000 };
    /// <summary>
    /// Without --repetitions, corpora of this size or more get fewer runs: each run re-binds the whole corpus (about
    /// 30–45 s at 200k lines on 2 cores), and with 5 runs the default run took 12 minutes on a busy 2-core machine.
    /// With 3 it stays under 10. Pass --repetitions to choose.
    /// </summary>
    public const int LargeCorpusLines = 150_000;
    public const int LargeCorpusRepetitions = 3;

    public int? Repetitions { get; private set; }
    public int Seed { get; private set; } = DefaultSeed;
    public bool Concurrent { get; private set; }
    public string? DumpCorpusDirectory { get; private set; }
    public string? OutputPath { get; private set; }
    public bool ShowHelp { get; private set; }

    /// <summary>The editor mode: one document re-analysed after each edit (see Editor/EditorRunner.cs).</summary>
    public bool Editor { get; private set; }

    /// <summary>Without --editor or --whole: both modes, the editor mode first.</summary>
    public bool Whole { get; private set; }

    /// <summary>Whole-compilation mode on the corpus built as three projects (web → services → data, see Corpus/CorpusLayer.cs).</summary>
    public bool Layered { get; private set; }

    /// <summary>
    /// Issue 35's shapes in the corpus: DI-bound interfaces, abstract/virtual dispatch and deferred EF Core queries
    /// (Corpus/IndirectPlan.cs), with EF Core referenced. On by default; --no-indirect-shapes gives the corpus as before
    /// issue 35, byte for byte, for comparison.
    /// </summary>
    public bool IndirectShapes { get; private set; } = true;

    public const int DefaultEdits = 40;

    public int Edits { get; private set; } = DefaultEdits;

    /// <summary>Only these analyzer sets (by name, e.g. BurstAnalyzers); null: all. For profiling one set.</summary>
    public IReadOnlyList<string>? SetNames { get; private set; }

    /// <summary>Only editor documents whose label starts with one of these (e.g. controller); null: all.</summary>
    public IReadOnlyList<string>? DocumentLabels { get; private set; }

    /// <summary>Instead of timing: write BurstAnalyzers' diagnostics under this folder (see Editor/DiagnosticsCheck.cs).</summary>
    public string? DumpDiagnosticsDirectory { get; private set; }

    public bool RunsEditor => Editor || !Whole;

    public bool RunsWhole => Whole || !Editor;

    public int RepetitionsFor(int size)
        => Repetitions ?? (size >= LargeCorpusLines ? LargeCorpusRepetitions : DefaultRepetitions);

    public static BenchmarkOptions Parse(string[] args)
    {
        var options = new BenchmarkOptions();
        for (var i = 0; i < args.Length; i++)
        {
            switch (args[i])
            {
                case "--sizes":
                    options.Sizes = ParseSizes(Value(args, ref i));
                    break;
                case "--repetitions":
                    options.Repetitions = PositiveInt("--repetitions", Value(args, ref i));
                    break;
                case "--seed":
                    options.Seed = int.Parse(Value(args, ref i), CultureInfo.InvariantCulture);
                    break;
                case "--concurrent":
                    options.Concurrent = true;
                    break;
                case "--dump-corpus":
                    options.DumpCorpusDirectory = Value(args, ref i);
                    break;
                case "--output":
                    options.OutputPath = Value(args, ref i);
                    break;
                case "--editor":
                    options.Editor = true;
                    break;
                case "--whole":
                    options.Whole = true;
                    break;
                case "--layered":
                    options.Layered = true;
                    options.Whole = true;
                    break;
                case "--no-indirect-shapes":
                    options.IndirectShapes = false;
                    break;
                case "--dump-diagnostics":
                    options.DumpDiagnosticsDirectory = Value(args, ref i);
                    break;
                case "--edits":
                    options.Edits = PositiveInt("--edits", Value(args, ref i));
                    break;
                case "--sets":
                    options.SetNames = Value(args, ref i).Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
                    break;
                case "--documents":
                    options.DocumentLabels = Value(args, ref i).Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
                    break;
                case "-h":
                case "--help":
                    options.ShowHelp = true;
                    break;
                default:
                    throw new ArgumentException($"Unknown option '{args[i]}'. Use --help.");
            }
        }

        return options;
    }

    public static void WriteHelp(TextWriter output)
    {
        output.WriteLine("BurstAnalyzers.Benchmarks: analyzer cost of BurstAnalyzers and its peers on generated corpora, whole compilation and editor.");
        output.WriteLine();
        output.WriteLine("  --sizes 10000,50000,200000  corpus sizes in lines (default: 10000,50000,200000)");
        output.WriteLine($"  --repetitions N             measured runs per size and analyzer set (default: {DefaultRepetitions};");
        output.WriteLine($"                              {LargeCorpusRepetitions} for sizes of {LargeCorpusLines:N0} lines or more)");
        output.WriteLine($"  --seed N                    corpus generator seed (default: {DefaultSeed})");
        output.WriteLine("  --concurrent                run analyzers with concurrentAnalysis: true (default: sequential)");
        output.WriteLine("  --layered                   whole mode, the corpus built as a web project over two class libraries");
        output.WriteLine("  --no-indirect-shapes        the corpus without issue 35's DI-bound interfaces, virtual dispatch and deferred");
        output.WriteLine("                              EF Core queries (and without EF Core referenced): the corpus as before, to compare");
        output.WriteLine("  --dump-corpus DIR           also write each corpus's source files under DIR/<size>/");
        output.WriteLine("  --editor                    only the editor mode (one document re-analysed after each edit)");
        output.WriteLine("  --whole                     only the whole-compilation mode (default: both)");
        output.WriteLine($"  --edits N                   edits per document in the editor mode (default: {DefaultEdits})");
        output.WriteLine("  --sets A,B                  only these analyzer sets (e.g. BurstAnalyzers,CA1849; the editor's no-op baseline");
        output.WriteLine("                              always runs) - for profiling one set");
        output.WriteLine("  --documents A,B             editor mode: only documents whose label starts with these (e.g. controller)");
        output.WriteLine("  --dump-diagnostics DIR      no timing: write BurstAnalyzers' diagnostics (whole compilation, and each editor");
        output.WriteLine("                              document alone) under DIR, and check that both ways agree; with --layered also the");
        output.WriteLine("                              layered build's; and check the '// expect' markers of issue 35's call sites");
        output.WriteLine("  --output PATH               Markdown report path (default: artifacts/benchmarks/analyzer-performance.md)");
    }

    private static string Value(string[] args, ref int i)
    {
        if (i + 1 >= args.Length)
        {
            throw new ArgumentException($"Option '{args[i]}' needs a value.");
        }

        return args[++i];
    }

    private static IReadOnlyList<int> ParseSizes(string text)
    {
        var sizes = new List<int>();
        foreach (var part in text.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
        {
            sizes.Add(PositiveInt("--sizes", part.Replace("_", string.Empty, StringComparison.Ordinal)));
        }

        if (sizes.Count == 0)
        {
            throw new ArgumentException("--sizes needs at least one size.");
        }

        return sizes;
    }

    private static int PositiveInt(string option, string text)
    {
        if (!int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var value) || value <= 0)
        {
            throw new ArgumentException($"{option}: '{text}' is not a positive whole number.");
        }

        return value;
    }
}
