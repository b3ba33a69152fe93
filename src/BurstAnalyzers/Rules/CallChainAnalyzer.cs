using System.Collections.Immutable;
using BurstAnalyzers.Handlers;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.Rules;

/// <summary>
/// BURST005: a call in a request handler to a method of this project that blocks, itself or further down its calls
/// (BURST007 when the call is in a dependency-injection factory); and BURST003 where a handler enumerates an EF Core
/// query that the call graph finds (handed out by another method, or a DbSet the direct rules cannot judge).
/// The call graph knowledge lives under CallGraph/; the handler side in <see cref="CallChainAnalysis"/>.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class CallChainAnalyzer : DiagnosticAnalyzer
{
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(RuleDescriptors.BlockingCallChain, RuleDescriptors.ServiceFactory, RuleDescriptors.ProjectWithoutPackage, RuleDescriptors.SyncIo);

    public override void Initialize(AnalysisContext context)
    {
        // Generated code is analysed for Razor views only (RequestHandlerModel.FindHandler): their lines are the .cshtml.
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.Analyze | GeneratedCodeAnalysisFlags.ReportDiagnostics);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(OnCompilationStart);
    }

    private static void OnCompilationStart(CompilationStartAnalysisContext context)
    {
        // No handlers, no chains: nothing registered, nothing summarized.
        if (RequestHandlerModel.For(context.Compilation, context.Options.AnalyzerConfigOptionsProvider) is not { } handlers)
        {
            return;
        }

        var analysis = new CallChainAnalysis(handlers, context.Compilation, context.Options);
        context.RegisterSymbolAction(analysis.ObserveScope, SymbolKind.NamedType);
        context.RegisterSymbolAction(analysis.AnalyzeValidationAttributes, SymbolKind.Property, SymbolKind.NamedType, SymbolKind.Method);
        context.RegisterOperationAction(analysis.AnalyzeInvocation, OperationKind.Invocation);
        context.RegisterOperationAction(analysis.AnalyzeRegistration, OperationKind.Invocation);
        context.RegisterOperationAction(analysis.AnalyzeObjectCreation, OperationKind.ObjectCreation);
        context.RegisterOperationAction(analysis.AnalyzePropertyReference, OperationKind.PropertyReference);

        // BURST003 for a query a handler runs that only the call graph knows to be an EF Core query.
        context.RegisterOperationAction(analysis.AnalyzeQuerySink, OperationKind.Invocation, OperationKind.Loop, OperationKind.ObjectCreation, OperationKind.Return);

        // Whole-compilation analysis only (see CallChainAnalysis): facts from the driver's blocks, reports at the end.
        // The descriptor is deliberately not tagged CompilationEnd: an IDE would then stop running the rule live,
        // where it reports from the operation actions above.
        context.RegisterOperationBlockAction(analysis.CaptureFacts);
        context.RegisterCompilationEndAction(analysis.ReportPending);
    }
}
