using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Linq;
using System.Reflection;
using System.Runtime.InteropServices;
using System.Threading.Tasks;
using BurstAnalyzers.Benchmarks.Editor;
using BurstAnalyzers.Benchmarks.Measurement;
using BurstAnalyzers.Benchmarks.Reporting;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Benchmarks;

internal static class Program
{
    private static async Task<int> Main(string[] args)
    {
        BenchmarkOptions options;
        try
        {
            options = BenchmarkOptions.Parse(args);
        }
        catch (Exception e) when (e is ArgumentException or FormatException or OverflowException)
        {
            Console.Error.WriteLine(e.Message);
            return 2;
        }

        if (options.ShowHelp)
        {
            BenchmarkOptions.WriteHelp(Console.Out);
            return 0;
        }

        var total = Stopwatch.StartNew();
        var dotnet = DotNetInstallation.Locate();
        var references = ReferenceAssemblies.Load(dotnet, options.IndirectShapes);
        var sets = new List<AnalyzerSet> { BurstAnalyzersLoader.Load(), Ca1849Loader.Load(dotnet) };
        sets.AddRange(PeerAnalyzerLoader.LoadAll());
        if (options.SetNames is { } setNames)
        {
            sets.RemoveAll(s => !setNames.Contains(s.Name, StringComparer.OrdinalIgnoreCase));
        }
        var info = new RunInfo(
            CommandLine(args),
            DateTime.UtcNow,
            $"{Environment.ProcessorCount} logical CPUs, {RuntimeInformation.OSDescription.Trim()}, .NET {Environment.Version}",
            MachineLoad.Read(),
            "Microsoft.CodeAnalysis " + InformationalVersion(typeof(Compilation).Assembly),
            string.Join(", ", references.Directories),
            options.Seed,
            options.Concurrent,
            sets.ConvertAll(s => s.Name + ": " + s.Origin));
        Console.WriteLine($"dotnet root: {dotnet.Root}");
        foreach (var line in info.AnalyzerOrigins)
        {
            Console.WriteLine(line);
        }

        if (options.DumpDiagnosticsDirectory is { } dumpDirectory)
        {
            var agree = await DiagnosticsCheck.RunAsync(options, references.References, sets[0], dumpDirectory, Console.Out);
            Console.WriteLine($"Diagnostics written under {dumpDirectory}; each document alone {(agree ? "reports the same as" : "DIFFERS FROM")} the whole compilation.");
            return agree ? 0 : 1;
        }

        var results = new List<SizeMeasurement>();
        var editor = new List<EditorMeasurement>();
        if (options.RunsEditor)
        {
            var editorRunner = new EditorRunner(options, references.References, [.. sets, NoOpAnalyzer.Set()], Console.Out);
            await editorRunner.WarmUpAsync();
            foreach (var size in options.Sizes)
            {
                editor.Add(await editorRunner.MeasureAsync(size));
            }
        }

        if (options.RunsWhole)
        {
            // One project: a class library's build also exports its chains (BURST904); measured on its own, the corpus as
            // one library. Layered: the libraries' builds export as part of the BurstAnalyzers set.
            var wholeSets = new List<AnalyzerSet>(sets);
            if (!options.Layered && (options.SetNames is not { } names || names.Contains(ChainExportAnalyzer.SetName, StringComparer.OrdinalIgnoreCase)))
            {
                wholeSets.Insert(Math.Min(1, wholeSets.Count), ChainExportAnalyzer.Set(BurstAnalyzersLoader.Load()));
            }

            var runner = new BenchmarkRunner(options, references.References, wholeSets, Console.Out);
            await runner.WarmUpAsync();
            foreach (var size in options.Sizes)
            {
                results.Add(await runner.MeasureAsync(size));
            }
        }

        info = info with { LoadAtEnd = MachineLoad.Read() };
        ReportWriter.WriteConsole(Console.Out, info, results, editor);
        var report = options.OutputPath ?? RepositoryPaths.DefaultReport;
        ReportWriter.WriteMarkdown(report, info, results, editor);
        Console.WriteLine();
        Console.WriteLine($"Report written to {report} (total {total.Elapsed.TotalMinutes.ToString("F1", CultureInfo.InvariantCulture)} min)");

        // Every set must have found something, or the corpus or the loading is broken and the times mean nothing.
        var silent = results.SelectMany(r => r.Sets.Where(s => s.DiagnosticCount == 0).Select(s => $"{s.Set.Name} at {r.Corpus.Lines:N0} lines")).ToList();
        if (silent.Count > 0)
        {
            Console.Error.WriteLine("Found nothing, so these timings are suspect: " + string.Join(", ", silent));
            return 1;
        }

        return 0;
    }

    private static string CommandLine(string[] args)
        => "dotnet run -c Release --project benchmarks/BurstAnalyzers.Benchmarks" + (args.Length > 0 ? " -- " + string.Join(" ", args) : string.Empty);

    private static string InformationalVersion(Assembly assembly)
    {
        var version = assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion ?? "?";
        var plus = version.IndexOf('+');
        return plus < 0 ? version : version.Substring(0, plus);
    }
}
