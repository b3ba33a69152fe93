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
        foreach (var name in names)
        {
            // The compilation's name index: only declarations of that name become symbols.
            foreach (var symbol in _compilation.GetSymbolsWithName(name, SymbolFilter.Type, cancellationToken))
            {
                if (symbol is INamedTypeSymbol candidate)
                {
                    candidates.Add(candidate);
                }
            }
        }

        return candidates;
    }
}
