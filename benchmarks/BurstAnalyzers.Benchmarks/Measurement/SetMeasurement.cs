using System;
using System.Collections.Generic;
using System.Linq;

namespace BurstAnalyzers.Benchmarks.Measurement;

/// <summary>The measured repetitions of one analyzer set on one corpus (the warm-up run is not among them).</summary>
internal sealed class SetMeasurement(AnalyzerSet set)
{
    private readonly List<RunResult> _runs = new();

    public AnalyzerSet Set { get; } = set;
    public IReadOnlyList<RunResult> Runs => _runs;

    public void Add(RunResult run) => _runs.Add(run);

    public double MedianMs => Statistics.Median(_runs.Select(r => r.ExecutionMs).ToList());
    public double MinMs => Statistics.Min(_runs.Select(r => r.ExecutionMs).ToList());
    public double MedianWallMs => Statistics.Median(_runs.Select(r => r.WallMs).ToList());

    public double MedianMsOf(string analyzer)
        => Statistics.Median(_runs.Select(r => r.PerAnalyzerMs.TryGetValue(analyzer, out var ms) ? ms : 0).ToList());

    public IEnumerable<string> AnalyzerNames => _runs.SelectMany(r => r.PerAnalyzerMs.Keys).Distinct().OrderBy(n => n, StringComparer.Ordinal);

    /// <summary>Diagnostics of the last run; analysis is deterministic, so every run finds the same.</summary>
    public IReadOnlyDictionary<string, int> DiagnosticsById => _runs.Count > 0 ? _runs[^1].DiagnosticsById : new Dictionary<string, int>();

    public int DiagnosticCount => _runs.Count > 0 ? _runs[^1].DiagnosticCount : 0;

    public IReadOnlyList<string> AnalyzerExceptions => _runs.SelectMany(r => r.AnalyzerExceptions).Distinct().ToList();
}
