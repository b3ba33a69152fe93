using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Diagnostics;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.Benchmarks.Measurement;

/// <summary>
/// Runs one analyzer set over a compilation once, with a new CompilationWithAnalyzers (so nothing the analyzers or the
/// compiler cached in an earlier run is reused) and execution-time logging on.
/// </summary>
internal static class AnalyzerRunner
{
    /// <param name="diagnosticsFound">If given, receives every diagnostic of the run (--dump-diagnostics on the layered build).</param>
    public static async Task<RunResult> RunOnceAsync(CSharpCompilation compilation, AnalyzerSet set, bool concurrent, ProjectBuild build, Action<ImmutableArray<Diagnostic>>? diagnosticsFound = null)
    {
        var exceptions = new ConcurrentQueue<string>();
        var options = new CompilationWithAnalyzersOptions(
            (set.AsBuild ?? build).Options(),
            onAnalyzerException: (exception, analyzer, _) => exceptions.Enqueue($"{AnalyzerSet.NameOf(analyzer)}: {exception.GetType().Name}: {exception.Message}"),
            concurrentAnalysis: concurrent,
            logAnalyzerExecutionTime: true,
            reportSuppressedDiagnostics: false);
        var withAnalyzers = set.Configure(compilation).WithAnalyzers(set.Analyzers, options);

        var stopwatch = Stopwatch.StartNew();
        var diagnostics = await withAnalyzers.GetAnalyzerDiagnosticsAsync(CancellationToken.None).ConfigureAwait(false);
        stopwatch.Stop();
        diagnosticsFound?.Invoke(diagnostics);

        var perAnalyzer = new SortedDictionary<string, double>(StringComparer.Ordinal);
        var total = 0.0;
        foreach (var analyzer in set.Analyzers)
        {
            var telemetry = await withAnalyzers.GetAnalyzerTelemetryInfoAsync(analyzer, CancellationToken.None).ConfigureAwait(false);
            var ms = telemetry.ExecutionTime.TotalMilliseconds;
            var name = AnalyzerSet.NameOf(analyzer);
            perAnalyzer[name] = perAnalyzer.TryGetValue(name, out var earlier) ? earlier + ms : ms;
            total += ms;
        }

        var byId = new SortedDictionary<string, int>(StringComparer.Ordinal);
        var carried = new List<string>();
        foreach (var diagnostic in diagnostics)
        {
            byId[diagnostic.Id] = byId.TryGetValue(diagnostic.Id, out var count) ? count + 1 : 1;
            if (diagnostic.Id == "BURST904" && diagnostic.Properties.TryGetValue("BurstAnalyzers.CarriedChain", out var chain) && chain is not null)
            {
                carried.Add(chain);
            }
        }

        return new RunResult(total, perAnalyzer, stopwatch.Elapsed.TotalMilliseconds, byId, exceptions.ToArray(), carried);
    }
}
