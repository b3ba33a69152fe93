using System.Collections.Generic;
using System.IO;
using System.Text;
using BurstAnalyzers.Benchmarks.Measurement;

namespace BurstAnalyzers.Benchmarks.Reporting;

/// <summary>Prints the report to the console and writes the same content as Markdown.</summary>
internal static class ReportWriter
{
    public static void WriteConsole(TextWriter console, RunInfo info, IReadOnlyList<SizeMeasurement> sizes)
    {
        console.WriteLine();
        console.WriteLine("Results");
        console.Write(ReportBuilder.Preamble(info, markdown: false));
        foreach (var table in ReportBuilder.Tables(sizes))
        {
            console.WriteLine();
            console.Write(table.ToText());
        }
    }

    public static void WriteMarkdown(string path, RunInfo info, IReadOnlyList<SizeMeasurement> sizes)
    {
        var text = new StringBuilder();
        text.Append(ReportBuilder.Preamble(info, markdown: true));
        foreach (var table in ReportBuilder.Tables(sizes))
        {
            text.AppendLine();
            text.Append(table.ToMarkdown());
        }

        Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(path))!);
        File.WriteAllText(path, text.ToString());
    }
}
