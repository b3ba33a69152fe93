using System.Threading;
using BurstAnalyzers.Baseline;
using BurstAnalyzers.Blocking;
using BurstAnalyzers.CallGraph;
using BurstAnalyzers.Handlers;
using BurstAnalyzers.Internals;
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
    private readonly MethodGroupHandlers _methodGroups;
    private MethodBodies? _bodies;

    public BlockingCallAnalysis(RequestHandlerModel handlers, BlockingCatalog catalog, CounterpartSearches counterparts)
    {
        _handlers = handlers;
        _catalog = catalog;
        _counterparts = counterparts;
        _methodGroups = new MethodGroupHandlers(handlers);
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

    /// <summary>app.MapGet("/x", Handlers.Get): the target method's body is checked here, once, as a handler's.</summary>
    private void AnalyzeMethodGroupHandler(OperationAnalysisContext context, IInvocationOperation registration)
    {
        if (_methodGroups.Claim(registration, out var method) is not { } handler)
        {
            return;
        }

        // Bodies in other trees than the registration's: bound on their own models, a handful per compilation.
        var compilation = context.Compilation;
        var bodies = LazyInitializer.EnsureInitialized(ref _bodies, () => new MethodBodies(compilation))!;
        foreach (var (body, configuration) in _methodGroups.Bodies(method, bodies, context.Options.AnalyzerConfigOptionsProvider, context.CancellationToken))
        {
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
                && !IsAssigned(reference) && !reference.IsInNameOf() ? call : null,
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

        var location = call.Operation.Syntax.GetLocation();
        context.ReportDiagnostic(handler.IsServiceFactory
            ? Diagnostic.Create(RuleDescriptors.ServiceFactory, location, FindingIdentity.Properties(location), call.Call, handler.DisplayName, ServiceFactoryRemedy)
            : Diagnostic.Create(call.Rule, location, FindingIdentity.Properties(location), call.Call, handler.DisplayName, call.Instead));
    }

    /// <summary>BURST007's remedy, the same for every blocking call: the factory itself cannot become async.</summary>
    internal const string ServiceFactoryRemedy = "create the value at startup, or give the service an async method that a handler awaits";

    private BurstConfiguration ConfigurationOf(OperationAnalysisContext context, SyntaxTree tree)
        => _handlers.Configuration.For(context.Options.AnalyzerConfigOptionsProvider, tree);

    /// <summary>x.Prop = value calls the setter, not the blocking getter.</summary>
    private static bool IsAssigned(IOperation reference)
        => reference.Parent is IAssignmentOperation assignment && assignment.Target == reference && assignment is not ICompoundAssignmentOperation;
}
