using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>Attribute look-ups that compare symbols, never names, so they cost no string work on hot paths.</summary>
internal static class SymbolAttributes
{
    public static bool Has(this ISymbol symbol, INamedTypeSymbol? attribute)
    {
        if (attribute is null)
        {
            return false;
        }

        foreach (var data in symbol.GetAttributes())
        {
            if (SymbolEqualityComparer.Default.Equals(data.AttributeClass, attribute))
            {
                return true;
            }
        }

        return false;
    }

    public static bool HasAny(this ISymbol symbol, INamedTypeSymbol? first, INamedTypeSymbol? second)
        => symbol.Has(first) || symbol.Has(second);

    /// <summary>True when the type or one of its base types carries the attribute (an [AttributeUsage(Inherited = true)] match).</summary>
    public static bool HasInherited(this INamedTypeSymbol type, INamedTypeSymbol? attribute)
    {
        if (attribute is null)
        {
            return false;
        }

        for (var current = type; current is not null; current = current.BaseType)
        {
            if (current.Has(attribute))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>True when the method or a method it overrides carries the attribute.</summary>
    public static bool HasInherited(this IMethodSymbol method, INamedTypeSymbol? attribute)
    {
        if (attribute is null)
        {
            return false;
        }

        for (var current = method; current is not null; current = current.OverriddenMethod)
        {
            if (current.Has(attribute))
            {
                return true;
            }
        }

        return false;
    }
}
