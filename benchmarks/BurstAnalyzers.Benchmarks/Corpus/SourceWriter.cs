using System.Text;

namespace BurstAnalyzers.Benchmarks.Corpus;

/// <summary>
/// Writes one C# source file line by line with four-space indentation. The corpus is sized in lines, so every line
/// goes through <see cref="Line"/> and is counted exactly as it will appear in the file.
/// </summary>
internal sealed class SourceWriter
{
    private readonly StringBuilder _text = new();
    private int _indent;

    public int LineCount { get; private set; }

    public void Line(string line = "")
    {
        if (line.Length > 0)
        {
            _text.Append(' ', _indent * 4);
        }

        _text.Append(line).Append('\n');
        LineCount++;
    }

    /// <summary>Writes <paramref name="header"/> (if any) and an opening brace, then indents.</summary>
    public void Open(string? header = null)
    {
        if (header is not null)
        {
            Line(header);
        }

        Line("{");
        _indent++;
    }

    /// <summary>Unindents and writes the closing brace, optionally followed by e.g. ";" or ");".</summary>
    public void Close(string suffix = "")
    {
        _indent--;
        Line("}" + suffix);
    }

    public void Usings(params string[] namespaces)
    {
        foreach (var name in namespaces)
        {
            Line("using " + name + ";");
        }

        Line();
    }

    public CorpusFile ToFile(string path, CorpusLayer layer = CorpusLayer.Web) => new(path, _text.ToString(), LineCount, layer);
}
