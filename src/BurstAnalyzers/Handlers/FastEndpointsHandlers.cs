using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// FastEndpoints endpoints: overrides of HandleAsync or ExecuteAsync declared on FastEndpoints' endpoint base classes
/// (Endpoint&lt;TRequest, TResponse&gt;, EndpointWithoutRequest, Ep.Req&lt;…&gt;.Res&lt;…&gt;..., all deriving from
/// BaseEndpoint). Configure runs once at start-up and is not a handler.
/// </summary>
internal sealed class FastEndpointsHandlers : IHandlerFramework
{
    private readonly HandlerFrameworkSymbols _symbols;

    public FastEndpointsHandlers(HandlerFrameworkSymbols symbols) => _symbols = symbols;

    public bool IsPresent => _symbols.FastEndpointsBaseEndpoint is not null;

    public string? DisplayName(IMethodSymbol method) => null;

    public string? RequestTokenOf(INamedTypeSymbol type) => null;

    public ISymbol? OffloadSite(IMethodSymbol method) => null;

    public bool IsHandler(IMethodSymbol method)
        => _symbols.FastEndpointsBaseEndpoint is not null
            && method.Name is "HandleAsync" or "ExecuteAsync"
            && method.IsOverride
            && !method.IsStatic
            && method.RootDefinition().ContainingType.IsOrDerivesFrom(_symbols.FastEndpointsBaseEndpoint);
}
