using System;
using System.Collections.Generic;
using System.Text;

namespace BurstAnalyzers.Benchmarks.Reporting;

/// <summary>A titled table, rendered as aligned text for the console and as Markdown for the report file.</summary>
internal sealed class Table(string title, params string[] headers)
{
    private readonly List<string[]> _rows = new();

    public string Title { get; } = title;

    /// <summary>A note printed under the table (both renderings).</summary>
    public string? Note { get; set; }

    public void AddRow(params string[] cells)
    {
        if (cells.Length != headers.Length)
        {
            throw new ArgumentException($"Expected {headers.Length} cells, got {cells.Length}.");
        }

        _rows.Add(cells);
    }

    public string ToText()
    {
        var widths = new int[headers.Length];
        foreach (var row in Rows())
        {
            for (var i = 0; i < row.Length; i++)
            {
                widths[i] = Math.Max(widths[i], row[i].Length);
            }
        }

        var text = new StringBuilder();
        text.AppendLine(Title);
        AppendTextRow(text, headers, widths);
        AppendTextRow(text, Array.ConvertAll(widths, w => new string('-', w)), widths);
        foreach (var row in _rows)
        {
            AppendTextRow(text, row, widths);
        }

        if (Note is not null)
        {
            text.AppendLine(Note);
        }

        return text.ToString();
    }

    public string ToMarkdown()
    {
        var text = new StringBuilder();
        text.AppendLine("## " + Title).AppendLine();
        text.AppendLine("| " + string.Join(" | ", headers) + " |");
        text.AppendLine("|" + string.Join("|", Array.ConvertAll(headers, h => IsNumericColumn(h) ? "---:" : "---")) + "|");
        foreach (var row in _rows)
        {
            text.AppendLine("| " + string.Join(" | ", Array.ConvertAll(row, c => c.Replace("|", "\\|", StringComparison.Ordinal))) + " |");
        }

        if (Note is not null)
        {
            text.AppendLine().AppendLine(Note);
        }

        return text.ToString();
    }

    private IEnumerable<string[]> Rows()
    {
        yield return headers;
        foreach (var row in _rows)
        {
            yield return row;
        }
    }

    private bool IsNumericColumn(string header)
    {
        var index = Array.IndexOf(headers, header);
        if (_rows.Count == 0 || index < 0)
        {
            return false;
        }

        return _rows.TrueForAll(r => r[index].Length > 0 && (char.IsDigit(r[index][0]) || r[index] == "–" || r[index][0] == '-'));
    }

    private static void AppendTextRow(StringBuilder text, string[] cells, int[] widths)
    {
        var line = new StringBuilder();
        for (var i = 0; i < cells.Length; i++)
        {
            if (i > 0)
            {
                line.Append("  ");
            }

            // Numbers right-aligned, text left-aligned.
            var numeric = cells[i].Length > 0 && char.IsDigit(cells[i][0]);
            line.Append(numeric ? cells[i].PadLeft(widths[i]) : cells[i].PadRight(widths[i]));
        }

        text.AppendLine(line.ToString().TrimEnd());
    }
}
