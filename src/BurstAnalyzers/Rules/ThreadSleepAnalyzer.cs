using System.Threading;
using System.Collections.Immutable;
using BurstAnalyzers.Handlers;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Rules;

/// <summary>BURST001: Thread.Sleep inside a request handler (its lambdas and local functions included).</summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class ThreadSleepAnalyzer : DiagnosticAnalyzer
{
    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } =
        ImmutableArray.Create(RuleDescriptors.ThreadSleep);

    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationStartAction(OnCompilationStart);
    }

    private static void OnCompilationStart(CompilationStartAnalysisContext context)
    {
        if (RequestHandlerModel.For(context.Compilation) is not { } handlers
            || context.Compilation.GetTypeByMetadataName("System.Threading.Thread") is not { } thread)
        {
            return;
        }

        context.RegisterOperationAction(c => AnalyzeInvocation(c, thread, handlers), OperationKind.Invocation);
    }

    private static void AnalyzeInvocation(OperationAnalysisContext context, INamedTypeSymbol thread, RequestHandlerModel handlers)
    {
        var target = ((IInvocationOperation)context.Operation).TargetMethod;
        if (target.Name != nameof(Thread.Sleep) || !SymbolEqualityComparer.Default.Equals(target.ContainingType, thread))
        {
            return;
        }

        if (handlers.FindHandler(context.ContainingSymbol) is not { } handler)
        {
            return;
        }

        context.ReportDiagnostic(Diagnostic.Create(
            RuleDescriptors.ThreadSleep,
            context.Operation.Syntax.GetLocation(),
            "Thread.Sleep",
            handler.ContainingType.Name + "." + handler.Name));
    }
}
