using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using BurstAnalyzers.Benchmarks.Editor;
using BurstAnalyzers.Benchmarks.Measurement;

namespace BurstAnalyzers.Benchmarks.Reporting;

/// <summary>
/// The editor mode's tables. The first set is the subject (BurstAnalyzers), the last the no-op baseline; every other
/// set is a peer. What an analyzer costs in the editor is its request time minus the baseline's on the same edit.
/// </summary>
internal static class EditorReportBuilder
{
    public static IReadOnlyList<Table> Tables(IReadOnlyList<EditorMeasurement> sizes)
    {
        if (sizes.Count == 0)
        {
            return Array.Empty<Table>();
        }

        var tables = new List<Table> { Medians(sizes), OverBaseline(sizes) };
        if (sizes.Count > 1)
        {
            tables.Add(Growth(sizes));
        }

        tables.AddRange(new[] { Breakdown(sizes), EveryRequest(sizes), Diagnostics(sizes) });
        return tables;
    }

    private static IReadOnlyList<AnalyzerSet> Sets(IReadOnlyList<EditorMeasurement> sizes) => sizes[0].Documents[0].Sets;

    private static AnalyzerSet Baseline(IReadOnlyList<EditorMeasurement> sizes) => Sets(sizes)[^1];

    private static Table Medians(IReadOnlyList<EditorMeasurement> sizes)
    {
        var sets = Sets(sizes);
        var headers = new List<string> { "Lines", "Document", "Doc lines" };
        headers.AddRange(sets.Select(s => s.Name + " ms"));
        var table = new Table("Editor: wall time of one document's request (median of the edits)", headers.ToArray())
        {
            Note = "One request = GetAnalyzerSemanticDiagnosticsAsync(model, null) on a new CompilationWithAnalyzers over a new "
                + "Compilation after an edit of the document; binding of the document included (the baseline's time).",
        };
        foreach (var size in sizes)
        {
            foreach (var document in size.Documents)
            {
                var row = new List<string> { Count(size.Lines), document.Document.Label, Count(document.Document.Lines) };
                row.AddRange(sets.Select(s => Ms(document.Median(s))));
                table.AddRow(row.ToArray());
            }
        }

        return table;
    }

    private static Table OverBaseline(IReadOnlyList<EditorMeasurement> sizes)
    {
        var sets = Sets(sizes);
        var baseline = Baseline(sizes);
        var measured = sets.Where(s => s != baseline).ToList();
        var headers = new List<string> { "Lines", "Document" };
        headers.AddRange(measured.Select(s => s.Name + " +ms"));
        headers.Add($"{measured[0].Name} / slowest peer");
        var table = new Table("Editor: cost over the no-op baseline (median of the per-edit differences, ms)", headers.ToArray())
        {
            Note = "Per edit, the set's request time minus the baseline's on the same edit, then the median. Differences of a few "
                + "ms are within the noise of a shared machine. The last column divides the subject's cost by the highest peer cost.",
        };
        foreach (var size in sizes)
        {
            foreach (var document in size.Documents)
            {
                var row = new List<string> { Count(size.Lines), document.Document.Label };
                var costs = measured.Select(s => document.MedianOver(s, baseline)).ToList();
                row.AddRange(costs.Select(Tenths));
                var slowestPeer = costs.Count > 1 ? costs.Skip(1).Max() : 0; // none when --sets left only the subject
                row.Add(slowestPeer > 0 ? Ratio(costs[0] / slowestPeer) : "–");
                table.AddRow(row.ToArray());
            }
        }

        return table;
    }

    /// <summary>The "flat" target: each document's cost at the largest size over its cost at the smallest (an editor's cost must not grow with the solution).</summary>
    private static Table Growth(IReadOnlyList<EditorMeasurement> sizes)
    {
        var sets = Sets(sizes);
        var baseline = Baseline(sizes);
        var measured = sets.Where(s => s != baseline).ToList();
        var (smallest, largest) = (sizes[0], sizes[^1]);
        var headers = new List<string> { "Document" };
        headers.AddRange(measured.Select(s => s.Name));
        var table = new Table($"Editor: cost over the baseline at {Count(largest.Lines)} lines ÷ at {Count(smallest.Lines)} lines", headers.ToArray())
        {
            Note = "1.00 is flat: the cost of a keystroke does not grow with the solution. Costs under 1 ms make the ratio noise.",
        };
        foreach (var document in smallest.Documents)
        {
            if (largest.Documents.FirstOrDefault(d => d.Document.Label == document.Document.Label) is not { } large)
            {
                continue;
            }

            var row = new List<string> { document.Document.Label };
            row.AddRange(measured.Select(s => Ratio(large.MedianOver(s, baseline) / document.MedianOver(s, baseline))));
            table.AddRow(row.ToArray());
        }

        return table;
    }

    private static Table Breakdown(IReadOnlyList<EditorMeasurement> sizes)
    {
        var subject = Sets(sizes)[0];
        var names = sizes.SelectMany(s => s.Documents).SelectMany(d => d.AnalyzerNames(subject)).Distinct().OrderBy(n => n, StringComparer.Ordinal).ToList();
        var headers = new List<string> { "Lines", "Document" };
        headers.AddRange(names.Select(n => n + " ms"));
        var table = new Table($"Editor: time inside each {subject.Name} analyzer's callbacks (median of the edits)", headers.ToArray())
        {
            Note = "AnalyzerTelemetryInfo.ExecutionTime of each analyzer in the request: where the subject's cost over the baseline goes "
                + "(the rest is the driver's work for the set: operation trees, dispatch, reporting).",
        };
        foreach (var size in sizes)
        {
            foreach (var document in size.Documents)
            {
                var row = new List<string> { Count(size.Lines), document.Document.Label };
                row.AddRange(names.Select(n => document.MedianOf(subject, n).ToString("F1", CultureInfo.InvariantCulture)));
                table.AddRow(row.ToArray());
            }
        }

        return table;
    }

    private static Table EveryRequest(IReadOnlyList<EditorMeasurement> sizes)
    {
        var table = new Table("Editor: every request (wall ms, in edit order)", "Lines", "Document", "Set", "Requests", "Median");
        foreach (var size in sizes)
        {
            foreach (var document in size.Documents)
            {
                foreach (var set in document.Sets)
                {
                    table.AddRow(Count(size.Lines), document.Document.Label, set.Name, string.Join(" ", document.WallMs(set).Select(Ms)), Ms(document.Median(set)));
                }
            }
        }

        return table;
    }

    private static Table Diagnostics(IReadOnlyList<EditorMeasurement> sizes)
    {
        var sets = Sets(sizes);
        var headers = new List<string> { "Lines", "Document" };
        headers.AddRange(sets.Select(s => s.Name));
        var table = new Table("Editor: diagnostics reported in the document (last edit, by id)", headers.ToArray());
        foreach (var size in sizes)
        {
            foreach (var document in size.Documents)
            {
                var row = new List<string> { Count(size.Lines), document.Document.Label };
                row.AddRange(sets.Select(s => document.DiagnosticCount(s) == 0
                    ? "0"
                    : string.Join(", ", document.DiagnosticsById(s).Select(p => $"{p.Key} {p.Value}"))));
                table.AddRow(row.ToArray());
            }
        }

        return table;
    }

    private static string Count(int value) => value.ToString("N0", CultureInfo.InvariantCulture);

    private static string Ms(double value) => double.IsNaN(value) ? "–" : value.ToString("F0", CultureInfo.InvariantCulture);

    private static string Tenths(double value) => double.IsNaN(value) ? "–" : value.ToString("F1", CultureInfo.InvariantCulture);

    private static string Ratio(double value) => double.IsNaN(value) || double.IsInfinity(value) ? "–" : value.ToString("0.00", CultureInfo.InvariantCulture);
}
