namespace BurstAnalyzers.Benchmarks.Corpus;

/// <summary>One generated source file: its path (used as the syntax tree's path), text and line count.</summary>
internal sealed record CorpusFile(string Path, string Text, int Lines);
