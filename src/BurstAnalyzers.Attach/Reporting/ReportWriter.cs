using System;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace BurstAnalyzers.Attach.Reporting;

/// <summary>The report as Markdown (to read) and JSON (to process), and the summary printed at the end.</summary>
internal static class ReportWriter
{
    private static readonly JsonSerializerOptions s_json = new()
    {
        WriteIndented = true,
        PropertyNamingPolicy = JsonNamingPolicy.CamelCase,
        Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
        Converters = { new JsonStringEnumConverter() },
    };

    /// <returns>The paths of the Markdown and the JSON file.</returns>
    public static (string Markdown, string Json) Write(AttachReport report, string directory)
    {
        Directory.CreateDirectory(directory);
        string stem = Path.Combine(directory, $"burst-attach-{report.ProcessId}-{report.Started:yyyyMMdd-HHmmss}");
        File.WriteAllText(stem + ".md", Markdown(report));
        File.WriteAllText(stem + ".json", Json(report));
        return (stem + ".md", stem + ".json");
    }

    public static string Json(AttachReport report) => JsonSerializer.Serialize(report, s_json);

    public static string Markdown(AttachReport report)
    {
        var md = new StringBuilder();
        md.AppendLine(CultureInfo.InvariantCulture, $"# Blocking calls in process {report.ProcessId} ({report.ProcessName})");
        md.AppendLine();
        md.Append(CultureInfo.InvariantCulture, $"Attached {report.Started:yyyy-MM-dd HH:mm:ss} to {report.Ended:HH:mm:ss} UTC ({(report.Ended - report.Started).TotalSeconds:0} s); ended: {report.EndedBecause}. ")
            .Append(CultureInfo.InvariantCulture, $"Application assembly: {report.ApplicationAssembly ?? "unknown"}; runtime: .NET {(report.RuntimeMajorVersion?.ToString(CultureInfo.InvariantCulture) ?? "?")}. ")
            .AppendLine(CultureInfo.InvariantCulture, $"Waits on thread-pool threads of at least {report.Threshold.TotalMilliseconds:0} ms; {report.RequestsSeen} requests seen.");
        md.AppendLine();
        md.AppendLine(Summary(report));
        md.AppendLine();
        md.AppendLine("## Starvation episodes");
        md.AppendLine();
        if (report.Episodes.Count == 0)
        {
            md.AppendLine("None: the runtime did not add a thread for starvation or cooperative blocking while attached.");
        }

        foreach (EpisodeReport episode in report.Episodes)
        {
            string signals = string.Join(", ", episode.Signals.Select(s => Invariant($"{s.Key} ×{s.Value}")));
            md.Append(CultureInfo.InvariantCulture, $"- {episode.Start:HH:mm:ss}, {episode.Seconds:0.0} s: the pool added threads for {signals}; ")
                .AppendLine(CultureInfo.InvariantCulture, $"up to {episode.MostThreads} threads, up to {episode.LongestQueue:0} work items queued.");
            foreach (EndpointInFlight endpoint in episode.Endpoints.Take(10))
            {
                md.AppendLine(CultureInfo.InvariantCulture, $"  - `{endpoint.Endpoint}`: up to {endpoint.MostInFlight} in flight, oldest {endpoint.OldestSeconds:0.0} s");
            }
        }

        md.AppendLine();
        md.AppendLine("## Blocking call sites");
        md.AppendLine();
        if (report.Sites.Count == 0)
        {
            md.AppendLine("None: no thread-pool thread waited that long in a wait the runtime reports.");
        }

        int n = 0;
        foreach (SiteReport site in report.Sites)
        {
            n++;
            md.AppendLine(CultureInfo.InvariantCulture, $"### {n}. {site.Kind} in `{site.BlockingCall}` ({site.Owner})");
            md.AppendLine();
            md.AppendLine(CultureInfo.InvariantCulture, $"- Blocked {site.Waits} times, {site.TotalMilliseconds / 1000:0.0} s in total, longest {site.LongestMilliseconds:0} ms; {site.WaitsDuringStarvation} during starvation.");
            md.AppendLine("- Endpoints: " + string.Join(", ", site.Endpoints.Select(e => Invariant($"`{e.Endpoint}` ({e.Waits})"))));
            md.AppendLine("- Call site (innermost first):");
            foreach (string frame in site.CallSite)
            {
                md.AppendLine(CultureInfo.InvariantCulture, $"  - `{frame}`");
            }

            md.AppendLine("- Advice: " + site.Advice);
            if (site.EditorConfigLine is not null)
            {
                md.AppendLine();
                md.AppendLine("```ini");
                md.AppendLine("[*.cs]");
                md.AppendLine(site.EditorConfigLine);
                md.AppendLine("```");
            }

            md.AppendLine();
        }

        md.AppendLine("## Not reported");
        md.AppendLine();
        foreach (string note in report.NotReported)
        {
            md.AppendLine("- " + note);
        }

        return md.ToString();
    }

    /// <summary>Two or three lines for the console: the verdict and what to do first.</summary>
    public static string Summary(AttachReport report)
    {
        int starving = report.Episodes.Count;
        SiteReport? top = report.Sites.Count > 0 ? report.Sites[0] : null;
        string verdict = starving == 0
            ? "No thread-pool starvation while attached."
            : Invariant($"{starving} starvation episode(s), {report.Episodes.Sum(e => e.Seconds):0.0} s in all.");
        if (top is null)
        {
            return verdict + " No blocking call site found.";
        }

        string lines = verdict + Invariant($" {report.Sites.Count} blocking call site(s); the most blocked: {top.Kind} in {top.BlockingCall} from {(top.CallSite.Count > 0 ? top.CallSite[0] : "(framework)")}, {top.TotalMilliseconds / 1000:0.0} s over {top.Waits} waits, endpoints {string.Join(", ", top.Endpoints.Take(3).Select(e => e.Endpoint))}.");
        foreach (string line in report.Sites.Select(s => s.EditorConfigLine).OfType<string>().Distinct().Take(5))
        {
            lines += Environment.NewLine + "  .editorconfig: " + line;
        }

        return lines;
    }

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
