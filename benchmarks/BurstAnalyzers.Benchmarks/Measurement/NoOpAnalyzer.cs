using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.Benchmarks.Measurement;

/// <summary>
/// The editor mode's baseline: an analyzer that asks for every invocation and does nothing with it. It makes the
/// driver bind the document and build its operation trees, as every measured set does, so "cost over the baseline" is
/// what an analyzer adds to that unavoidable work.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
internal sealed class NoOpAnalyzer : DiagnosticAnalyzer
{
    public const string SetName = "no-op baseline";

    private static readonly DiagnosticDescriptor Never = new("NOOP001", "Never reported", "Never reported", "Benchmark", DiagnosticSeverity.Warning, isEnabledByDefault: true);

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics => ImmutableArray.Create(Never);

    public override void Initialize(AnalysisContext context)
    {
        context.EnableConcurrentExecution();
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.RegisterOperationAction(static _ => { }, OperationKind.Invocation);
    }

    public static AnalyzerSet Set()
        => new(SetName, "an analyzer with one operation action (invocations) that does nothing", ImmutableArray.Create<DiagnosticAnalyzer>(new NoOpAnalyzer()), compilation => compilation);
}
