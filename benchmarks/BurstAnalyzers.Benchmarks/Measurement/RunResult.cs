using System.Collections.Generic;

namespace BurstAnalyzers.Benchmarks.Measurement;

/// <summary>One measured run of an analyzer set over a corpus.</summary>
internal sealed class RunResult(double executionMs, IReadOnlyDictionary<string, double> perAnalyzerMs, double wallMs, IReadOnlyDictionary<string, int> diagnosticsById, IReadOnlyList<string> analyzerExceptions, IReadOnlyList<string>? carriedChains = null)
{
    /// <summary>Sum of the analyzers' ExecutionTime telemetry: time spent in their callbacks.</summary>
    public double ExecutionMs { get; } = executionMs;

    /// <summary>ExecutionTime per analyzer type name.</summary>
    public IReadOnlyDictionary<string, double> PerAnalyzerMs { get; } = perAnalyzerMs;

    /// <summary>
    /// Wall-clock time of GetAnalyzerDiagnosticsAsync. It includes the compiler binding the whole corpus for the
    /// analyzers (a fresh compilation per run), so it is dominated by the compiler, not the analyzers.
    /// </summary>
    public double WallMs { get; } = wallMs;

    public IReadOnlyDictionary<string, int> DiagnosticsById { get; } = diagnosticsById;

    public IReadOnlyList<string> AnalyzerExceptions { get; } = analyzerExceptions;

    /// <summary>The chains a class library's build carried (its BURST904 notes' property), for the projects above.</summary>
    public IReadOnlyList<string> CarriedChains { get; } = carriedChains ?? new List<string>();

    /// <summary>The runs of one set over the projects of a layered build, as one build: times and findings added up.</summary>
    public static RunResult Sum(IReadOnlyList<RunResult> runs)
    {
        var perAnalyzer = new SortedDictionary<string, double>(System.StringComparer.Ordinal);
        var byId = new SortedDictionary<string, int>(System.StringComparer.Ordinal);
        var exceptions = new List<string>();
        double execution = 0, wall = 0;
        foreach (var run in runs)
        {
            execution += run.ExecutionMs;
            wall += run.WallMs;
            exceptions.AddRange(run.AnalyzerExceptions);
            foreach (var (name, ms) in run.PerAnalyzerMs)
            {
                perAnalyzer[name] = perAnalyzer.TryGetValue(name, out var earlier) ? earlier + ms : ms;
            }

            foreach (var (id, count) in run.DiagnosticsById)
            {
                byId[id] = byId.TryGetValue(id, out var earlier) ? earlier + count : count;
            }
        }

        return new RunResult(execution, perAnalyzer, wall, byId, exceptions);
    }

    public int DiagnosticCount
    {
        get
        {
            var total = 0;
            foreach (var count in DiagnosticsById.Values)
            {
                total += count;
            }

            return total;
        }
    }
}
