using System;
using System.Collections.Concurrent;
using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Internals;

/// <summary>
/// The one way this repository resolves a type by metadata name: each name once per compilation, on first use, then
/// kept with the compilation. The analyzers and the fixes share it, so a type both need (Task, HttpContext,
/// ServiceContractAttribute) is looked up once. Names of well-known types live in <see cref="WellKnownTypeNames"/>;
/// <c>Compilation.GetTypeByMetadataName</c> is banned everywhere else (src/BannedSymbols.txt).
/// </summary>
internal sealed class WellKnownTypes
{
    private static readonly ConditionalWeakTable<Compilation, WellKnownTypes> s_byCompilation = new();

    private readonly Compilation _compilation;

    // A null (not referenced, or ambiguous) is remembered too: most frameworks are absent from most projects.
    private readonly ConcurrentDictionary<string, INamedTypeSymbol?> _byName = new(StringComparer.Ordinal);

    private WellKnownTypes(Compilation compilation) => _compilation = compilation;

    public static WellKnownTypes For(Compilation compilation) => s_byCompilation.GetValue(compilation, static c => new WellKnownTypes(c));

    /// <summary>The type of that metadata name ("System.Threading.Tasks.Task`1", "Outer+Nested"), or null when the
    /// compilation does not reference exactly one.</summary>
    public INamedTypeSymbol? Get(string metadataName)
    {
        if (_byName.TryGetValue(metadataName, out var known))
        {
            return known;
        }

#pragma warning disable RS0030 // The provider itself: the only place allowed to ask the compilation by name.
        var type = _compilation.GetTypeByMetadataName(metadataName);
#pragma warning restore RS0030
        return _byName.GetOrAdd(metadataName, type);
    }

    /// <summary>Whether the compilation references the type.</summary>
    public bool Has(string metadataName) => Get(metadataName) is not null;
}
