using System.Collections.Generic;
using System.Threading;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// The types of this compilation that may derive from (or implement) a given type, found by name: every type whose
/// base list names it, or names a type or alias that does, and so on. Names over-approximate (two types may share a
/// name), so callers check each candidate's symbols; they never miss one, since every step of a type's ancestry
/// within the compilation is a name in some base list (types of referenced assemblies cannot derive from ours). Built
/// from <see cref="TypeDeclarationIndex"/>: no binding, and per tree only once across compilations.
/// </summary>
internal sealed class DerivedTypes
{
    private readonly Compilation _compilation;
    private readonly Dictionary<string, List<string>> _derivedByName = new(System.StringComparer.Ordinal);
    private readonly Dictionary<string, List<string>> _metadataNamesByName = new(System.StringComparer.Ordinal);

    public DerivedTypes(Compilation compilation)
    {
        _compilation = compilation;
        foreach (var tree in compilation.SyntaxTrees)
        {
            foreach (var derivation in TypeDeclarationIndex.Of(tree).Derivations)
            {
                if (!_derivedByName.TryGetValue(derivation.Value, out var derived))
                {
                    derived = new List<string>();
                    _derivedByName.Add(derivation.Value, derived);
                }

                derived.Add(derivation.Key);
            }

            foreach (var type in TypeDeclarationIndex.Of(tree).DerivingTypes)
            {
                if (!_metadataNamesByName.TryGetValue(type.Key, out var metadataNames))
                {
                    metadataNames = new List<string>();
                    _metadataNamesByName.Add(type.Key, metadataNames);
                }

                metadataNames.Add(type.Value);
            }
        }
    }

    /// <summary>Source types that may derive from <paramref name="type"/>, directly or not (never itself, unless a
    /// namesake derives from it).</summary>
    public List<INamedTypeSymbol> Candidates(INamedTypeSymbol type, CancellationToken cancellationToken)
    {
        var names = new HashSet<string>(System.StringComparer.Ordinal);
        var pending = new Stack<string>();
        pending.Push(type.Name);
        while (pending.Count > 0)
        {
            if (!_derivedByName.TryGetValue(pending.Pop(), out var derived))
            {
                continue;
            }

            foreach (var name in derived)
            {
                if (names.Add(name))
                {
                    pending.Push(name);
                }
            }
        }

        var candidates = new List<INamedTypeSymbol>();
        var found = new HashSet<INamedTypeSymbol>(SymbolEqualityComparer.Default);
        foreach (var name in names)
        {
            // A candidate derives, so its declaration has a base list and the index has its metadata name: a direct
            // look-up. Only when that fails (code the index reads differently from the compiler) is the compilation
            // searched for every type of the name.
            if (!_metadataNamesByName.TryGetValue(name, out var metadataNames))
            {
                continue; // an alias's name: no type of that name derives from anything
            }

            var resolved = true;
            foreach (var metadataName in metadataNames)
            {
                if (_compilation.Assembly.GetTypeByMetadataName(metadataName) is { } candidate)
                {
                    if (found.Add(candidate))
                    {
                        candidates.Add(candidate);
                    }
                }
                else
                {
                    resolved = false;
                }
            }

            if (resolved)
            {
                continue;
            }

            foreach (var symbol in _compilation.GetSymbolsWithName(name, SymbolFilter.Type, cancellationToken))
            {
                if (symbol is INamedTypeSymbol candidate && found.Add(candidate))
                {
                    candidates.Add(candidate);
                }
            }
        }

        return candidates;
    }
}
