using System.Collections.Generic;

namespace BurstAnalyzers.Benchmarks.Measurement;

/// <summary>One measured run of an analyzer set over a corpus.</summary>
internal sealed class RunResult(double executionMs, IReadOnlyDictionary<string, double> perAnalyzerMs, double wallMs, IReadOnlyDictionary<string, int> diagnosticsById, IReadOnlyList<string> analyzerExceptions)
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
