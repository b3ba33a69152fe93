using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// Health checks, which run on the request thread of every request to a health endpoint (MapHealthChecks): the
/// implementation of IHealthCheck.CheckHealthAsync.
/// </summary>
internal sealed class HealthChecks : IHandlerFramework
{
    private readonly HandlerFrameworkSymbols _symbols;

    public HealthChecks(HandlerFrameworkSymbols symbols) => _symbols = symbols;

    public bool IsPresent => _symbols.HealthCheck is not null;

    public string? DisplayName(IMethodSymbol method) => null;

    public string? RequestTokenOf(INamedTypeSymbol type) => null;

    public ISymbol? OffloadSite(IMethodSymbol method) => null;

    public bool IsHandler(IMethodSymbol method) => FrameworkMethods.Implements(method, _symbols.HealthCheck);
}
