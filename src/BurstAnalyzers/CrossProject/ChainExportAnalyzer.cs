using System.Collections.Immutable;
using BurstAnalyzers.CallGraph;
using BurstAnalyzers.FactsFiles;
using BurstAnalyzers.Options;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.CrossProject;

/// <summary>
/// BURST904, in a class library's build: one note per callable method that blocks, carrying its chain
/// (<see cref="ChainExport"/>) in the property <see cref="ChainsFile.PropertyKey"/> to the compiler's SARIF log, from
/// which the package's build file writes the library's chains file for the projects that reference it. An analyzer,
/// not a generator, so that it reads the bodies the analyzer driver binds for every analyzer anyway; a generator would
/// bind the whole library a second time.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class ChainExportAnalyzer : DiagnosticAnalyzer
{
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(RuleDescriptors.CarriedChain);

    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(static start =>
        {
            // Executables, design-time builds and the switch: nothing registered, nothing bound.
            if (!CrossProjectSettings.ExportsChains(start.Options.AnalyzerConfigOptionsProvider.GlobalOptions))
            {
                return;
            }

            var export = ChainExport.ForBuild(start.Compilation, start.Options);
            start.RegisterOperationBlockAction(export.Capture);
            start.RegisterCompilationEndAction(end =>
            {
                foreach (var (record, text) in export.AllRecords(end.CancellationToken))
                {
                    var properties = ImmutableDictionary<string, string?>.Empty.Add(ChainsFile.PropertyKey, ChainsFile.Encode(record));
                    end.ReportDiagnostic(Diagnostic.Create(RuleDescriptors.CarriedChain, Location.None, properties, text));
                }
            });
        });
    }
}
