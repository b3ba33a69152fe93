using System;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.Benchmarks.Measurement;

/// <summary>
/// Analyzers measured together, and the compilation options they need (CA1849 is off by default and must be switched
/// on, the other rules of its analyzers switched off, so only CA1849's work is timed).
/// </summary>
internal sealed class AnalyzerSet(string name, string origin, ImmutableArray<DiagnosticAnalyzer> analyzers, Func<CSharpCompilation, CSharpCompilation> configure, ProjectBuild? asBuild = null)
{
    public string Name { get; } = name;

    /// <summary>Where the analyzers came from (assembly path and version), for the report.</summary>
    public string Origin { get; } = origin;

    public ImmutableArray<DiagnosticAnalyzer> Analyzers { get; } = analyzers;

    public CSharpCompilation Configure(CSharpCompilation compilation) => configure(compilation);

    /// <summary>Runs as this kind of project's build whatever the corpus is (the chain export: as a class library).</summary>
    public ProjectBuild? AsBuild { get; } = asBuild;

    /// <summary>A readable name for one analyzer in the breakdown: its type name.</summary>
    public static string NameOf(DiagnosticAnalyzer analyzer) => analyzer.GetType().Name;
}
