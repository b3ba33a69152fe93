using BurstDemo.Results;

namespace BurstDemo.Reporting;

/// <summary>The scenario × variant table, as aligned text for the console and as Markdown for the report.</summary>
internal static class ResultTable
{
    private static readonly string[] Header = { "scenario", "variant", "p50", "p99", "max", "total", "peak pool threads", "/ping p99", "failures" };

    public static IReadOnlyList<string[]> Rows(IEnumerable<RunResult> runs) => runs
        .Select(r => new[]
        {
            r.Scenario, r.Variant, Format.Seconds(r.Stats.P50Ms), Format.Seconds(r.Stats.P99Ms), Format.Seconds(r.Stats.MaxMs),
            Format.Seconds(r.Stats.TotalMs), r.Stats.PeakPoolThreads.ToString(), Format.Seconds(r.Stats.PingP99Ms), r.Stats.Failures.ToString(),
        })
        .ToList();

    public static void WriteText(TextWriter writer, IEnumerable<RunResult> runs)
    {
        var rows = Rows(runs);
        var widths = Header.Select((h, i) => Math.Max(h.Length, rows.Count == 0 ? 0 : rows.Max(r => r[i].Length))).ToArray();
        string Line(string[] cells) => string.Join("  ", cells.Select((c, i) => i < 2 ? c.PadRight(widths[i]) : c.PadLeft(widths[i])));
        writer.WriteLine(Line(Header));
        writer.WriteLine(string.Join("  ", widths.Select(w => new string('-', w))));
        foreach (var row in rows)
        {
            writer.WriteLine(Line(row));
        }
    }

    public static string Markdown(IEnumerable<RunResult> runs)
    {
        var lines = new List<string>
        {
            "| " + string.Join(" | ", Header) + " |",
            "|" + string.Join("|", Header.Select((_, i) => i < 2 ? "---" : "---:")) + "|",
        };
        lines.AddRange(Rows(runs).Select(r => "| " + string.Join(" | ", r) + " |"));
        return string.Join('\n', lines) + "\n";
    }
}
