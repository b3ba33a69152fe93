using System.Collections.Immutable;
using BurstAnalyzers.Blocking;
using BurstAnalyzers.Handlers;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.Rules;

/// <summary>
/// BURST001-BURST004 and BURST006: blocking calls inside request handlers; BURST007: the same calls in a
/// dependency-injection factory. One analyzer for the five rules, so each
/// call is looked up once in the blocking catalogue and each handler check is shared; the knowledge of each rule lives
/// in its own file under Blocking/.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class BlockingCallAnalyzer : DiagnosticAnalyzer
{
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(
        RuleDescriptors.ThreadSleep,
        RuleDescriptors.TaskWait,
        RuleDescriptors.SyncIo,
        RuleDescriptors.PrimitiveWait,
        RuleDescriptors.BlockingApi,
        RuleDescriptors.ServiceFactory);

    public override void Initialize(AnalysisContext context)
    {
        // Generated code is analysed for Razor views only (RequestHandlerModel.FindHandler): their lines are the .cshtml.
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.Analyze | GeneratedCodeAnalysisFlags.ReportDiagnostics);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(OnCompilationStart);
    }

    private static void OnCompilationStart(CompilationStartAnalysisContext context)
    {
        // Nothing to do, and nothing registered, in a project with no request handlers.
        if (RequestHandlerModel.For(context.Compilation, context.Options.AnalyzerConfigOptionsProvider) is not { } handlers)
        {
            return;
        }

        var analysis = new BlockingCallAnalysis(
            handlers,
            BlockingVerdict.For(context.Compilation, context.Options.AdditionalFiles),
            SdkReportedCalls.For(context.Compilation, context.Options.AnalyzerConfigOptionsProvider.GlobalOptions),
            handlers.Responses);
        context.RegisterOperationAction(analysis.AnalyzeInvocation, OperationKind.Invocation);
        context.RegisterOperationAction(analysis.AnalyzePropertyReference, OperationKind.PropertyReference);
        context.RegisterOperationAction(analysis.AnalyzeSerializedTask, OperationKind.ObjectCreation, OperationKind.Invocation, OperationKind.Return);
    }
}
