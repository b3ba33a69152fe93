using System.Collections.Generic;
using BurstAnalyzers.Benchmarks.Corpus;

namespace BurstAnalyzers.Benchmarks.Measurement;

/// <summary>Everything measured on the corpus of one requested size.</summary>
internal sealed class SizeMeasurement(int requestedLines, CorpusStats corpus, int repetitions, IReadOnlyList<SetMeasurement> sets)
{
    public int RequestedLines { get; } = requestedLines;
    public CorpusStats Corpus { get; } = corpus;
    public int Repetitions { get; } = repetitions;

    /// <summary>In the order the sets were given: BurstAnalyzers first, then CA1849.</summary>
    public IReadOnlyList<SetMeasurement> Sets { get; } = sets;

    /// <summary>Milliseconds per 10,000 lines of the actual corpus size.</summary>
    public double Per10kLines(double ms) => ms * 10_000 / Corpus.Lines;
}
