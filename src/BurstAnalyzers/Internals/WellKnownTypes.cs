using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using BurstAnalyzers.Incremental;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Internals;

/// <summary>
/// The one way this repository resolves a type by metadata name: each name once per compilation, on first use, then
/// kept with the compilation. The analyzers and the fixes share it, so a type both need (Task, HttpContext,
/// ServiceContractAttribute) is looked up once. What the references answer is kept across compilations with the same
/// references (<see cref="ReferencedTypes"/>); only the source is asked again per compilation. Names of well-known
/// types live in <see cref="WellKnownTypeNames"/>; <c>Compilation.GetTypeByMetadataName</c> is banned everywhere else
/// (src/BannedSymbols.txt).
/// </summary>
internal sealed class WellKnownTypes
{
    private static readonly ConditionalWeakTable<Compilation, WellKnownTypes> s_byCompilation = new();
    private static readonly ConditionalWeakTable<DeclarationSet, HashSet<string>> s_rootNamespacesByDeclarations = new();

    private readonly Compilation _compilation;

    // A null (not referenced, or ambiguous) is remembered too: most frameworks are absent from most projects.
    private readonly ConcurrentDictionary<string, INamedTypeSymbol?> _byName = new(StringComparer.Ordinal);

    private readonly ReferencedTypes _referenced;

    // The first names of the namespaces the source declares types in ("" for the global namespace); null when the
    // source assembly may hold more than its trees declare (added modules).
    private readonly HashSet<string>? _sourceRootNamespaces;

    private WellKnownTypes(Compilation compilation)
    {
        _compilation = compilation;
        _referenced = ReferencedTypes.For(compilation);
        _sourceRootNamespaces = HasAddedModules(compilation)
            ? null
            : s_rootNamespacesByDeclarations.GetValue(DeclarationSet.Of(compilation), _ => TypeDeclarationIndex.Union(compilation, static index => index.RootNamespaces));
    }

    public static WellKnownTypes For(Compilation compilation) => s_byCompilation.GetValue(compilation, static c => new WellKnownTypes(c));

    /// <summary>The type of that metadata name ("System.Threading.Tasks.Task`1", "Outer+Nested"), or null when the
    /// compilation does not reference exactly one.</summary>
    public INamedTypeSymbol? Get(string metadataName)
    {
        if (_byName.TryGetValue(metadataName, out var known))
        {
            return known;
        }

        return _byName.GetOrAdd(metadataName, Resolve(metadataName));
    }

    /// <summary>
    /// The compilation's own answer. A type whose top-level type the source declares is the source's (the source wins
    /// over references, and a nested name is then looked up in it): asked of the compilation. Otherwise the answer is
    /// the references' alone, shared by every compilation with the same references.
    /// </summary>
    private INamedTypeSymbol? Resolve(string metadataName)
    {
        var nested = metadataName.IndexOf('+');
        var topLevel = nested < 0 ? metadataName : metadataName.Substring(0, nested);
        if (MayBeInSource(topLevel) && _compilation.Assembly.GetTypeByMetadataName(topLevel) is not null)
        {
#pragma warning disable RS0030 // The provider itself: the only place allowed to ask the compilation by name.
            return _compilation.GetTypeByMetadataName(metadataName);
#pragma warning restore RS0030
        }

        return _referenced.Get(metadataName, _compilation);
    }

    /// <summary>Whether the compilation references the type.</summary>
    public bool Has(string metadataName) => Get(metadataName) is not null;

    /// <summary>False when no tree declares a namespace the type could be in: asking the source would find nothing,
    /// and for "System.…" or "Microsoft.…" in a solution of its own namespaces that is every name asked.</summary>
    private bool MayBeInSource(string topLevelMetadataName)
    {
        if (_sourceRootNamespaces is null)
        {
            return true;
        }

        var dot = topLevelMetadataName.IndexOf('.');
        return _sourceRootNamespaces.Contains(dot < 0 ? string.Empty : topLevelMetadataName.Substring(0, dot))
            || _sourceRootNamespaces.Contains("?");
    }

    private static bool HasAddedModules(Compilation compilation)
    {
        foreach (var reference in compilation.References)
        {
            if (reference.Properties.Kind == MetadataImageKind.Module)
            {
                return true;
            }
        }

        return false;
    }
}
