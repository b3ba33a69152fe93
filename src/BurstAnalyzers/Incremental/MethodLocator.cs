using System;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Incremental;

/// <summary>
/// Where a source method is found again in a later compilation that declares the same: its type's metadata name, its
/// name, and its place among the type's members of that name. With the same declarations in the same trees, a type's
/// members come in the same order, so the place is enough; a documentation id would have the parameter types of every
/// overload bound to tell them apart, which cost more than the rest of a kept callee's reuse.
/// </summary>
internal sealed class MethodLocator : IEquatable<MethodLocator>
{
    private MethodLocator(string typeMetadataName, string name, int ordinal)
    {
        TypeMetadataName = typeMetadataName;
        Name = name;
        Ordinal = ordinal;
    }

    /// <summary>"A.B.Outer+Inner`1".</summary>
    public string TypeMetadataName { get; }

    public string Name { get; }

    public int Ordinal { get; }

    /// <summary>The locator of a method declared in a named type, or null (a method of an error type).</summary>
    public static MethodLocator? For(IMethodSymbol method)
    {
        if (method.ContainingType is not { TypeKind: not TypeKind.Error } type)
        {
            return null;
        }

        var members = type.GetMembers(method.Name);
        for (var ordinal = 0; ordinal < members.Length; ordinal++)
        {
            if (SymbolEqualityComparer.Default.Equals(members[ordinal], method))
            {
                return new MethodLocator(MetadataNameOf(type), method.Name, ordinal);
            }
        }

        return null;
    }

    /// <summary>The method this locates among <paramref name="source"/>'s types, or null.</summary>
    public IMethodSymbol? Find(IAssemblySymbol source)
    {
        if (source.GetTypeByMetadataName(TypeMetadataName) is not { } type)
        {
            return null;
        }

        var members = type.GetMembers(Name);
        return Ordinal < members.Length ? members[Ordinal] as IMethodSymbol : null;
    }

    public bool Equals(MethodLocator? other)
        => other is not null
            && Ordinal == other.Ordinal
            && string.Equals(Name, other.Name, StringComparison.Ordinal)
            && string.Equals(TypeMetadataName, other.TypeMetadataName, StringComparison.Ordinal);

    public override bool Equals(object? obj) => Equals(obj as MethodLocator);

    /// <summary>"A.B.Outer+Inner`1|Get|0": the locator as a key.</summary>
    public override string ToString() => TypeMetadataName + "|" + Name + "|" + Ordinal.ToString(System.Globalization.CultureInfo.InvariantCulture);

    public override int GetHashCode()
        => unchecked((StringComparer.Ordinal.GetHashCode(TypeMetadataName) * 31) + StringComparer.Ordinal.GetHashCode(Name) + Ordinal);

    private static string MetadataNameOf(INamedTypeSymbol type)
    {
        var name = type.MetadataName;
        var outermost = type;
        for (var outer = type.ContainingType; outer is not null; outer = outer.ContainingType)
        {
            name = outer.MetadataName + "+" + name;
            outermost = outer;
        }

        for (var ns = outermost.ContainingNamespace; ns is { IsGlobalNamespace: false }; ns = ns.ContainingNamespace)
        {
            name = ns.MetadataName + "." + name;
        }

        return name;
    }
}
