using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// Razor views and pages (.cshtml). The Razor compiler turns each into a class deriving from <c>RazorPageBase</c>
/// (<c>RazorPage&lt;TModel&gt;</c> for an MVC view, <c>Page</c> for a Razor page) whose <c>ExecuteAsync</c> override
/// renders it, on the request thread of the action or page that returned it. A blocking call written in the view, or
/// reached from it, blocks that request like the action's own code. The class is generated code, but its lines map to
/// the .cshtml (<c>#line</c>), where a diagnostic points and where the user fixes it; it is the one kind of generated
/// code whose handlers are reported (<see cref="RequestHandlerModel.FindHandler"/>), with a page's own handler methods
/// (<see cref="RazorPageHandlers"/>).
/// </summary>
internal sealed class RazorViews : IHandlerFramework
{
    private readonly HandlerFrameworkSymbols _symbols;

    public RazorViews(HandlerFrameworkSymbols symbols) => _symbols = symbols;

    public bool IsPresent => _symbols.RazorPageBase is not null;

    public bool IsHandler(IMethodSymbol method) => IsRendering(method);

    /// <summary>Any handler written in a view or page is named by the view: the rendering by its path
    /// ("Views/Home/Index.cshtml"), a handler method of a page's <c>@functions</c> by both ("Pages/Inline.cshtml OnGet").</summary>
    public string? DisplayName(IMethodSymbol method)
        => !IsViewClass(method.ContainingType) ? null
            : IsRendering(method) ? Describe(method.ContainingType)
            : Describe(method.ContainingType) + " " + method.Name;

    public string? RequestTokenOf(INamedTypeSymbol type) => null;

    public ISymbol? OffloadSite(IMethodSymbol method) => null;

    /// <summary>Whether <paramref name="method"/> renders a view: <c>ExecuteAsync()</c> overriding RazorPageBase's.</summary>
    public bool IsRendering(IMethodSymbol method)
        => _symbols.RazorPageBase is not null
            && method is { Name: "ExecuteAsync", IsOverride: true, IsStatic: false, Parameters.Length: 0 }
            && IsViewClass(method.ContainingType);

    /// <summary>Whether <paramref name="type"/> is a Razor view's or page's class: all of its code (the rendering, a
    /// page's <c>@functions</c> handlers) is written in the .cshtml.</summary>
    public bool IsViewClass(INamedTypeSymbol? type)
        => _symbols.RazorPageBase is not null && type is not null && type.IsOrDerivesFrom(_symbols.RazorPageBase);

    /// <summary>How messages name the view: the project-relative path the Razor compiler records for it
    /// ("Views/Home/Index.cshtml"), else the generated class's name.</summary>
    public string Describe(INamedTypeSymbol view)
    {
        foreach (var attribute in view.GetAttributes())
        {
            if (SymbolEqualityComparer.Default.Equals(attribute.AttributeClass, _symbols.RazorCompiledItemMetadata)
                && attribute.ConstructorArguments is { Length: 2 } arguments
                && arguments[0].Value is "Identifier"
                && arguments[1].Value is string path
                && path.Length > 0)
            {
                return path.TrimStart('/');
            }
        }

        return view.Name;
    }
}
