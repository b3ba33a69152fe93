using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Runtime.CompilerServices;
using BurstAnalyzers.Incremental;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Blocking;

/// <summary>
/// Where an extension counterpart (EF Core's ToListAsync, Dapper's QueryAsync) can come from: the "…Async" members
/// of static classes that may hold extension methods, in this compilation and all it references, with the types they
/// extend. A call to Trim, or to ToList on a List (System.Linq.AsyncEnumerable's ToListAsync extends only
/// IAsyncEnumerable), has no possible counterpart and needs no look-up of the extension methods in scope.
/// Nothing here is gathered per compilation (docs/architecture.md, "Kept across keystrokes"): a referenced
/// assembly's names are kept per assembly symbol and merged once per reference set (<see cref="ReferencedTypes"/>); the
/// source's are read from syntax per tree by <see cref="TypeDeclarationIndex"/> and merged once per
/// <see cref="DeclarationSet"/> (a keystroke in a method body declares nothing new). Source names are
/// a superset — every "…Async" method of a top-level static class — and only say "maybe": the look-up decides.
/// </summary>
internal sealed class AsyncExtensionNames
{
    private const string AsyncSuffix = "Async";

    private static readonly ConditionalWeakTable<IAssemblySymbol, Dictionary<string, List<INamedTypeSymbol>>> s_namesByAssembly = new();
    private static readonly ConditionalWeakTable<IAssemblySymbol, Dictionary<string, List<INamedTypeSymbol>>>.CreateValueCallback s_collectAssembly = Collect;
    private static readonly ConditionalWeakTable<ReferencedTypes, ReferencedExtensions> s_byReferences = new();
    private static readonly ConditionalWeakTable<DeclarationSet, HashSet<string>> s_bySourceDeclarations = new();

    private readonly ReferencedExtensions _referenced;
    private readonly HashSet<string> _sourceNames;

    private AsyncExtensionNames(ReferencedExtensions referenced, HashSet<string> sourceNames)
    {
        _referenced = referenced;
        _sourceNames = sourceNames;
    }

    /// <summary>False when no extension method named <paramref name="asyncName"/> can apply to <paramref name="receiver"/>.</summary>
    public bool MayExtend(string asyncName, ITypeSymbol? receiver)
    {
        if (_sourceNames.Contains(asyncName))
        {
            return true;
        }

        if (!_referenced.DeclaringTypes.ContainsKey(asyncName))
        {
            // Stryker disable once Boolean : a pre-filter answering "maybe" more often only costs a look-up, which decides
            return false;
        }

        // Unsure means yes, and the look-up decides: unknown receivers, type parameters, dynamic, extensions of object or of arrays.
        if (receiver is null or ITypeParameterSymbol or IErrorTypeSymbol || receiver.TypeKind == TypeKind.Dynamic)
        {
            return true;
        }

        foreach (var extended in _referenced.ExtendedTypes(asyncName))
        {
            if (extended is not INamedTypeSymbol named
                || named.SpecialType == SpecialType.System_Object
                || receiver.IsOrDerivesFrom(named.OriginalDefinition))
            {
                return true;
            }
        }

        // Stryker disable once Boolean : as above
        return false;
    }

    /// <summary>The names for a compilation: the references' part shared by compilations with the same references
    /// (<see cref="ReferencedTypes"/>), the source's by compilations declaring the same (<see cref="DeclarationSet"/>).</summary>
    public static AsyncExtensionNames Collect(Compilation compilation)
    {
        var referenced = s_byReferences.GetValue(ReferencedTypes.For(compilation), _ => new ReferencedExtensions(compilation));
        var sourceNames = s_bySourceDeclarations.GetValue(
            DeclarationSet.Of(compilation),
            _ => TypeDeclarationIndex.Union(compilation, static index => index.StaticClassAsyncMethods));
        return new AsyncExtensionNames(referenced, sourceNames);
    }

    private static Dictionary<string, List<INamedTypeSymbol>> Collect(IAssemblySymbol assembly)
    {
        var declaringTypes = new Dictionary<string, List<INamedTypeSymbol>>(StringComparer.Ordinal);

        // Stryker disable once Block : an assembly without extension methods adds no names either way; only the walk is saved
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
                // Stryker disable once Logical,Statement,Block : more names only widen the pre-filter (see MayExtend)
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

    /// <summary>The "…Async" extension candidates of all referenced assemblies, with the types they extend (read on
    /// first use).</summary>
    private sealed class ReferencedExtensions
    {
        private readonly ConcurrentDictionary<string, ImmutableArray<ITypeSymbol>> _extendedTypes = new(StringComparer.Ordinal);
        private readonly Func<string, ImmutableArray<ITypeSymbol>> _findExtendedTypes;

        public ReferencedExtensions(Compilation compilation)
        {
            _findExtendedTypes = FindExtendedTypes;
            foreach (var assembly in compilation.SourceModule.ReferencedAssemblySymbols)
            {
                foreach (var entry in s_namesByAssembly.GetValue(assembly, s_collectAssembly))
                {
                    if (!DeclaringTypes.TryGetValue(entry.Key, out var types))
                    {
                        types = new List<INamedTypeSymbol>();
                        DeclaringTypes.Add(entry.Key, types);
                    }

                    types.AddRange(entry.Value);
                }
            }
        }

        public Dictionary<string, List<INamedTypeSymbol>> DeclaringTypes { get; } = new(StringComparer.Ordinal);

        public ImmutableArray<ITypeSymbol> ExtendedTypes(string asyncName) => _extendedTypes.GetOrAdd(asyncName, _findExtendedTypes);

        private ImmutableArray<ITypeSymbol> FindExtendedTypes(string asyncName)
        {
            var extended = ImmutableArray.CreateBuilder<ITypeSymbol>();
            foreach (var type in DeclaringTypes[asyncName])
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
    }
}
