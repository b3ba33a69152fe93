using System;
using System.Collections.Concurrent;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// Recognises ASP.NET Core MVC / Web API actions with the framework's own discovery rules: public instance methods of a
/// controller (a public top-level class inheriting [Controller], e.g. from ControllerBase, or named "*Controller"),
/// minus [NonAction], [NonController] types, accessors, generic methods, Object overrides and IDisposable.Dispose.
/// Abstract base controllers count too: their public methods become actions of every derived controller.
/// </summary>
internal sealed class ControllerActions : IHandlerFramework
{
    private const string ControllerSuffix = "Controller";

    private readonly HandlerFrameworkSymbols _symbols;
    private readonly ConcurrentDictionary<INamedTypeSymbol, bool> _isControllerType = new(SymbolEqualityComparer.Default);
    private readonly Func<INamedTypeSymbol, bool> _computeIsControllerType;

    public ControllerActions(HandlerFrameworkSymbols symbols)
    {
        _symbols = symbols;
        _computeIsControllerType = ComputeIsControllerType;
    }

    public bool IsPresent => _symbols.HasAspNetCoreMvc;

    public string? DisplayName(IMethodSymbol method) => null;

    public string? RequestTokenOf(INamedTypeSymbol type) => type.IsOrDerivesFrom(_symbols.MvcControllerBase) ? "HttpContext.RequestAborted" : null;

    public ISymbol? OffloadSite(IMethodSymbol method) => IsHandler(method) ? method : null;

    public bool IsHandler(IMethodSymbol method)
    {
        if (!_symbols.HasAspNetCoreMvc
            || method.MethodKind != MethodKind.Ordinary
            || method.IsStatic
            || method.IsAbstract
            || method.IsGenericMethod
            || method.DeclaredAccessibility != Accessibility.Public
            || method.ContainingType is not { } type
            || !_isControllerType.GetOrAdd(type, _computeIsControllerType))
        {
            return false;
        }

        return !method.HasInherited(_symbols.MvcNonAction)
            && !OverridesObjectMember(method)
            && !IsDisposeImplementation(method, type);
    }

    private bool ComputeIsControllerType(INamedTypeSymbol type)
    {
        if (type.TypeKind != TypeKind.Class || type.IsStatic || type.DeclaredAccessibility != Accessibility.Public)
        {
            return false;
        }

        if (type.HasInherited(_symbols.MvcNonController))
        {
            return false;
        }

        var named = type.HasInherited(_symbols.MvcController)
            || type.Name.EndsWith(ControllerSuffix, StringComparison.OrdinalIgnoreCase);
        if (!named)
        {
            return false;
        }

        // An abstract or generic base controller is never discovered itself, but its public methods are actions of the
        // concrete controllers deriving from it (CustomersController : CrudController<Customer>). A concrete
        // controller must be a top-level, non-generic type; a top-level generic one is such a base.
        return type.IsAbstract || type.ContainingType is null;
    }

    private static bool OverridesObjectMember(IMethodSymbol method)
        => method.RootDefinition().ContainingType.SpecialType == SpecialType.System_Object;

    private bool IsDisposeImplementation(IMethodSymbol method, INamedTypeSymbol type)
        => method.Name == nameof(IDisposable.Dispose) && method.Parameters.IsEmpty && type.IsOrDerivesFrom(_symbols.Disposable);
}
