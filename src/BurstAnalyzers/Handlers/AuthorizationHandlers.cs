using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// ASP.NET Core authorization handlers, which run on the request thread of every request a policy guards: the
/// implementation of IAuthorizationHandler.HandleAsync (an override of AuthorizationHandler's included), and overrides
/// of HandleRequirementAsync declared on AuthorizationHandler&lt;TRequirement&gt; or
/// AuthorizationHandler&lt;TRequirement, TResource&gt;.
/// </summary>
internal sealed class AuthorizationHandlers : IHandlerFramework
{
    private readonly HandlerFrameworkSymbols _symbols;

    public AuthorizationHandlers(HandlerFrameworkSymbols symbols) => _symbols = symbols;

    public bool IsPresent => _symbols.AuthorizationHandlerInterface is not null;

    public string? DisplayName(IMethodSymbol method) => null;

    public string? RequestTokenOf(INamedTypeSymbol type) => null;

    public ISymbol? OffloadSite(IMethodSymbol method) => null;

    public bool IsHandler(IMethodSymbol method)
    {
        if (_symbols.AuthorizationHandlerInterface is null)
        {
            return false;
        }

        return method.Name switch
        {
            "HandleRequirementAsync" => FrameworkMethods.Overrides(method, _symbols.AuthorizationHandler1) || FrameworkMethods.Overrides(method, _symbols.AuthorizationHandler2),
            _ => FrameworkMethods.Implements(method, _symbols.AuthorizationHandlerInterface),
        };
    }
}
