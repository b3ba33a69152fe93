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
    /// <summary>
    /// BURST005's default depth: a layered service reaches its I/O in about four to six calls (controller, service,
    /// decorator or cache, repository, client wrapper, helper); eight leaves room for a couple of private helpers on
    /// the way. See docs/rules/BURST005.md.
    /// </summary>
    public const int DefaultMaxCallDepth = 8;

    public static readonly BurstConfiguration Empty = new(
        ImmutableHashSet<INamedTypeSymbol>.Empty,
        ImmutableHashSet<INamedTypeSymbol>.Empty,
        ImmutableHashSet<ISymbol>.Empty,
        ImmutableHashSet<ISymbol>.Empty,
        DefaultMaxCallDepth);

    public BurstConfiguration(
        ImmutableHashSet<INamedTypeSymbol> handlerAttributes,
        ImmutableHashSet<INamedTypeSymbol> handlerBaseTypes,
        ImmutableHashSet<ISymbol> additionalBlockingApis,
        ImmutableHashSet<ISymbol> excludedApis,
        int maxCallDepth)
    {
        HandlerAttributes = handlerAttributes;
        HandlerBaseTypes = handlerBaseTypes;
        AdditionalBlockingApis = additionalBlockingApis;
        ExcludedApis = excludedApis;
        MaxCallDepth = maxCallDepth;
    }

    public ImmutableHashSet<INamedTypeSymbol> HandlerAttributes { get; }

    public ImmutableHashSet<INamedTypeSymbol> HandlerBaseTypes { get; }

    /// <summary>Original definitions of the methods (and property getters) listed as blocking.</summary>
    public ImmutableHashSet<ISymbol> AdditionalBlockingApis { get; }

    /// <summary>Original definitions of the methods (and property getters) never to report.</summary>
    public ImmutableHashSet<ISymbol> ExcludedApis { get; }

    /// <summary>BURST005: the most methods a reported chain may pass through between the handler and the blocking call.</summary>
    public int MaxCallDepth { get; }

    public bool DeclaresHandlers => !HandlerAttributes.IsEmpty || !HandlerBaseTypes.IsEmpty;
}
