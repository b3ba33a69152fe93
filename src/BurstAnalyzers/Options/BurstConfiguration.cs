using System.Collections.Immutable;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Options;

/// <summary>
/// The options in force for one syntax tree, with names resolved to symbols of the compilation. Entries that do not
/// parse are left out (and reported as BURST900); well-formed names this compilation does not know are ignored, so one
/// .editorconfig can serve projects with different references.
/// </summary>
internal sealed class BurstConfiguration
{
    public static readonly BurstConfiguration Empty = new(
        ImmutableHashSet<INamedTypeSymbol>.Empty,
        ImmutableHashSet<INamedTypeSymbol>.Empty,
        ImmutableHashSet<ISymbol>.Empty,
        ImmutableHashSet<ISymbol>.Empty);

    public BurstConfiguration(
        ImmutableHashSet<INamedTypeSymbol> handlerAttributes,
        ImmutableHashSet<INamedTypeSymbol> handlerBaseTypes,
        ImmutableHashSet<ISymbol> additionalBlockingApis,
        ImmutableHashSet<ISymbol> excludedApis)
    {
        HandlerAttributes = handlerAttributes;
        HandlerBaseTypes = handlerBaseTypes;
        AdditionalBlockingApis = additionalBlockingApis;
        ExcludedApis = excludedApis;
    }

    public ImmutableHashSet<INamedTypeSymbol> HandlerAttributes { get; }

    public ImmutableHashSet<INamedTypeSymbol> HandlerBaseTypes { get; }

    /// <summary>Original definitions of the methods (and property getters) listed as blocking.</summary>
    public ImmutableHashSet<ISymbol> AdditionalBlockingApis { get; }

    /// <summary>Original definitions of the methods (and property getters) never to report.</summary>
    public ImmutableHashSet<ISymbol> ExcludedApis { get; }

    public bool DeclaresHandlers => !HandlerAttributes.IsEmpty || !HandlerBaseTypes.IsEmpty;
}
