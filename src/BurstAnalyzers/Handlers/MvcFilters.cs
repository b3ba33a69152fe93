using System;
using System.Collections.Generic;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// MVC and Razor Pages filters, which run on the request thread of every action or page they apply to: the methods
/// that implement a filter interface's members (IActionFilter.OnActionExecuting, IAsyncResourceFilter.
/// OnResourceExecutionAsync, IPageFilter.OnPageHandlerExecuting...), implicitly or explicitly, or override a base
/// class's implementation of one — ActionFilterAttribute, ResultFilterAttribute and ExceptionFilterAttribute, and
/// Controller and PageModel, which are filters of their own actions and handlers. Other methods of a filter class (its
/// constructor, helpers, IFilterFactory.CreateInstance) are not.
/// </summary>
internal sealed class MvcFilters : IHandlerFramework
{
    private readonly HandlerFrameworkSymbols _symbols;

    // The filter interfaces' member names: nearly every method is ruled out by one look-up.
    private readonly HashSet<string> _memberNames = new(StringComparer.Ordinal);

    public MvcFilters(HandlerFrameworkSymbols symbols)
    {
        _symbols = symbols;
        foreach (var filter in symbols.MvcFilterInterfaces)
        {
            foreach (var member in filter.GetMembers())
            {
                if (member is IMethodSymbol)
                {
                    _memberNames.Add(member.Name);
                }
            }
        }
    }

    public bool IsPresent => _memberNames.Count != 0;

    public string? DisplayName(IMethodSymbol method) => null;

    public string? RequestTokenOf(INamedTypeSymbol type) => null;

    public ISymbol? OffloadSite(IMethodSymbol method) => null;

    public bool IsHandler(IMethodSymbol method)
    {
        if (_memberNames.Count == 0
            || method.IsStatic
            || method.MethodKind is not (MethodKind.Ordinary or MethodKind.ExplicitInterfaceImplementation)
            || !_memberNames.Contains(method.MemberName()))
        {
            return false;
        }

        foreach (var filter in _symbols.MvcFilterInterfaces)
        {
            if (FrameworkMethods.Implements(method, filter))
            {
                return true;
            }
        }

        return false;
    }
}
