using System.Text;
using BurstDemo.Results;

namespace BurstDemo.Reporting;

/// <summary>report.md: the table, the charts, how each variant was made, the machine and the parameters.</summary>
internal static class MarkdownReport
{
    public const string WcfNote =
        "The wcf scenario is the WCF report's own: samples/SoapService's IService1.GetData (Thread.Sleep(2000)) hosted with " +
        "SoapCore on Kestrel, called by the WCF client for .NET (System.ServiceModel ChannelFactory over BasicHttpBinding, one " +
        "channel per client thread, opened before the release). Its async variant is BurstAnalyzers' async fix through dotnet " +
        "format (Task<string> GetData, same operation name and actions); its offload variant references " +
        "BurstAnalyzers.Offload.SoapCore and gets [OffloadBlocking] from our offload fix. CoreWCF is not available from this " +
        "machine's package source: the analyzer recognises CoreWCF contracts by name, but no CoreWCF host is measured here.";

    public static string Render(DemoResults results, IReadOnlyList<Scenario> scenarios, IReadOnlyDictionary<string, string> charts)
    {
        var md = new StringBuilder();
        md.AppendLine("# Burst demo report").AppendLine();
        md.AppendLine($"{results.Requests} simultaneous requests per burst, released together; started {results.StartedUtc:yyyy-MM-dd HH:mm} UTC.").AppendLine();
        md.AppendLine("```").AppendLine(results.CommandLine).AppendLine("```").AppendLine();

        md.AppendLine("## Results").AppendLine();
        md.Append(ResultTable.Markdown(results.Runs)).AppendLine();
        md.AppendLine("Total is from the first request's start to the last one's completion. Peak pool threads is the server's " +
            "`ThreadPool.ThreadCount` at its highest during the burst (the offload variant's dedicated threads are not pool threads). " +
            "/ping p99 is over a fast async endpoint requested every 200 ms during the burst.").AppendLine();

        md.AppendLine("## Charts").AppendLine();
        foreach (var scenario in scenarios.Where(s => charts.ContainsKey(s.Name)))
        {
            md.AppendLine($"### {scenario.Name}").AppendLine();
            md.AppendLine($"![{scenario.Name}]({charts[scenario.Name]})").AppendLine();
        }

        md.AppendLine("## Scenarios").AppendLine();
        foreach (var scenario in scenarios)
        {
            md.AppendLine($"- **{scenario.Name}**: {scenario.Request} (samples/{scenario.Server.Name}), {scenario.Description}.");
        }

        md.AppendLine().AppendLine("## Variants").AppendLine();
        foreach (var variant in results.Variants)
        {
            md.AppendLine($"- **{variant.Name}** of samples/{variant.Sample}: {variant.Description}. BURST warnings in its build: {variant.BurstWarnings}.");
            if (variant.Notes.Length > 0)
            {
                md.AppendLine($"  {variant.Notes}.");
            }

            if (variant.Changes.Count > 0)
            {
                md.AppendLine().AppendLine("  ```diff");
                foreach (var line in variant.Changes)
                {
                    md.AppendLine("  " + line);
                }

                md.AppendLine("  ```").AppendLine();
            }
        }

        md.AppendLine().AppendLine("## WCF").AppendLine().AppendLine(WcfNote).AppendLine();

        var machine = results.Machine;
        md.AppendLine("## Machine and parameters").AppendLine();
        md.AppendLine($"- {machine.ProcessorCount} logical CPUs ({machine.Processor}), {machine.Os}");
        md.AppendLine($"- {machine.Runtime} (demo and servers), {machine.Sdk}; load average at the start {machine.LoadAverage}");
        md.AppendLine($"- N = {results.Requests}, operation delay {results.DelayMs} ms (wcf: 2000 ms), scenarios {string.Join(", ", results.Scenarios)}, variants {string.Join(", ", results.Variants.Select(v => v.Name))}");
        md.AppendLine("- Every server runs as its own process with the default thread pool (the workaround variant sets its minimum to 100), " +
            "on 127.0.0.1; each client is a dedicated thread with its own connection and a synchronous HttpClient.Send " +
            "(wcf: its own WCF channel and a synchronous GetData call).");
        return md.ToString();
    }
}
