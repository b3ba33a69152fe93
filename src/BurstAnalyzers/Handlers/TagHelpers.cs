using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// Tag helpers and tag helper components, which run on the request thread of the view they render in: implementations
/// of ITagHelperComponent.ProcessAsync (which every ITagHelper is, and which TagHelper and TagHelperComponent implement,
/// so their ProcessAsync overrides count), and overrides of Process declared on TagHelper or TagHelperComponent (their
/// ProcessAsync calls it). Init, the constructor and other members are not.
/// </summary>
internal sealed class TagHelpers : IHandlerFramework
{
    private readonly HandlerFrameworkSymbols _symbols;

    public TagHelpers(HandlerFrameworkSymbols symbols) => _symbols = symbols;

    public bool IsPresent => _symbols.TagHelperComponentInterface is not null;

    public string? DisplayName(IMethodSymbol method) => null;

    public string? RequestTokenOf(INamedTypeSymbol type) => null;

    public ISymbol? OffloadSite(IMethodSymbol method) => null;

    public bool IsHandler(IMethodSymbol method)
    {
        if (_symbols.TagHelperComponentInterface is null || method.MethodKind is not (MethodKind.Ordinary or MethodKind.ExplicitInterfaceImplementation))
        {
            return false;
        }

        return method.MemberName() switch
        {
            "ProcessAsync" => FrameworkMethods.Implements(method, _symbols.TagHelperComponentInterface),
            "Process" => FrameworkMethods.Overrides(method, _symbols.TagHelper) || FrameworkMethods.Overrides(method, _symbols.TagHelperComponent),
            _ => false,
        };
    }
}
