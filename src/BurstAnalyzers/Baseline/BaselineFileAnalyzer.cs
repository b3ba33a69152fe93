using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.Baseline;

/// <summary>BURST901: a line of BurstAnalyzers.baseline.txt that is not an entry, at its line in that file. The line
/// records nothing; the rest of the file still applies.</summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class BaselineFileAnalyzer : DiagnosticAnalyzer
{
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(RuleDescriptors.InvalidBaselineEntry);

    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationAction(ReportProblems);
    }

    private static void ReportProblems(CompilationAnalysisContext context)
    {
        foreach (var (file, text, baseline) in BaselineFiles.Read(context.Options, context.CancellationToken))
        {
            foreach (var problem in baseline.Problems)
            {
                var location = Location.Create(file.Path, problem.Span, text.Lines.GetLinePositionSpan(problem.Span));
                context.ReportDiagnostic(Diagnostic.Create(
                    RuleDescriptors.InvalidBaselineEntry, location, BaselineFile.FileName, problem.Line + 1, problem.Text, problem.Reason));
            }
        }
    }
}
