using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;

namespace BurstAnalyzers.Baseline;

/// <summary>
/// The baseline of a project: its additional files named BurstAnalyzers.baseline.txt, each parsed once per content.
/// An editor makes a new compilation on every keystroke but keeps an unchanged additional file's text: the parse is
/// kept per text object, and by checksum for a text that was read again with the same content.
/// </summary>
internal static class BaselineFiles
{
    private const int MaxByChecksum = 16;

    private static readonly ConditionalWeakTable<SourceText, BaselineFile> s_byText = new();
    private static readonly Dictionary<string, BaselineFile> s_byChecksum = new(StringComparer.Ordinal);

    /// <summary>The project's baseline files with their parses; none when it has none.</summary>
    public static ImmutableArray<(AdditionalText File, SourceText Text, BaselineFile Baseline)> Read(AnalyzerOptions options, CancellationToken cancellationToken)
    {
        var files = ImmutableArray<(AdditionalText, SourceText, BaselineFile)>.Empty;
        foreach (var file in options.AdditionalFiles)
        {
            if (BaselineFile.IsBaselineFile(file.Path) && file.GetText(cancellationToken) is { } text)
            {
                files = files.Add((file, text, Parse(text)));
            }
        }

        return files;
    }

    /// <summary>Everything the project's baseline files record.</summary>
    public static BaselineFile For(AnalyzerOptions options, CancellationToken cancellationToken)
    {
        var files = Read(options, cancellationToken);
        if (files.IsEmpty)
        {
            return BaselineFile.Empty;
        }

        var parses = new List<BaselineFile>(files.Length);
        foreach (var file in files)
        {
            parses.Add(file.Baseline);
        }

        return BaselineFile.Merge(parses);
    }

    /// <summary>The parse of a text: one per text object, and one per content.</summary>
    internal static BaselineFile Parse(SourceText text)
    {
        if (s_byText.TryGetValue(text, out var known))
        {
            return known;
        }

        var checksum = Convert.ToBase64String(text.GetChecksum().ToArray()) + ":" + text.Length;
        lock (s_byChecksum)
        {
            if (!s_byChecksum.TryGetValue(checksum, out known))
            {
                known = BaselineFile.Parse(text);
                if (s_byChecksum.Count >= MaxByChecksum)
                {
                    s_byChecksum.Clear();
                }

                s_byChecksum[checksum] = known;
            }
        }

        return s_byText.GetValue(text, _ => known);
    }
}
