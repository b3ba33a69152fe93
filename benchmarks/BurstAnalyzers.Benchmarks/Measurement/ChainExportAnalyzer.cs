using System.Collections.Generic;
using System.Collections.Immutable;
using System.Diagnostics.CodeAnalysis;
using System.Linq;
using BurstAnalyzers.Generators;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.Benchmarks.Measurement;

/// <summary>
/// What BurstAnalyzers adds to the build of a class library: its generator writing the chains the library's callable
/// methods run into (cross-project BURST005). Run here as an analyzer, once per compilation, so its time is measured
/// like the analyzers' and side by side with them. The whole corpus is treated as one library: an upper bound for a
/// solution split into a web project and its libraries, whose web project runs no export. It reports one diagnostic,
/// the number of chains written, so a run that wrote none shows.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
internal sealed class ChainExportAnalyzer : DiagnosticAnalyzer
{
    public const string SetName = "BurstAnalyzersChainExport";

    private static readonly DiagnosticDescriptor Written = new(
        "CHAINS01", "Chains written", "The generator wrote {0} chains", "Benchmark", DiagnosticSeverity.Warning, isEnabledByDefault: true);

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics => ImmutableArray.Create(Written);

    public override void Initialize(AnalysisContext context)
    {
        context.EnableConcurrentExecution();
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.RegisterCompilationAction(static compilationContext =>
        {
            var compilation = compilationContext.Compilation;
            var parseOptions = compilation.SyntaxTrees.FirstOrDefault()?.Options as CSharpParseOptions;
            var result = CSharpGeneratorDriver.Create(new[] { new BlockingChainsGenerator().AsSourceGenerator() }, parseOptions: parseOptions, optionsProvider: LibraryBuild.Instance)
                .RunGenerators(compilation, compilationContext.CancellationToken)
                .GetRunResult();
            var text = result.GeneratedTrees.Length == 0 ? "" : result.GeneratedTrees[0].ToString();
            var chains = text.Split('\n').Count(line => line.Contains("\"BurstAnalyzers.Chain\","));
            if (chains > 0)
            {
                compilationContext.ReportDiagnostic(Diagnostic.Create(Written, Location.None, chains));
            }
        });
    }

    public static AnalyzerSet Set()
        => new(SetName, "BurstAnalyzers' BlockingChainsGenerator as a class library's build runs it (OutputType=Library)", ImmutableArray.Create<DiagnosticAnalyzer>(new ChainExportAnalyzer()), compilation => compilation);

    /// <summary>The MSBuild properties a class library's build passes to the generator.</summary>
    private sealed class LibraryBuild : AnalyzerConfigOptionsProvider
    {
        public static readonly LibraryBuild Instance = new();

        private static readonly Options Empty = new(new Dictionary<string, string>());

        public override AnalyzerConfigOptions GlobalOptions { get; } = new Options(new Dictionary<string, string> { ["build_property.OutputType"] = "Library" });

        public override AnalyzerConfigOptions GetOptions(SyntaxTree tree) => Empty;

        public override AnalyzerConfigOptions GetOptions(AdditionalText textFile) => Empty;

        private sealed class Options(Dictionary<string, string> values) : AnalyzerConfigOptions
        {
            public override bool TryGetValue(string key, [NotNullWhen(true)] out string? value) => values.TryGetValue(key, out value);
        }
    }
}
