using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.Benchmarks.Measurement;

/// <summary>
/// What BurstAnalyzers adds to the build of a class library: BURST904, the notes that carry the chains its callable
/// methods run into to the projects that reference it (cross-project BURST005). Measured alone, as a set of its own,
/// with the whole one-project corpus treated as one library (OutputType=Library): an upper bound for a solution split
/// into a web project and its libraries, whose web project exports nothing. The layered mode (--layered) measures the
/// real split, where it is part of the BurstAnalyzers set.
/// </summary>
internal static class ChainExportAnalyzer
{
    public const string SetName = "BurstAnalyzersChainExport";

    public static AnalyzerSet Set(AnalyzerSet burstAnalyzers)
    {
        var export = burstAnalyzers.Analyzers.Where(a => a.GetType().Name == "ChainExportAnalyzer").ToImmutableArray();
        return new AnalyzerSet(SetName, "BurstAnalyzers' ChainExportAnalyzer as a class library's build runs it (OutputType=Library)", export, compilation => compilation, ProjectBuild.Library);
    }
}
