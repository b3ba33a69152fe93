using System.Collections.Generic;
using System.Collections.Immutable;
using System.Runtime.CompilerServices;
using System.Threading;
using BurstAnalyzers.Incremental;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// The types of this compilation that may derive from (or implement) a given type, found by name: every type whose
/// base list names it, or names a type or alias that does, and so on — where the name can reach the type's namespace
/// (<see cref="NameScope"/>): in a large solution the same type names recur in every module, and a base list in
/// another module's namespace cannot name this one. Names over-approximate (two types may share a name, a using may
/// be relative), so callers check each candidate's symbols; they never miss one, since every step of a type's
/// ancestry within the compilation is a name in some base list (types of referenced assemblies cannot derive from
/// ours). Built from <see cref="TypeDeclarationIndex"/>: no binding, per tree only once across compilations, and merged
/// once per <see cref="DeclarationSet"/>.
/// </summary>
internal sealed class DerivedTypes
{
    private static readonly ConditionalWeakTable<DeclarationSet, BaseListNames> s_byDeclarations = new();

    private readonly Compilation _compilation;
    private readonly BaseListNames _names;
    private readonly ImmutableArray<string> _globalUsings;

    public DerivedTypes(Compilation compilation)
    {
        _compilation = compilation;

        // Built from the trees of the first compilation that asks; every compilation of the set declares the same.
        _names = s_byDeclarations.GetValue(DeclarationSet.Of(compilation), _ => new BaseListNames(compilation));
        _globalUsings = compilation.Options is CSharpCompilationOptions { Usings: { Length: > 0 } scriptUsings }
            ? _names.GlobalUsings.AddRange(scriptUsings)
            : _names.GlobalUsings;
    }

    /// <summary>Source types that may derive from <paramref name="type"/>, directly or not (never itself, unless a
    /// namesake derives from it).</summary>
    public List<INamedTypeSymbol> Candidates(INamedTypeSymbol type, CancellationToken cancellationToken)
    {
        // (name, namespace of the type so named, or null when unknown: nested types and aliases)
        var visited = new HashSet<(string, string?)>();
        var pending = new Stack<(string Name, string? Namespace)>();
        var derivedTypes = new Dictionary<string, string>(System.StringComparer.Ordinal); // metadata name → name
        var searchedNames = new HashSet<string>(System.StringComparer.Ordinal);
        pending.Push((type.Name, NamespaceOf(type)));
        while (pending.Count > 0)
        {
            var (name, namespaceName) = pending.Pop();
            if (!_names.ByBaseName.TryGetValue(name, out var derivations))
            {
                continue;
            }

            foreach (var derivation in derivations)
            {
                if (namespaceName is not null
                    && !derivation.BaseQualified
                    && !_names.UnreadableGlobalUsing
                    && !derivation.Scope.MaySee(namespaceName, _globalUsings, _names.AliasNames))
                {
                    continue;
                }

                if (derivation.FileLocal)
                {
                    searchedNames.Add(derivation.Name); // its metadata name is mangled: found by name below
                }
                else if (derivation.MetadataName is { } metadataName)
                {
                    derivedTypes[metadataName] = derivation.Name;
                }

                var next = (derivation.Name, derivation.NamespaceName);
                if (visited.Add(next))
                {
                    pending.Push(next);
                }
            }
        }

        var candidates = new List<INamedTypeSymbol>();
        var found = new HashSet<INamedTypeSymbol>(SymbolEqualityComparer.Default);
        foreach (var derived in derivedTypes)
        {
            // A direct look-up by the metadata name the index read. Only when that fails (code the index reads
            // differently from the compiler), and for file types, is the compilation searched for every type of the name.
            if (_compilation.Assembly.GetTypeByMetadataName(derived.Key) is { } candidate)
            {
                if (found.Add(candidate))
                {
                    candidates.Add(candidate);
                }

                continue;
            }

            searchedNames.Add(derived.Value);
        }

        foreach (var name in searchedNames)
        {
            foreach (var symbol in _compilation.GetSymbolsWithName(name, SymbolFilter.Type, cancellationToken))
            {
                if (symbol is INamedTypeSymbol named && found.Add(named))
                {
                    candidates.Add(named);
                }
            }
        }

        return candidates;
    }

    /// <summary>"A.B" for a top-level type of namespace A.B ("" in the global namespace); null for a nested type, which
    /// base lists may name in more ways (inherited, qualified by its outer type).</summary>
    private static string? NamespaceOf(INamedTypeSymbol type)
    {
        if (type.ContainingType is not null || type.ContainingNamespace is not { } ns)
        {
            return null;
        }

        var name = string.Empty;
        for (; ns is { IsGlobalNamespace: false }; ns = ns.ContainingNamespace)
        {
            name = name.Length == 0 ? ns.Name : ns.Name + "." + name;
        }

        return name;
    }

    /// <summary>The base-list names and global usings of all trees, merged.</summary>
    private sealed class BaseListNames
    {
        public BaseListNames(Compilation compilation)
        {
            var globalUsings = ImmutableArray.CreateBuilder<string>();
            foreach (var tree in compilation.SyntaxTrees)
            {
                var index = TypeDeclarationIndex.Of(tree);
                foreach (var derivation in index.Derivations)
                {
                    if (!ByBaseName.TryGetValue(derivation.BaseName, out var derived))
                    {
                        derived = new List<Derivation>();
                        ByBaseName.Add(derivation.BaseName, derived);
                    }

                    derived.Add(derivation);
                }

                globalUsings.AddRange(index.GlobalUsings);
                UnreadableGlobalUsing |= index.UnreadableGlobalUsing;
                foreach (var derivation in index.Derivations)
                {
                    if (derivation.MetadataName is null)
                    {
                        AliasNames.Add(derivation.Name);
                    }
                }
            }

            GlobalUsings = globalUsings.ToImmutable();
        }

        public Dictionary<string, List<Derivation>> ByBaseName { get; } = new(System.StringComparer.Ordinal);

        public ImmutableArray<string> GlobalUsings { get; }

        public bool UnreadableGlobalUsing { get; }

        /// <summary>Every using alias's name, of any file (a global alias is in scope everywhere).</summary>
        public HashSet<string> AliasNames { get; } = new(System.StringComparer.Ordinal);
    }
}
