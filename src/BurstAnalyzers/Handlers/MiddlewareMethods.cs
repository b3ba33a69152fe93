using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// ASP.NET Core middleware that runs on every request: IMiddleware.InvokeAsync implementations, and convention-based
/// middleware — a class whose public constructor takes a RequestDelegate, with a public Invoke/InvokeAsync method whose
/// first parameter is HttpContext.
/// </summary>
internal sealed class MiddlewareMethods : IHandlerFramework
{
    private readonly HandlerFrameworkSymbols _symbols;

    public MiddlewareMethods(HandlerFrameworkSymbols symbols) => _symbols = symbols;

    public bool IsPresent => _symbols.HttpContext is not null;

    public string? DisplayName(IMethodSymbol method) => null;

    public string? RequestTokenOf(INamedTypeSymbol type) => null;

    public ISymbol? OffloadSite(IMethodSymbol method) => null;

    public bool IsHandler(IMethodSymbol method)
    {
        if (_symbols.HttpContext is null
            || method.IsStatic
            || method.MemberName() is not ("Invoke" or "InvokeAsync")
            || method.Parameters.IsEmpty
            || !SymbolEqualityComparer.Default.Equals(method.Parameters[0].Type, _symbols.HttpContext))
        {
            return false;
        }

        var type = method.ContainingType;
        if (type.IsOrDerivesFrom(_symbols.Middleware) && method.MethodKind is MethodKind.Ordinary or MethodKind.ExplicitInterfaceImplementation)
        {
            return true;
        }

        return method.IsPublicInstanceMethod() && HasRequestDelegateConstructor(type);
    }

    private bool HasRequestDelegateConstructor(INamedTypeSymbol type)
    {
        foreach (var constructor in type.InstanceConstructors)
        {
            if (constructor.DeclaredAccessibility != Accessibility.Public)
            {
                continue;
            }

            foreach (var parameter in constructor.Parameters)
            {
                if (SymbolEqualityComparer.Default.Equals(parameter.Type, _symbols.RequestDelegate))
                {
                    return true;
                }
            }
        }

        return false;
    }
}
