using System.Collections.Generic;
using BurstAnalyzers.Benchmarks.Corpus;

namespace BurstAnalyzers.Benchmarks.Measurement;

/// <summary>Everything measured on the corpus of one requested size.</summary>
internal sealed class SizeMeasurement(int requestedLines, CorpusStats corpus, int repetitions, IReadOnlyList<SetMeasurement> sets)
{
    public int RequestedLines { get; } = requestedLines;
    public CorpusStats Corpus { get; } = corpus;
    public int Repetitions { get; } = repetitions;

    /// <summary>In the order the sets were given: BurstAnalyzers first, then CA1849 and the other peers.</summary>
    public IReadOnlyList<SetMeasurement> Sets { get; } = sets;

    /// <summary>Milliseconds per 10,000 lines of the actual corpus size.</summary>
    public double Per10kLines(double ms) => ms * 10_000 / Corpus.Lines;

    /// <summary>
    /// The first set's time over the <paramref name="other"/>-th set's, repetition by repetition: the runs of a
    /// repetition follow each other on the same corpus, so they saw nearly the same machine load, which the ratio then
    /// cancels out.
    /// </summary>
    public IReadOnlyList<double> PairedRatios(int other = 1)
    {
        var ratios = new List<double>();
        for (var i = 0; i < Sets[0].Runs.Count && i < Sets[other].Runs.Count; i++)
        {
            ratios.Add(Sets[0].Runs[i].ExecutionMs / Sets[other].Runs[i].ExecutionMs);
        }

        return ratios;
    }
}
