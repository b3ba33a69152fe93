using BurstAnalyzers.Baseline;
using BurstAnalyzers.Blocking;
using BurstAnalyzers.Handlers;
using BurstAnalyzers.Internals;
using BurstAnalyzers.Options;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Rules;

/// <summary>
/// The per-compilation work of <see cref="BlockingCallAnalyzer"/>. For each call: the handler check first (remembered
/// per method), then inside handlers the <see cref="BlockingVerdict"/>. For a property reference the verdict comes
/// first: the catalogue lists two property names.
/// </summary>
internal sealed class BlockingCallAnalysis
{
    private readonly RequestHandlerModel _handlers;
    private readonly BlockingVerdict _verdict;
    private readonly SdkReportedCalls? _sdkReports;
    private readonly ResponseValues _responses;

    public BlockingCallAnalysis(RequestHandlerModel handlers, BlockingVerdict verdict, SdkReportedCalls? sdkReports, ResponseValues responses)
    {
        _handlers = handlers;
        _verdict = verdict;
        _sdkReports = sdkReports;
        _responses = responses;
    }

    public void AnalyzeInvocation(OperationAnalysisContext context)
    {
        var invocation = (IInvocationOperation)context.Operation;

        // Most calls are outside request handlers: that answer is remembered per method, so it comes first.
        var configuration = ConfigurationOf(context, invocation.Syntax.SyntaxTree);
        if (_handlers.FindHandler(invocation, context.ContainingSymbol, configuration, context.IsGeneratedCode) is { } handler
            && _verdict.InHandler(invocation, configuration) is { } call
            && _sdkReports?.Reports(call) != true)
        {
            Report(context, call, handler);
        }
    }

    public void AnalyzePropertyReference(OperationAnalysisContext context)
    {
        // Only a handful of properties block: their names rule out nearly every reference before the handler check.
        var configuration = ConfigurationOf(context, context.Operation.Syntax.SyntaxTree);
        if (_verdict.InHandler(context.Operation, configuration) is { } call
            && _handlers.FindHandler(context.Operation, context.ContainingSymbol, configuration, context.IsGeneratedCode) is { } handler)
        {
            Report(context, call, handler);
        }
    }

    /// <summary>
    /// BURST002 at a task a handler hands to the response's serializer (<see cref="ResponseValues.SerializedTaskBy"/>):
    /// the serializer reads its Result after the handler returns, waiting on the request thread. No fix.
    /// </summary>
    public void AnalyzeSerializedTask(OperationAnalysisContext context)
    {
        var operation = context.Operation;
        if (_responses.SerializedTaskBy(operation, context.ContainingSymbol) is not { } task)
        {
            return;
        }

        // A task known to be complete (Task.FromResult, one awaited before) waits for nothing; a task that is itself a
        // blocking wait's result (outer.Result) is that wait's report.
        var configuration = ConfigurationOf(context, operation.Syntax.SyntaxTree);
        var value = task.Unwrap() ?? task;
        if (CompletedTasks.IsKnownComplete(value, operation, _verdict.Catalog.Types)
            || _handlers.FindHandler(operation, context.ContainingSymbol, configuration, context.IsGeneratedCode) is not { IsServiceFactory: false } handler
            || _verdict.InHandler(value, configuration) is not null)
        {
            return;
        }

        var location = value.Syntax.GetLocation();
        var properties = FindingIdentity.Properties(location, System.Collections.Immutable.ImmutableDictionary<string, string?>.Empty.Add(ResponseValues.SerializedProperty, ""));
        context.ReportDiagnostic(Diagnostic.Create(RuleDescriptors.TaskWait, location, properties, SerializedTaskCall, handler.DisplayName, SerializedTaskInstead));
    }

    // How BURST002 names a task the response serializes, and what to do instead.
    private const string SerializedTaskCall = "Task.Result, read by the response's serializer,";
    private const string SerializedTaskInstead = "await the task and hand its result to the response";

    private static void Report(OperationAnalysisContext context, BlockingCall call, RequestHandler handler)
    {
        var location = call.Operation.Syntax.GetLocation();
        context.ReportDiagnostic(handler.IsServiceFactory
            ? Diagnostic.Create(RuleDescriptors.ServiceFactory, location, FindingIdentity.Properties(location), call.Call, handler.DisplayName, ServiceFactoryRemedy)
            : Diagnostic.Create(call.Rule, location, FindingIdentity.Properties(location), call.Call, handler.DisplayName, call.Instead));
    }

    /// <summary>BURST007's remedy, the same for every blocking call: the factory itself cannot become async.</summary>
    internal const string ServiceFactoryRemedy = "create the value at startup, or give the service an async method that a handler awaits";

    private BurstConfiguration ConfigurationOf(OperationAnalysisContext context, SyntaxTree tree)
        => _handlers.Configuration.For(context.Options.AnalyzerConfigOptionsProvider, tree);
}
