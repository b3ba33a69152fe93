using System.Collections.Immutable;
using BurstAnalyzers.Options;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.Rules;

/// <summary>BURST900: an option entry that does not parse, named with its key; reported once per compilation.</summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class ConfigurationAnalyzer : DiagnosticAnalyzer
{
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(RuleDescriptors.InvalidConfiguration);

    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationAction(ReportProblems);
    }

    private static void ReportProblems(CompilationAnalysisContext context)
    {
        foreach (var problem in ConfigurationValidator.FindProblems(context.Compilation, context.Options.AnalyzerConfigOptionsProvider))
        {
            context.ReportDiagnostic(Diagnostic.Create(RuleDescriptors.InvalidConfiguration, Location.None, problem.Key, problem.Value, problem.Reason));
        }
    }
}
