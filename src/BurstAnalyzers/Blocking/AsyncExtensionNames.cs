using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Runtime.CompilerServices;
using BurstAnalyzers.CallGraph;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Blocking;

/// <summary>
/// Where an extension counterpart (EF Core's ToListAsync, Dapper's QueryAsync) can come from: the "…Async" members
/// of static classes that may hold extension methods, in this compilation and all it references, with the types they
/// extend. A call to Trim, or to ToList on a List (System.Linq.AsyncEnumerable's ToListAsync extends only
/// IAsyncEnumerable), has no possible counterpart and needs no look-up of the extension methods in scope.
/// An editor makes a new compilation on every keystroke, so nothing here is gathered per compilation: a referenced
/// assembly's names are kept per assembly symbol (compilations with the same references share them), and the source's
/// per syntax tree, read from syntax by <see cref="TypeDeclarationIndex"/> (an edit replaces one tree; the others stay the same objects). Source names are
/// a superset — every "…Async" method of a top-level static class — and only say "maybe": the look-up decides.
/// </summary>
internal sealed class AsyncExtensionNames
{
    private const string AsyncSuffix = "Async";

    private static readonly ConditionalWeakTable<IAssemblySymbol, Dictionary<string, List<INamedTypeSymbol>>> s_namesByAssembly = new();
    private static readonly ConditionalWeakTable<IAssemblySymbol, Dictionary<string, List<INamedTypeSymbol>>>.CreateValueCallback s_collectAssembly = Collect;

    private readonly Dictionary<string, List<INamedTypeSymbol>> _declaringTypes;
    private readonly HashSet<string> _sourceNames;
    private readonly ConcurrentDictionary<string, ImmutableArray<ITypeSymbol>> _extendedTypes = new(StringComparer.Ordinal);
    private readonly Func<string, ImmutableArray<ITypeSymbol>> _findExtendedTypes;

    private AsyncExtensionNames(Dictionary<string, List<INamedTypeSymbol>> declaringTypes, HashSet<string> sourceNames)
    {
        _declaringTypes = declaringTypes;
        _sourceNames = sourceNames;
        _findExtendedTypes = FindExtendedTypes;
    }

    /// <summary>False when no extension method named <paramref name="asyncName"/> can apply to <paramref name="receiver"/>.</summary>
    public bool MayExtend(string asyncName, ITypeSymbol? receiver)
    {
        if (_sourceNames.Contains(asyncName))
        {
            return true;
        }

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
        foreach (var assembly in compilation.SourceModule.ReferencedAssemblySymbols)
        {
            foreach (var entry in s_namesByAssembly.GetValue(assembly, s_collectAssembly))
            {
                if (!declaringTypes.TryGetValue(entry.Key, out var types))
                {
                    types = new List<INamedTypeSymbol>();
                    declaringTypes.Add(entry.Key, types);
                }

                types.AddRange(entry.Value);
            }
        }

        var sourceNames = new HashSet<string>(StringComparer.Ordinal);
        foreach (var tree in compilation.SyntaxTrees)
        {
            foreach (var name in TypeDeclarationIndex.Of(tree).StaticClassAsyncMethods)
            {
                sourceNames.Add(name);
            }
        }

        return new AsyncExtensionNames(declaringTypes, sourceNames);
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

    private static Dictionary<string, List<INamedTypeSymbol>> Collect(IAssemblySymbol assembly)
    {
        var declaringTypes = new Dictionary<string, List<INamedTypeSymbol>>(StringComparer.Ordinal);
        if (!assembly.MightContainExtensionMethods)
        {
            return declaringTypes;
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

        return declaringTypes;
    }
}
