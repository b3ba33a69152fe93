using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Blocking;

/// <summary>
/// Where an extension counterpart (EF Core's ToListAsync, Dapper's QueryAsync) can come from: the "…Async" members
/// of static classes that may hold extension methods, in this compilation and all it references, with the types they
/// extend. A call to Trim, or to ToList on a List (System.Linq.AsyncEnumerable's ToListAsync extends only
/// IAsyncEnumerable), has no possible counterpart and needs no look-up of the extension methods in scope. Names are
/// gathered once per compilation without creating member symbols; the extended types once per name.
/// </summary>
internal sealed class AsyncExtensionNames
{
    private const string AsyncSuffix = "Async";

    private readonly Dictionary<string, List<INamedTypeSymbol>> _declaringTypes;
    private readonly ConcurrentDictionary<string, ImmutableArray<ITypeSymbol>> _extendedTypes = new(StringComparer.Ordinal);
    private readonly Func<string, ImmutableArray<ITypeSymbol>> _findExtendedTypes;

    private AsyncExtensionNames(Dictionary<string, List<INamedTypeSymbol>> declaringTypes)
    {
        _declaringTypes = declaringTypes;
        _findExtendedTypes = FindExtendedTypes;
    }

    /// <summary>False when no extension method named <paramref name="asyncName"/> can apply to <paramref name="receiver"/>.</summary>
    public bool MayExtend(string asyncName, ITypeSymbol? receiver)
    {
        if (!_declaringTypes.ContainsKey(asyncName))
        {
            return false;
        }

        // Unsure means yes, and the look-up decides: unknown receivers, type parameters, dynamic, extensions of object or of arrays.
        if (receiver is null or ITypeParameterSymbol or IErrorTypeSymbol || receiver.TypeKind == TypeKind.Dynamic)
        {
            return true;
        }

        foreach (var extended in _extendedTypes.GetOrAdd(asyncName, _findExtendedTypes))
        {
            if (extended is not INamedTypeSymbol named
                || named.SpecialType == SpecialType.System_Object
                || receiver.IsOrDerivesFrom(named.OriginalDefinition))
            {
                return true;
            }
        }

        return false;
    }

    public static AsyncExtensionNames Collect(Compilation compilation)
    {
        var declaringTypes = new Dictionary<string, List<INamedTypeSymbol>>(StringComparer.Ordinal);
        Collect(compilation.Assembly, declaringTypes);
        foreach (var assembly in compilation.SourceModule.ReferencedAssemblySymbols)
        {
            Collect(assembly, declaringTypes);
        }

        return new AsyncExtensionNames(declaringTypes);
    }

    private ImmutableArray<ITypeSymbol> FindExtendedTypes(string asyncName)
    {
        var extended = ImmutableArray.CreateBuilder<ITypeSymbol>();
        foreach (var type in _declaringTypes[asyncName])
        {
            foreach (var member in type.GetMembers(asyncName))
            {
                if (member is IMethodSymbol { IsExtensionMethod: true, Parameters.Length: > 0 } method)
                {
                    extended.Add(method.Parameters[0].Type);
                }
            }
        }

        return extended.ToImmutable();
    }

    private static void Collect(IAssemblySymbol assembly, Dictionary<string, List<INamedTypeSymbol>> declaringTypes)
    {
        if (!assembly.MightContainExtensionMethods)
        {
            return;
        }

        var namespaces = new Stack<INamespaceSymbol>();
        namespaces.Push(assembly.GlobalNamespace);
        while (namespaces.Count > 0)
        {
            var ns = namespaces.Pop();
            foreach (var nested in ns.GetNamespaceMembers())
            {
                namespaces.Push(nested);
            }

            // Extension methods live in top-level static classes only.
            foreach (var type in ns.GetTypeMembers())
            {
                if (!type.IsStatic || !type.MightContainExtensionMethods)
                {
                    continue;
                }

                foreach (var name in type.MemberNames)
                {
                    if (name.EndsWith(AsyncSuffix, StringComparison.Ordinal))
                    {
                        if (!declaringTypes.TryGetValue(name, out var types))
                        {
                            types = new List<INamedTypeSymbol>();
                            declaringTypes.Add(name, types);
                        }

                        types.Add(type);
                    }
                }
            }
        }
    }
}
