using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis.Text;

namespace BurstAnalyzers.Baseline;

/// <summary>
/// One BurstAnalyzers.baseline.txt, parsed: how many findings each entry ("BURST001 | member | code") records. A
/// line is an entry, a comment (#) or blank; the same entry on two lines records two identical findings. A line that
/// is none of these is a <see cref="BaselineProblem"/> (BURST901) and records nothing.
/// </summary>
internal sealed class BaselineFile
{
    public const string FileName = "BurstAnalyzers.baseline.txt";

    public static readonly BaselineFile Empty = new(ImmutableDictionary<string, int>.Empty, ImmutableArray<BaselineProblem>.Empty);

    private BaselineFile(ImmutableDictionary<string, int> counts, ImmutableArray<BaselineProblem> problems)
    {
        Counts = counts;
        Problems = problems;
    }

    /// <summary>Recorded findings per entry.</summary>
    public ImmutableDictionary<string, int> Counts { get; }

    public ImmutableArray<BaselineProblem> Problems { get; }

    public bool IsEmpty => Counts.Count == 0;

    /// <summary>How many findings with this entry the file records.</summary>
    public int Recorded(string entry) => Counts.TryGetValue(entry, out var count) ? count : 0;

    public static bool IsBaselineFile(string path)
        => string.Equals(System.IO.Path.GetFileName(path), FileName, StringComparison.OrdinalIgnoreCase);

    public static BaselineFile Parse(SourceText text)
    {
        var counts = new Dictionary<string, int>(StringComparer.Ordinal);
        var problems = ImmutableArray.CreateBuilder<BaselineProblem>();
        foreach (var line in text.Lines)
        {
            var content = line.ToString().Trim();
            if (BaselineEntries.IsIgnored(content))
            {
                continue;
            }

            if (BaselineEntries.Normalize(content, out var reason) is { } entry)
            {
                counts[entry] = counts.TryGetValue(entry, out var count) ? count + 1 : 1;
            }
            else
            {
                problems.Add(new BaselineProblem(line.LineNumber, line.Span, content, reason!));
            }
        }

        return new BaselineFile(counts.ToImmutableDictionary(StringComparer.Ordinal), problems.ToImmutable());
    }

    /// <summary>Several files of one project (rare: the package adds one) record what each records.</summary>
    public static BaselineFile Merge(IReadOnlyList<BaselineFile> files)
    {
        if (files.Count == 1)
        {
            return files[0];
        }

        var counts = new Dictionary<string, int>(StringComparer.Ordinal);
        var problems = ImmutableArray.CreateBuilder<BaselineProblem>();
        foreach (var file in files)
        {
            foreach (var pair in file.Counts)
            {
                counts[pair.Key] = (counts.TryGetValue(pair.Key, out var count) ? count : 0) + pair.Value;
            }

            problems.AddRange(file.Problems);
        }

        return new BaselineFile(counts.ToImmutableDictionary(StringComparer.Ordinal), problems.ToImmutable());
    }
}
