using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Threading;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// The overrides and interface implementations in the compilation of a virtual or interface method declared in it,
/// in source order (file path, then position), so a chain through "the first one that blocks" is the same on every
/// run. From declarations alone — symbols, no method bodies. Two ways to the same answer:
/// <list type="bullet">
/// <item><see cref="Build"/> indexes every type of the compilation at once: the cheapest way when most of them will be
/// asked for, as in a build, which analyses every file;</item>
/// <item><see cref="Find"/> looks at the types that may derive from the method's type only (<see cref="DerivedTypes"/>):
/// for an editor, which analyses one document per keystroke (docs/architecture.md, "Kept across keystrokes"), indexing every type of a
/// large solution again and again cost far more than the document's own analysis.</item>
/// </list>
/// Of the methods declared in referenced assemblies, only those of other projects of the solution are indexed (an
/// interface of a domain project implemented here); calls to any other are judged by the blocking catalogue only.
/// </summary>
internal sealed class Implementations
{
    private readonly Dictionary<IMethodSymbol, ImmutableArray<IMethodSymbol>> _byMethod;

    private Implementations(Dictionary<IMethodSymbol, ImmutableArray<IMethodSymbol>> byMethod) => _byMethod = byMethod;

    /// <summary>The overrides and implementations of a method's original definition (empty when none).</summary>
    public ImmutableArray<IMethodSymbol> Of(IMethodSymbol definition)
        => _byMethod.TryGetValue(definition, out var found) ? found : ImmutableArray<IMethodSymbol>.Empty;

    /// <summary>The overrides and implementations of <paramref name="definition"/> (an original definition declared in
    /// <paramref name="source"/>) among the types that may derive from its type, in source order.</summary>
    public static ImmutableArray<IMethodSymbol> Find(IMethodSymbol definition, IAssemblySymbol source, DerivedTypes derivedTypes, CancellationToken cancellationToken)
    {
        var found = new Dictionary<IMethodSymbol, List<IMethodSymbol>>(SymbolEqualityComparer.Default);
        var contract = definition.ContainingType;
        foreach (var type in derivedTypes.Candidates(contract, cancellationToken))
        {
            if (contract.TypeKind == TypeKind.Interface)
            {
                AddInterfaceImplementations(type, source, static _ => false, definition, found);
            }
            else
            {
                AddOverrides(type, source, static _ => false, definition, found);
            }
        }

        if (!found.TryGetValue(definition, out var implementations))
        {
            return ImmutableArray<IMethodSymbol>.Empty;
        }

        implementations.Sort(SourceOrder.Compare);
        return implementations.ToImmutableArray();
    }

    /// <summary>
    /// The types <paramref name="assemblies"/> declare (other projects of the solution, as referenced assemblies), by
    /// each interface they implement and each class they derive from (original definitions): built once, so that
    /// looking up a member's implementations there costs the candidates, not every type of those projects.
    /// </summary>
    public static Dictionary<INamedTypeSymbol, List<INamedTypeSymbol>> TypesByContract(ImmutableArray<IAssemblySymbol> assemblies)
    {
        var byContract = new Dictionary<INamedTypeSymbol, List<INamedTypeSymbol>>(SymbolEqualityComparer.Default);
        foreach (var assembly in assemblies)
        {
            foreach (var type in TypesOf(assembly))
            {
                if (type.TypeKind is not (TypeKind.Class or TypeKind.Struct))
                {
                    continue;
                }

                foreach (var contract in type.AllInterfaces)
                {
                    AddType(byContract, contract.OriginalDefinition, type);
                }

                for (var baseType = type.BaseType; baseType is not null && baseType.SpecialType != SpecialType.System_Object; baseType = baseType.BaseType)
                {
                    AddType(byContract, baseType.OriginalDefinition, type);
                }
            }
        }

        return byContract;
    }

    /// <summary>
    /// The overrides and implementations of <paramref name="definition"/> among <paramref name="candidates"/>, types of
    /// other projects of the solution (<see cref="TypesByContract"/>: their builds carry what those methods do), ordered
    /// by assembly name then documentation id, which a build (metadata) and an editor (source) read alike.
    /// </summary>
    public static ImmutableArray<IMethodSymbol> AmongTypes(IMethodSymbol definition, List<INamedTypeSymbol> candidates)
    {
        var found = new Dictionary<IMethodSymbol, List<IMethodSymbol>>(SymbolEqualityComparer.Default);
        var isInterface = definition.ContainingType.TypeKind == TypeKind.Interface;
        foreach (var type in candidates)
        {
            if (isInterface)
            {
                AddInterfaceImplementations(type, type.ContainingAssembly, static _ => false, definition, found);
            }
            else
            {
                AddOverrides(type, type.ContainingAssembly, static _ => false, definition, found);
            }
        }

        if (!found.TryGetValue(definition, out var implementations))
        {
            return ImmutableArray<IMethodSymbol>.Empty;
        }

        implementations.Sort(OtherProjectsOrder);
        return implementations.ToImmutableArray();
    }

    /// <summary>The order of <see cref="AmongTypes"/>: assembly name, then documentation id.</summary>
    public static int OtherProjectsOrder(IMethodSymbol left, IMethodSymbol right)
    {
        var byAssembly = string.CompareOrdinal(left.ContainingAssembly?.Name, right.ContainingAssembly?.Name);
        return byAssembly != 0 ? byAssembly : string.CompareOrdinal(left.GetDocumentationCommentId(), right.GetDocumentationCommentId());
    }

    private static void AddType(Dictionary<INamedTypeSymbol, List<INamedTypeSymbol>> byContract, INamedTypeSymbol contract, INamedTypeSymbol type)
    {
        if (!byContract.TryGetValue(contract, out var types))
        {
            types = new List<INamedTypeSymbol>();
            byContract.Add(contract, types);
        }

        types.Add(type);
    }

    /// <param name="isOtherProject">Whether a referenced assembly is another project of the solution, whose interfaces
    /// and virtual methods this compilation may implement.</param>
    public static Implementations Build(IAssemblySymbol source, Func<IAssemblySymbol, bool> isOtherProject)
    {
        var found = new Dictionary<IMethodSymbol, List<IMethodSymbol>>(SymbolEqualityComparer.Default);
        foreach (var type in TypesOf(source))
        {
            AddOverrides(type, source, isOtherProject, only: null, found);
            AddInterfaceImplementations(type, source, isOtherProject, only: null, found);
        }

        var byMethod = new Dictionary<IMethodSymbol, ImmutableArray<IMethodSymbol>>(found.Count, SymbolEqualityComparer.Default);
        foreach (var entry in found)
        {
            entry.Value.Sort(SourceOrder.Compare);
            byMethod[entry.Key] = entry.Value.ToImmutableArray();
        }

        return new Implementations(byMethod);
    }

    /// <summary>Every type <paramref name="assembly"/> declares, nested ones included.</summary>
    public static IEnumerable<INamedTypeSymbol> TypesOf(IAssemblySymbol assembly)
    {
        var namespaces = new Stack<INamespaceSymbol>();
        var types = new Stack<INamedTypeSymbol>();
        namespaces.Push(assembly.GlobalNamespace);
        while (namespaces.Count > 0)
        {
            foreach (var member in namespaces.Pop().GetMembers())
            {
                if (member is INamespaceSymbol ns)
                {
                    namespaces.Push(ns);
                }
                else if (member is INamedTypeSymbol type)
                {
                    types.Push(type);
                }
            }

            while (types.Count > 0)
            {
                var type = types.Pop();
                foreach (var nested in type.GetTypeMembers())
                {
                    types.Push(nested);
                }

                yield return type;
            }
        }
    }

    /// <summary>
    /// The overrides <paramref name="type"/> declares, each registered under every method up its chain (a call to any
    /// of them may run it) — or, given <paramref name="only"/>, the overrides of that one method, found by its name.
    /// </summary>
    private static void AddOverrides(INamedTypeSymbol type, IAssemblySymbol source, Func<IAssemblySymbol, bool> isOtherProject, IMethodSymbol? only, Dictionary<IMethodSymbol, List<IMethodSymbol>> found)
    {
        foreach (var member in only is null ? type.GetMembers() : type.GetMembers(only.Name))
        {
            if (member is not IMethodSymbol { IsOverride: true } method || (only is not null && !SourceOrder.IsIn(method, source)))
            {
                continue;
            }

            for (var overridden = method.OverriddenMethod; overridden is not null; overridden = overridden.OverriddenMethod)
            {
                if (only is null)
                {
                    if (SourceOrder.IsIn(overridden, source) || (overridden.ContainingAssembly is { } declared && isOtherProject(declared)))
                    {
                        Add(found, overridden.OriginalDefinition, method.OriginalDefinition);
                    }
                }
                else if (SymbolEqualityComparer.Default.Equals(overridden.OriginalDefinition, only))
                {
                    Add(found, only, method.OriginalDefinition);
                    break;
                }
            }
        }
    }

    /// <summary>
    /// The implementations in <paramref name="type"/> of the methods of the interfaces of this compilation it
    /// implements — or, given <paramref name="only"/>, of that one interface method (through every construction of its
    /// interface: IRepository&lt;Order&gt;.Get for IRepository&lt;T&gt;.Get).
    /// </summary>
    private static void AddInterfaceImplementations(INamedTypeSymbol type, IAssemblySymbol source, Func<IAssemblySymbol, bool> isOtherProject, IMethodSymbol? only, Dictionary<IMethodSymbol, List<IMethodSymbol>> found)
    {
        if (type.TypeKind is not (TypeKind.Class or TypeKind.Struct) || only is { IsStatic: true })
        {
            return;
        }

        foreach (var contract in type.AllInterfaces)
        {
            if (only is null
                ? !SymbolEqualityComparer.Default.Equals(contract.ContainingAssembly, source) && !isOtherProject(contract.ContainingAssembly)
                : !SymbolEqualityComparer.Default.Equals(contract.OriginalDefinition, only.ContainingType))
            {
                continue;
            }

            foreach (var member in only is null ? contract.GetMembers() : contract.GetMembers(only.Name))
            {
                if (member is IMethodSymbol contractMethod
                    && (only is null ? !contractMethod.IsStatic : SymbolEqualityComparer.Default.Equals(contractMethod.OriginalDefinition, only))
                    && type.FindImplementationForInterfaceMember(contractMethod) is IMethodSymbol implementation
                    && SourceOrder.IsIn(implementation, source))
                {
                    Add(found, contractMethod.OriginalDefinition, implementation.OriginalDefinition);
                }
            }
        }
    }

    private static void Add(Dictionary<IMethodSymbol, List<IMethodSymbol>> found, IMethodSymbol key, IMethodSymbol implementation)
    {
        if (!found.TryGetValue(key, out var list))
        {
            list = new List<IMethodSymbol>();
            found.Add(key, list);
        }

        // A type inherits its base's implementation: the same method is found again for each derived type.
        foreach (var known in list)
        {
            if (SymbolEqualityComparer.Default.Equals(known, implementation))
            {
                return;
            }
        }

        list.Add(implementation);
    }
}
