using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// MVC model binding and formatting, which run on the request thread of every action that binds or returns a value:
/// the implementation of IModelBinder.BindModelAsync; overrides of ReadRequestBodyAsync declared on InputFormatter or
/// TextInputFormatter; overrides of WriteResponseBodyAsync declared on OutputFormatter or TextOutputFormatter.
/// </summary>
internal sealed class MvcModelBinding : IHandlerFramework
{
    private readonly HandlerFrameworkSymbols _symbols;

    public MvcModelBinding(HandlerFrameworkSymbols symbols) => _symbols = symbols;

    public bool IsPresent => _symbols.ModelBinder is not null
        || _symbols.InputFormatter is not null || _symbols.TextInputFormatter is not null
        || _symbols.OutputFormatter is not null || _symbols.TextOutputFormatter is not null;

    public string? DisplayName(IMethodSymbol method) => null;

    public string? RequestTokenOf(INamedTypeSymbol type) => null;

    public ISymbol? OffloadSite(IMethodSymbol method) => null;

    public bool IsHandler(IMethodSymbol method) => method.Name switch
    {
        "ReadRequestBodyAsync" => FrameworkMethods.Overrides(method, _symbols.InputFormatter) || FrameworkMethods.Overrides(method, _symbols.TextInputFormatter),
        "WriteResponseBodyAsync" => FrameworkMethods.Overrides(method, _symbols.OutputFormatter) || FrameworkMethods.Overrides(method, _symbols.TextOutputFormatter),
        _ => FrameworkMethods.Implements(method, _symbols.ModelBinder),
    };
}
