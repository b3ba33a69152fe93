using System;
using System.Collections.Concurrent;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// View components, which run on the request thread of the view that invokes them, with MVC's own discovery rules: a
/// public, non-static class that derives from ViewComponent or carries [ViewComponent] (directly or through a base
/// class), or whose name ends in "ViewComponent", and is not marked [NonViewComponent]; its public, non-static,
/// non-generic Invoke or InvokeAsync method is the handler. An abstract base component counts, as an abstract base
/// controller does: its method runs as every derived component's.
/// </summary>
internal sealed class ViewComponents : IHandlerFramework
{
    private const string ViewComponentSuffix = "ViewComponent";

    private readonly HandlerFrameworkSymbols _symbols;
    private readonly ConcurrentDictionary<INamedTypeSymbol, bool> _isComponent = new(SymbolEqualityComparer.Default);
    private readonly Func<INamedTypeSymbol, bool> _computeIsComponent;

    public ViewComponents(HandlerFrameworkSymbols symbols)
    {
        _symbols = symbols;
        _computeIsComponent = ComputeIsComponent;
    }

    public bool IsPresent => _symbols.ViewComponentAttribute is not null;

    public string? DisplayName(IMethodSymbol method) => null;

    public string? RequestTokenOf(INamedTypeSymbol type) => type.IsOrDerivesFrom(_symbols.ViewComponent) ? "HttpContext.RequestAborted" : null;

    public ISymbol? OffloadSite(IMethodSymbol method) => null;

    public bool IsHandler(IMethodSymbol method)
        => _symbols.ViewComponentAttribute is not null
            && method.Name is "Invoke" or "InvokeAsync"
            && method.IsPublicInstanceMethod()
            && !method.IsGenericMethod
            && method.ContainingType is { } type
            && _isComponent.GetOrAdd(type, _computeIsComponent);

    /// <summary>A synchronous view component method (Invoke): MVC rejects an Invoke that returns a Task.</summary>
    public bool IsSynchronousInvoke(IMethodSymbol method) => method.Name == "Invoke" && IsHandler(method);

    private bool ComputeIsComponent(INamedTypeSymbol type)
    {
        if (type.TypeKind != TypeKind.Class || type.IsStatic || type.DeclaredAccessibility != Accessibility.Public
            || type.HasInherited(_symbols.NonViewComponentAttribute))
        {
            return false;
        }

        var named = type.HasInherited(_symbols.ViewComponentAttribute)
            || type.Name.EndsWith(ViewComponentSuffix, StringComparison.OrdinalIgnoreCase);
        return named && (type.IsAbstract || (type.ContainingType is null && type.TypeParameters.IsEmpty));
    }
}
