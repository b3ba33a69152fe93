namespace BurstAnalyzers.Benchmarks.Editor;

/// <summary>A document the editor mode re-analyses after each edit: what it is, its path in the corpus, its size.</summary>
internal sealed record EditorDocument(string Label, string Path, int Lines, bool HasHandlers);
