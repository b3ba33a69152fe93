using System.Collections.Generic;

namespace BurstAnalyzers.Benchmarks.Corpus;

/// <summary>A generated corpus: its source files and what they contain.</summary>
internal sealed class GeneratedCorpus(IReadOnlyList<CorpusFile> files, CorpusStats stats)
{
    public IReadOnlyList<CorpusFile> Files { get; } = files;
    public CorpusStats Stats { get; } = stats;
    public int Lines => Stats.Lines;
}
