using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// Razor Pages handler methods, by the framework's own convention: public instance methods of a PageModel, or of the
/// page itself (a .cshtml's <c>@functions</c>, for a page without a model), named On{Verb}[{Name}][Async] (OnGet,
/// OnPostDelete, OnGetAsync), minus [NonHandler] ones, overrides of PageModel's or Page's own filter methods
/// (OnPageHandlerExecuting...) and generic methods.
/// </summary>
internal sealed class RazorPageHandlers : IHandlerFramework
{
    private readonly HandlerFrameworkSymbols _symbols;

    public RazorPageHandlers(HandlerFrameworkSymbols symbols) => _symbols = symbols;

    public bool IsPresent => _symbols.PageModel is not null;

    public string? DisplayName(IMethodSymbol method) => null;

    public string? RequestTokenOf(INamedTypeSymbol type) => type.IsOrDerivesFrom(_symbols.PageModel) ? "HttpContext.RequestAborted" : null;

    public ISymbol? OffloadSite(IMethodSymbol method) => IsHandler(method) ? method.ContainingType : null;

    public bool IsHandler(IMethodSymbol method)
    {
        if (_symbols.PageModel is null
            || !method.IsPublicInstanceMethod()
            || method.IsGenericMethod
            || !IsHandlerName(method.Name))
        {
            return false;
        }

        var framework = method.ContainingType.IsOrDerivesFrom(_symbols.PageModel) ? _symbols.PageModel
            : _symbols.Page is { } page && method.ContainingType.IsOrDerivesFrom(page) ? page
            : null;

        // Overrides of the framework type's own virtuals (OnPageHandlerExecuting...) are filters, not handlers.
        var root = method.RootDefinition().ContainingType;
        return framework is not null
            && !method.HasInherited(_symbols.PageNonHandler)
            && root.SpecialType != SpecialType.System_Object
            && !framework.IsOrDerivesFrom(root);
    }

    private static bool IsHandlerName(string name)
        => name.Length > 2 && name[0] == 'O' && name[1] == 'n' && char.IsUpper(name[2]);
}
