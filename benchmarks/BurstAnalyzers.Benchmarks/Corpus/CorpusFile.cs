namespace BurstAnalyzers.Benchmarks.Corpus;

/// <summary>One generated source file: its path (used as the syntax tree's path), text, line count, and the project it
/// belongs to when the corpus is built as a web project over two class libraries (<see cref="CorpusLayer"/>).</summary>
internal sealed record CorpusFile(string Path, string Text, int Lines, CorpusLayer Layer = CorpusLayer.Web);
