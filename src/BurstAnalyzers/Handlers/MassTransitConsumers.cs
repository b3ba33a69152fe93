using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// MassTransit consumers: the implementation of <c>IConsumer&lt;TMessage&gt;.Consume(ConsumeContext&lt;TMessage&gt;)</c>
/// (a saga's <c>InitiatedBy&lt;T&gt;</c>, <c>Orchestrates&lt;T&gt;</c> and <c>Observes&lt;T, TSaga&gt;</c> extend it; a
/// batch consumer is an <c>IConsumer&lt;Batch&lt;T&gt;&gt;</c>) and of <c>IJobConsumer&lt;TJob&gt;.Run(JobContext&lt;TJob&gt;)</c>,
/// whatever the transport. The bus runs them on pool threads (a job's Run after the job service's first await): a
/// blocked consumer starves the host's pool for every message, and every request, alike. The framework's own example of
/// the checklist's "one file": its types are looked up here, by metadata name, and nothing else in the analyzer names them.
/// </summary>
internal sealed class MassTransitConsumers : IHandlerFramework
{
    private readonly INamedTypeSymbol? _consumer;
    private readonly INamedTypeSymbol? _jobConsumer;

    public MassTransitConsumers(Compilation compilation)
    {
        var types = WellKnownTypes.For(compilation);
        _consumer = types.Get("MassTransit.IConsumer`1");
        _jobConsumer = types.Get("MassTransit.IJobConsumer`1");
    }

    public bool IsPresent => _consumer is not null || _jobConsumer is not null;

    public string? DisplayName(IMethodSymbol method) => null;

    // The consumer's token is ConsumeContext.CancellationToken, a parameter's, not the class's.
    public string? RequestTokenOf(INamedTypeSymbol type) => null;

    public ISymbol? OffloadSite(IMethodSymbol method) => null;

    public bool IsHandler(IMethodSymbol method)
    {
        var name = method.MemberName();
        var contract = name switch
        {
            "Consume" => _consumer,
            "Run" => _jobConsumer,
            _ => null,
        };

        return contract is not null
            && !method.IsStatic
            && method.MethodKind is MethodKind.Ordinary or MethodKind.ExplicitInterfaceImplementation
            && method.Parameters.Length == 1
            && FrameworkMethods.Implements(method, contract);
    }
}
