using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// MVC model binding and formatting, which run on the request thread of every action that binds or returns a value:
/// the implementation of IModelBinder.BindModelAsync; overrides of ReadRequestBodyAsync declared on InputFormatter or
/// TextInputFormatter; overrides of WriteResponseBodyAsync declared on OutputFormatter or TextOutputFormatter.
/// </summary>
internal sealed class MvcModelBinding
{
    private readonly HandlerFrameworkSymbols _symbols;

    public MvcModelBinding(HandlerFrameworkSymbols symbols) => _symbols = symbols;

    public bool IsHandler(IMethodSymbol method) => method.Name switch
    {
        "ReadRequestBodyAsync" => FrameworkMethods.Overrides(method, _symbols.InputFormatter) || FrameworkMethods.Overrides(method, _symbols.TextInputFormatter),
        "WriteResponseBodyAsync" => FrameworkMethods.Overrides(method, _symbols.OutputFormatter) || FrameworkMethods.Overrides(method, _symbols.TextOutputFormatter),
        _ => FrameworkMethods.Implements(method, _symbols.ModelBinder),
    };
}
