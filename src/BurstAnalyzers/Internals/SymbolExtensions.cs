using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Internals;

/// <summary>
/// Symbol look-ups shared by the analyzers and the fixes: attributes, inheritance and members, compared by symbol,
/// never by name, so they cost no string work.
/// </summary>
internal static class SymbolExtensions
{
    public static bool Has(this ISymbol symbol, INamedTypeSymbol? attribute)
    {
        if (attribute is null)
        {
            return false;
        }

        foreach (var data in symbol.GetAttributes())
        {
            if (data.AttributeClass is { } attributeClass && SymbolEqualityComparer.Default.Equals(attributeClass.OriginalDefinition, attribute))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>The value of the assembly's <c>[assembly: AssemblyMetadata(key, value)]</c> for <paramref name="key"/>
    /// (what the package's generator writes into a project built with it); null when it has none.</summary>
    public static string? AssemblyMetadataOf(this IAssemblySymbol assembly, string key)
    {
        foreach (var attribute in assembly.GetAttributes())
        {
            if (attribute.AttributeClass is { Name: "AssemblyMetadataAttribute" } type
                && type.ContainingNamespace?.ToDisplayString() == "System.Reflection"
                && attribute.ConstructorArguments.Length == 2
                && attribute.ConstructorArguments[0].Value is string name
                && string.Equals(name, key, System.StringComparison.Ordinal))
            {
                return attribute.ConstructorArguments[1].Value as string ?? "";
            }
        }

        return null;
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

    /// <summary>True when <paramref name="type"/> is <paramref name="baseType"/> or derives from it (classes), or
    /// implements it (interfaces). Generic base types match by their original definition.</summary>
    public static bool IsOrDerivesFrom(this ITypeSymbol? type, INamedTypeSymbol? baseType)
    {
        if (type is null || baseType is null)
        {
            return false;
        }

        if (baseType.TypeKind == TypeKind.Interface)
        {
            if (SymbolEqualityComparer.Default.Equals(type.OriginalDefinition, baseType))
            {
                return true;
            }

            foreach (var implemented in type.AllInterfaces)
            {
                if (SymbolEqualityComparer.Default.Equals(implemented.OriginalDefinition, baseType))
                {
                    return true;
                }
            }

            return false;
        }

        for (var current = type; current is not null; current = current.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(current.OriginalDefinition, baseType))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>A member named <paramref name="name"/> (other than <paramref name="except"/>) in the type or its base types.</summary>
    public static bool HasMemberNamed(this ITypeSymbol? type, string name, ISymbol? except = null)
    {
        for (var current = type; current is not null; current = current.BaseType)
        {
            if (HasOwnMemberNamed(current, name, except))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>A member named <paramref name="name"/> in the type, its base types or the interfaces it implements or
    /// extends: everywhere a member look-up on the type finds one.</summary>
    public static bool HasMemberNamedInHierarchy(this ITypeSymbol type, string name)
    {
        if (type.HasMemberNamed(name))
        {
            return true;
        }

        foreach (var contract in type.AllInterfaces)
        {
            if (!contract.GetMembers(name).IsEmpty)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>How diagnostics name a member: "Thread.Sleep", "Task.Result".</summary>
    public static string TypeAndMember(this ISymbol member)
        => member.ContainingType is { } type ? type.Name + "." + member.Name : member.Name;

    /// <summary>The method this one overrides at the root of its override chain (itself when it overrides nothing).</summary>
    public static IMethodSymbol RootDefinition(this IMethodSymbol method)
    {
        var root = method;
        while (root.OverriddenMethod is { } overridden)
        {
            root = overridden;
        }

        return root;
    }

    /// <summary>The name callers use: for an explicit interface implementation, the interface member's name.</summary>
    public static string MemberName(this IMethodSymbol method)
        => method.ExplicitInterfaceImplementations.Length > 0 ? method.ExplicitInterfaceImplementations[0].Name : method.Name;

    /// <summary>
    /// Whether code in another assembly can reach <paramref name="symbol"/>: it and every type around it public or
    /// protected; with <paramref name="throughInternalsVisibleTo"/> internal too (an assembly the library grants
    /// InternalsVisibleTo may call those).
    /// </summary>
    public static bool IsVisibleToOtherAssemblies(this ISymbol symbol, bool throughInternalsVisibleTo)
    {
        for (var current = symbol; current is not null and not INamespaceSymbol; current = current.ContainingSymbol)
        {
            var visible = current.DeclaredAccessibility switch
            {
                Accessibility.Public or Accessibility.Protected or Accessibility.ProtectedOrInternal => true,
                Accessibility.Internal or Accessibility.ProtectedAndInternal => throughInternalsVisibleTo,
                _ => false,
            };
            if (!visible)
            {
                return false;
            }
        }

        return true;
    }

    public static bool IsPublicInstanceMethod(this IMethodSymbol method)
        => method.MethodKind == MethodKind.Ordinary
            && !method.IsStatic
            && !method.IsAbstract
            && method.DeclaredAccessibility == Accessibility.Public;

    private static bool HasOwnMemberNamed(ITypeSymbol type, string name, ISymbol? except)
    {
        var members = type.GetMembers(name);
        if (except is null)
        {
            return !members.IsEmpty;
        }

        foreach (var member in members)
        {
            if (!SymbolEqualityComparer.Default.Equals(member, except))
            {
                return true;
            }
        }

        return false;
    }
}
