using System.Collections.Generic;
using System.Linq;
using BurstAnalyzers.Benchmarks.Measurement;

namespace BurstAnalyzers.Benchmarks.Editor;

/// <summary>The editor mode's results on the corpus of one size: per document, per set, every edit's wall time.</summary>
internal sealed class EditorMeasurement(int requestedLines, int lines, IReadOnlyList<DocumentMeasurement> documents)
{
    public int RequestedLines { get; } = requestedLines;
    public int Lines { get; } = lines;
    public IReadOnlyList<DocumentMeasurement> Documents { get; } = documents;
}

internal sealed class DocumentMeasurement(EditorDocument document, IReadOnlyList<AnalyzerSet> sets)
{
    private readonly Dictionary<AnalyzerSet, List<double>> _wallMs = sets.ToDictionary(s => s, _ => new List<double>());
    private readonly Dictionary<AnalyzerSet, IReadOnlyDictionary<string, int>> _diagnostics = new();
    private readonly Dictionary<AnalyzerSet, List<IReadOnlyDictionary<string, double>>> _perAnalyzerMs = sets.ToDictionary(s => s, _ => new List<IReadOnlyDictionary<string, double>>());

    public EditorDocument Document { get; } = document;
    public IReadOnlyList<AnalyzerSet> Sets { get; } = sets;

    public void Add(AnalyzerSet set, double wallMs, IReadOnlyDictionary<string, int> diagnosticsById, IReadOnlyDictionary<string, double> perAnalyzerMs)
    {
        _wallMs[set].Add(wallMs);
        _diagnostics[set] = diagnosticsById;
        _perAnalyzerMs[set].Add(perAnalyzerMs);
    }

    public IEnumerable<string> AnalyzerNames(AnalyzerSet set) => _perAnalyzerMs[set].SelectMany(r => r.Keys).Distinct().OrderBy(n => n, System.StringComparer.Ordinal);

    /// <summary>Median time inside one analyzer's callbacks (ExecutionTime) over the edits.</summary>
    public double MedianOf(AnalyzerSet set, string analyzer)
        => Statistics.Median(_perAnalyzerMs[set].Select(r => r.TryGetValue(analyzer, out var ms) ? ms : 0).ToList());

    /// <summary>Wall time of each edit's request, in edit order.</summary>
    public IReadOnlyList<double> WallMs(AnalyzerSet set) => _wallMs[set];

    public double Median(AnalyzerSet set) => Statistics.Median(_wallMs[set]);

    /// <summary>
    /// The set's cost over the baseline, edit by edit (both ran on the same edit, one after the other, so under nearly
    /// the same load), then the median of those differences.
    /// </summary>
    public double MedianOver(AnalyzerSet set, AnalyzerSet baseline)
    {
        var differences = new List<double>();
        var own = _wallMs[set];
        var base_ = _wallMs[baseline];
        for (var i = 0; i < own.Count && i < base_.Count; i++)
        {
            differences.Add(own[i] - base_[i]);
        }

        return Statistics.Median(differences);
    }

    public int DiagnosticCount(AnalyzerSet set) => _diagnostics.TryGetValue(set, out var byId) ? byId.Values.Sum() : 0;

    public IReadOnlyDictionary<string, int> DiagnosticsById(AnalyzerSet set)
        => _diagnostics.TryGetValue(set, out var byId) ? byId : new Dictionary<string, int>();
}
