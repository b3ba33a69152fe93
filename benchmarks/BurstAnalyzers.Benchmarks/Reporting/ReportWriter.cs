using System.Collections.Generic;
using System.IO;
using System.Text;
using BurstAnalyzers.Benchmarks.Editor;
using BurstAnalyzers.Benchmarks.Measurement;

namespace BurstAnalyzers.Benchmarks.Reporting;

/// <summary>Prints the report to the console and writes the same content as Markdown.</summary>
internal static class ReportWriter
{
    public static void WriteConsole(TextWriter console, RunInfo info, IReadOnlyList<SizeMeasurement> sizes, IReadOnlyList<EditorMeasurement> editor)
    {
        console.WriteLine();
        console.WriteLine("Results");
        console.Write(ReportBuilder.Preamble(info, markdown: false));
        foreach (var table in AllTables(sizes, editor))
        {
            console.WriteLine();
            console.Write(table.ToText());
        }
    }

    public static void WriteMarkdown(string path, RunInfo info, IReadOnlyList<SizeMeasurement> sizes, IReadOnlyList<EditorMeasurement> editor)
    {
        var text = new StringBuilder();
        text.Append(ReportBuilder.Preamble(info, markdown: true));
        foreach (var table in AllTables(sizes, editor))
        {
            text.AppendLine();
            text.Append(table.ToMarkdown());
        }

        Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(path))!);
        File.WriteAllText(path, text.ToString());
    }

    private static IEnumerable<Table> AllTables(IReadOnlyList<SizeMeasurement> sizes, IReadOnlyList<EditorMeasurement> editor)
    {
        if (sizes.Count > 0)
        {
            foreach (var table in ReportBuilder.Tables(sizes))
            {
                yield return table;
            }
        }

        foreach (var table in EditorReportBuilder.Tables(editor))
        {
            yield return table;
        }
    }
}
