using System.Globalization;
using System.Security;
using System.Text;
using BurstDemo.Results;

namespace BurstDemo.Reporting;

/// <summary>
/// One picture per scenario, every variant on it: above, each request's latency (a point per request); below, the
/// server's thread-pool thread count over time (a line per variant). Both panels share the time axis, so the steps in
/// which the before variant's requests complete line up with the pool adding threads. Plain SVG, no package.
/// </summary>
/// <remarks>
/// A point sits at the time its request completed, not at its start: all N requests start within a few milliseconds of
/// the release (the barrier), so drawn at their start they would form one vertical line; the start spread is printed
/// in the caption and every start is in the JSON.
/// </remarks>
internal static class SvgChart
{
    private const double Width = 960, Height = 700, Left = 80, Right = 250, Top = 78;
    private const double LatencyHeight = 300, Gap = 72, ThreadsHeight = 190;
    private const double PlotWidth = Width - Left - Right;
    private const double ThreadsTop = Top + LatencyHeight + Gap;

    private static readonly Dictionary<string, string> Colors = new()
    {
        ["before"] = "#d62728",
        ["async"] = "#2ca02c",
        ["offload"] = "#1f77b4",
        ["workaround"] = "#ff7f0e",
    };

    public static string Render(Scenario scenario, IReadOnlyList<RunResult> runs)
    {
        var maxEnd = runs.Max(r => r.RequestSeries.Max(q => q.EndMs));
        var (xStep, xMax) = Axis(maxEnd / 1000);
        var (yStep, yMax) = Axis(runs.Max(r => r.Stats.MaxMs) / 1000);
        var (tStep, tMax) = Axis(Math.Max(4, runs.Max(r => r.PoolSeries.Count == 0 ? 0 : r.PoolSeries.Max(s => s.Threads))));
        double X(double ms) => Left + ms / 1000 / xMax * PlotWidth;
        double YLatency(double ms) => Top + LatencyHeight - ms / 1000 / yMax * LatencyHeight;
        double YThreads(double threads) => ThreadsTop + ThreadsHeight - threads / tMax * ThreadsHeight;

        var svg = new StringBuilder();
        svg.AppendLine(Invariant($"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{Width}\" height=\"{Height}\" viewBox=\"0 0 {Width} {Height}\" font-family=\"sans-serif\" font-size=\"12\">"));
        svg.AppendLine(Invariant($"<rect width=\"{Width}\" height=\"{Height}\" fill=\"white\"/>"));
        Text(svg, Left, 26, $"{scenario.Name}: {runs[0].Requests} simultaneous {scenario.Request}", "font-size=\"17\" font-weight=\"bold\"");
        Subtitle(svg, scenario.Description);
        var spread = runs.Max(r => r.Stats.StartSpreadMs);
        Text(svg, Left, Top - 10, Invariant($"Latency of each request (one point per request, at the time it completed; all started within {spread:0} ms of the release)"), "font-size=\"11\"");

        Grid(svg, Top, LatencyHeight, yStep, yMax, v => YLatency(v * 1000), v => Format.Number(v) + " s");
        Grid(svg, ThreadsTop, ThreadsHeight, tStep, tMax, YThreads, v => Format.Number(v));
        TimeAxis(svg, Top + LatencyHeight, xStep, xMax, X);
        TimeAxis(svg, ThreadsTop + ThreadsHeight, xStep, xMax, X);
        Text(svg, 18, Top + LatencyHeight / 2, "request latency (s)", Invariant($"transform=\"rotate(-90 18 {Top + LatencyHeight / 2})\" text-anchor=\"middle\""));
        Text(svg, 18, ThreadsTop + ThreadsHeight / 2, "thread-pool threads", Invariant($"transform=\"rotate(-90 18 {ThreadsTop + ThreadsHeight / 2})\" text-anchor=\"middle\""));
        Text(svg, Left, ThreadsTop - 10, "Server thread-pool threads over time (ThreadPool.ThreadCount, sampled every 100 ms; offload's dedicated threads are not pool threads)", "font-size=\"11\"");
        Text(svg, Left + PlotWidth / 2, Height - 14, "time since the burst was released (s)", "text-anchor=\"middle\"");

        foreach (var run in runs)
        {
            var color = Colors.GetValueOrDefault(run.Variant, "#555");
            foreach (var request in run.RequestSeries)
            {
                var (x, y) = (X(request.EndMs), YLatency(request.LatencyMs));
                svg.AppendLine(request.Succeeded
                    ? Invariant($"<circle cx=\"{x:0.#}\" cy=\"{y:0.#}\" r=\"2.6\" fill=\"{color}\" fill-opacity=\"0.55\"/>")
                    : Invariant($"<path d=\"M{x - 3:0.#},{y - 3:0.#}L{x + 3:0.#},{y + 3:0.#}M{x - 3:0.#},{y + 3:0.#}L{x + 3:0.#},{y - 3:0.#}\" stroke=\"{color}\" stroke-width=\"1.5\"/>"));
            }

            var points = run.PoolSeries.Where(s => s.AtMs >= 0 && s.AtMs <= xMax * 1000)
                .Select(s => Invariant($"{X(s.AtMs):0.#},{YThreads(s.Threads):0.#}"));
            svg.AppendLine($"<polyline fill=\"none\" stroke=\"{color}\" stroke-width=\"2\" stroke-opacity=\"0.85\" points=\"{string.Join(' ', points)}\"/>");
        }

        Legend(svg, runs);
        svg.AppendLine("</svg>");
        return svg.ToString();
    }

    private static void Legend(StringBuilder svg, IReadOnlyList<RunResult> runs)
    {
        var x = Left + PlotWidth + 24;
        var y = Top + 6;
        Text(svg, x, y, "variant", "font-weight=\"bold\"");
        foreach (var run in runs)
        {
            y += 54;
            svg.AppendLine(Invariant($"<rect x=\"{x}\" y=\"{y - 11}\" width=\"14\" height=\"14\" fill=\"{Colors.GetValueOrDefault(run.Variant, "#555")}\"/>"));
            Text(svg, x + 22, y, run.Variant, "font-weight=\"bold\"");
            Text(svg, x + 22, y + 15, $"total {Format.Seconds(run.Stats.TotalMs)}, p99 {Format.Seconds(run.Stats.P99Ms)}", "font-size=\"11\"");
            Text(svg, x + 22, y + 29, $"peak {run.Stats.PeakPoolThreads} pool threads, {run.Stats.Failures} failed", "font-size=\"11\"");
        }
    }

    /// <summary>Horizontal grid lines with their values on the left, and the panel's frame.</summary>
    private static void Grid(StringBuilder svg, double top, double height, double step, double max, Func<double, double> y, Func<double, string> label)
    {
        svg.AppendLine(Invariant($"<rect x=\"{Left}\" y=\"{top}\" width=\"{PlotWidth}\" height=\"{height}\" fill=\"none\" stroke=\"#999\"/>"));
        for (var i = 0; i * step <= max + step / 1000; i++)
        {
            var value = i * step;
            svg.AppendLine(Invariant($"<line x1=\"{Left}\" x2=\"{Left + PlotWidth}\" y1=\"{y(value):0.#}\" y2=\"{y(value):0.#}\" stroke=\"#e4e4e4\"/>"));
            Text(svg, Left - 6, y(value) + 4, label(value), "text-anchor=\"end\" font-size=\"11\"");
        }
    }

    private static void TimeAxis(StringBuilder svg, double baseline, double step, double max, Func<double, double> x)
    {
        for (var i = 0; i * step <= max + step / 1000; i++)
        {
            var px = x(i * step * 1000);
            svg.AppendLine(Invariant($"<line x1=\"{px:0.#}\" x2=\"{px:0.#}\" y1=\"{baseline}\" y2=\"{baseline + 5}\" stroke=\"#999\"/>"));
            Text(svg, px, baseline + 18, Format.Number(i * step), "text-anchor=\"middle\" font-size=\"11\"");
        }
    }

    /// <summary>A step of 1, 2 or 5 × 10^k giving about six ticks, and the axis maximum rounded up to a step.</summary>
    private static (double Step, double Max) Axis(double maxValue)
    {
        maxValue = Math.Max(maxValue, 1e-3);
        var raw = maxValue / 6;
        var magnitude = Math.Pow(10, Math.Floor(Math.Log10(raw)));
        var step = (raw / magnitude) switch { <= 1 => 1, <= 2 => 2, <= 5 => 5, _ => 10 } * magnitude;
        return (step, Math.Ceiling(maxValue / step - 1e-9) * step);
    }

    /// <summary>
    /// The scenario's description under the title, wrapped at spaces to the chart's width: one line at y 45, or two from
    /// y 40, 12 apart, both above the latency caption. Characters are counted at a conservative 0.6 em of the 11 px
    /// font (sans-serif averages about 0.5), since an SVG has no text measuring; a third line, if ever, is cut with an
    /// ellipsis rather than run into the plot.
    /// </summary>
    private static void Subtitle(StringBuilder svg, string description)
    {
        var maxChars = (int)((Width - Left - 20) / (11 * 0.6));
        var lines = Wrap(description, maxChars);
        if (lines.Count > 2)
        {
            lines = [lines[0], lines[1][..Math.Min(lines[1].Length, maxChars - 1)] + "…"];
        }

        for (var i = 0; i < lines.Count; i++)
        {
            Text(svg, Left, (lines.Count == 1 ? 45 : 40) + (12 * i), lines[i], "font-size=\"11\" fill=\"#444\"");
        }
    }

    private static List<string> Wrap(string text, int maxChars)
    {
        var lines = new List<string>();
        var line = new StringBuilder();
        foreach (var word in text.Split(' ', StringSplitOptions.RemoveEmptyEntries))
        {
            if (line.Length > 0 && line.Length + 1 + word.Length > maxChars)
            {
                lines.Add(line.ToString());
                line.Clear();
            }

            line.Append(line.Length > 0 ? " " : "").Append(word);
        }

        lines.Add(line.ToString());
        return lines;
    }

    private static void Text(StringBuilder svg, double x, double y, string text, string attributes = "")
        => svg.AppendLine(Invariant($"<text x=\"{x:0.#}\" y=\"{y:0.#}\" {attributes}>{SecurityElement.Escape(text)}</text>"));

    private static string Invariant(FormattableString value) => value.ToString(CultureInfo.InvariantCulture);
}
