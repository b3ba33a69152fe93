using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// Razor Pages handler methods, by the framework's own convention: public instance methods of a PageModel named
/// On{Verb}[{Name}][Async] (OnGet, OnPostDelete, OnGetAsync), minus [NonHandler] ones, overrides of PageModel's own
/// filter methods (OnPageHandlerExecuting...) and generic methods.
/// </summary>
internal sealed class RazorPageHandlers
{
    private readonly HandlerFrameworkSymbols _symbols;

    public RazorPageHandlers(HandlerFrameworkSymbols symbols) => _symbols = symbols;

    public bool IsPageHandler(IMethodSymbol method)
    {
        if (_symbols.PageModel is null
            || !method.IsPublicInstanceMethod()
            || method.IsGenericMethod
            || !IsHandlerName(method.Name)
            || !method.ContainingType.IsOrDerivesFrom(_symbols.PageModel))
        {
            return false;
        }

        // Overrides of PageModel's own virtuals (OnPageHandlerExecuting...) are filters, not handlers.
        var root = method.RootDefinition().ContainingType;
        return !method.HasInherited(_symbols.PageNonHandler)
            && root.SpecialType != SpecialType.System_Object
            && !_symbols.PageModel.IsOrDerivesFrom(root);
    }

    private static bool IsHandlerName(string name)
        => name.Length > 2 && name[0] == 'O' && name[1] == 'n' && char.IsUpper(name[2]);
}
