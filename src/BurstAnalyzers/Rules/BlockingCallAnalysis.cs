using System.Collections.Concurrent;
using BurstAnalyzers.Blocking;
using BurstAnalyzers.CallGraph;
using BurstAnalyzers.Handlers;
using BurstAnalyzers.Options;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Rules;

/// <summary>
/// The per-compilation work of <see cref="BlockingCallAnalyzer"/>. For each call: the handler check first (remembered
/// per method), then inside handlers the catalogue look-up, and only for calls it does not list the search for an async
/// counterpart. For a property reference the catalogue comes first: it lists two property names.
/// </summary>
internal sealed class BlockingCallAnalysis
{
    private readonly RequestHandlerModel _handlers;
    private readonly BlockingCatalog _catalog;
    private readonly CounterpartSearches _counterparts;
    private readonly ConcurrentDictionary<IMethodSymbol, bool> _analyzedMethodGroups = new(SymbolEqualityComparer.Default);

    public BlockingCallAnalysis(RequestHandlerModel handlers, BlockingCatalog catalog, CounterpartSearches counterparts)
    {
        _handlers = handlers;
        _catalog = catalog;
        _counterparts = counterparts;
    }

    public void AnalyzeInvocation(OperationAnalysisContext context)
    {
        var invocation = (IInvocationOperation)context.Operation;
        AnalyzeMethodGroupHandler(context, invocation);

        // Most calls are outside request handlers: that answer is remembered per method, so it comes first.
        var configuration = ConfigurationOf(context, invocation.Syntax.SyntaxTree);
        if (_handlers.FindHandler(invocation, context.ContainingSymbol, configuration) is { } handler
            && (ListedCall(invocation, configuration) ?? (MayBeUnlisted(invocation) ? UnlistedCall(invocation) : null)) is { } call)
        {
            Report(context, call, handler, configuration);
        }
    }

    public void AnalyzePropertyReference(OperationAnalysisContext context)
    {
        // Only a handful of properties block: their names rule out nearly every reference before the handler check.
        var configuration = ConfigurationOf(context, context.Operation.Syntax.SyntaxTree);
        if (ListedCall(context.Operation, configuration) is { } call
            && _handlers.FindHandler(context.Operation, context.ContainingSymbol, configuration) is { } handler)
        {
            Report(context, call, handler, configuration);
        }
    }

    /// <summary>
    /// app.MapGet("/x", Handlers.Get): the target method becomes a handler. Its body is analysed here, once, because
    /// nothing in the method itself says it is one. (Reported while building; an IDE shows these with full solution
    /// analysis, since they belong to another place than the registration.)
    /// </summary>
    private void AnalyzeMethodGroupHandler(OperationAnalysisContext context, IInvocationOperation registration)
    {
        if (_handlers.FindMethodGroupHandler(registration, out var method) is not { } handler
            || method is null
            || !_analyzedMethodGroups.TryAdd(method.OriginalDefinition, true))
        {
            return;
        }

        foreach (var reference in method.DeclaringSyntaxReferences)
        {
            var syntax = reference.GetSyntax(context.CancellationToken);
            var configuration = ConfigurationOf(context, syntax.SyntaxTree);
            if (_handlers.IsRequestHandler(method, configuration))
            {
                continue; // analysed as a handler in its own right
            }

#pragma warning disable RS1030 // Only for methods registered as minimal API handlers by method group: a handful per compilation.
            var model = context.Compilation.GetSemanticModel(syntax.SyntaxTree);
#pragma warning restore RS1030
            if (model.GetOperation(syntax, context.CancellationToken) is not { } body)
            {
                continue;
            }

            foreach (var operation in body.Descendants())
            {
                var call = ListedCall(operation, configuration) ?? (MayBeUnlisted(operation) ? UnlistedCall(operation) : null);
                if (call is not null)
                {
                    Report(context, call, handler, configuration);
                }
            }
        }
    }

    private BlockingCall? ListedCall(IOperation operation, BurstConfiguration configuration) => operation switch
    {
        IInvocationOperation invocation => _catalog.MatchListed(invocation) ?? KnownBlockingApis.MatchConfigured(invocation, configuration),
        IPropertyReferenceOperation reference
            => (_catalog.MatchListed(reference) ?? KnownBlockingApis.MatchConfigured(reference, configuration)) is { } call
                && !IsAssigned(reference) && !IsInNameOf(reference) ? call : null,
        _ => null,
    };

    private bool MayBeUnlisted(IOperation operation)
        => operation is IInvocationOperation invocation && _catalog.SyncIo.MayHaveCounterpart(invocation);

    private BlockingCall? UnlistedCall(IOperation operation)
        => operation is IInvocationOperation invocation ? _counterparts.Match(invocation) : null;

    private static void Report(OperationAnalysisContext context, BlockingCall call, RequestHandler handler, BurstConfiguration configuration)
    {
        if (call.Api is { } api && configuration.ExcludedApis.Contains(api))
        {
            return;
        }

        context.ReportDiagnostic(handler.IsServiceFactory
            ? Diagnostic.Create(RuleDescriptors.ServiceFactory, call.Operation.Syntax.GetLocation(), call.Call, handler.DisplayName, ServiceFactoryRemedy)
            : Diagnostic.Create(call.Rule, call.Operation.Syntax.GetLocation(), call.Call, handler.DisplayName, call.Instead));
    }

    /// <summary>BURST007's remedy, the same for every blocking call: the factory itself cannot become async.</summary>
    internal const string ServiceFactoryRemedy = "create the value at startup, or give the service an async method that a handler awaits";

    private BurstConfiguration ConfigurationOf(OperationAnalysisContext context, SyntaxTree tree)
        => _handlers.Configuration.For(context.Options.AnalyzerConfigOptionsProvider, tree);

    /// <summary>x.Prop = value calls the setter, not the blocking getter.</summary>
    private static bool IsAssigned(IOperation reference)
        => reference.Parent is IAssignmentOperation assignment && assignment.Target == reference && assignment is not ICompoundAssignmentOperation;

    private static bool IsInNameOf(IOperation operation)
    {
        for (var current = operation.Parent; current is not null; current = current.Parent)
        {
            if (current is INameOfOperation)
            {
                return true;
            }
        }

        return false;
    }
}
