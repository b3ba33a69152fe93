using System;
using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Runtime.CompilerServices;
using System.Threading;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Incremental;

/// <summary>
/// What the referenced assemblies of a compilation answer to a metadata name, kept across compilations with the same
/// references (docs/architecture.md, "Kept across keystrokes"): each keystroke's compilation has the same references
/// and assembly symbols, yet asking it for a type searches every referenced assembly again (a few hundred names
/// times a few hundred references was most of this package's cost per keystroke). The answer depends only on the
/// references (which assemblies, their aliases, which one is the core library), so compilations whose references,
/// assembly symbols and options are the same objects share it. The source is not part of it:
/// <see cref="Internals.WellKnownTypes"/> asks the source first, as the compilation does, and comes here only when the source
/// does not declare the type. An instance stands for its reference set: other caches of what the references hold
/// are keyed by it (<see cref="Blocking.AsyncExtensionNames"/>).
/// <para>Bounded: one reference set is kept per compilation options object (a project's compilations share theirs),
/// the newest; it lives only as long as those options do, and a set made for newer references replaces it, so nothing
/// keeps the references of an old compilation (a project reference's old compilation among them) alive.</para>
/// </summary>
internal sealed class ReferencedTypes
{
    private static readonly ConditionalWeakTable<CompilationOptions, StrongBox<ReferencedTypes?>> s_byOptions = new();
    private static long s_lastId;

    private readonly ImmutableArray<MetadataReference> _references;
    private readonly ImmutableArray<IAssemblySymbol> _assemblies;

    // Nulls too (not referenced, or ambiguous): most frameworks are absent from most projects.
    private readonly ConcurrentDictionary<string, INamedTypeSymbol?> _byName = new(StringComparer.Ordinal);

    private ReferencedTypes(ImmutableArray<MetadataReference> references, ImmutableArray<IAssemblySymbol> assemblies)
    {
        _references = references;
        _assemblies = assemblies;
        Id = Interlocked.Increment(ref s_lastId);
    }

    /// <summary>Unique per reference set in this process: what kept facts record of the references they were bound with.</summary>
    public long Id { get; }

    /// <summary>The shared answers for the compilation's references.</summary>
    public static ReferencedTypes For(Compilation compilation)
    {
        var references = compilation.ExternalReferences;
        var assemblies = compilation.SourceModule.ReferencedAssemblySymbols;
        var latest = s_byOptions.GetValue(compilation.Options, static _ => new StrongBox<ReferencedTypes?>());
        if (Volatile.Read(ref latest.Value) is { } set && set.IsFor(references, assemblies))
        {
            return set;
        }

        var created = new ReferencedTypes(references, assemblies);
        Volatile.Write(ref latest.Value, created);
        return created;
    }

    /// <summary>The compilation's answer for a name whose top-level type its source does not declare.</summary>
    public INamedTypeSymbol? Get(string metadataName, Compilation compilation)
    {
        if (_byName.TryGetValue(metadataName, out var known))
        {
            return known;
        }

#pragma warning disable RS0030 // Asked of the compilation once per reference set; WellKnownTypes is the only caller.
        var type = compilation.GetTypeByMetadataName(metadataName);
#pragma warning restore RS0030

        // The source's own type (the caller's check missed it): this compilation's answer, never the reference set's.
        return type is not null && SymbolEqualityComparer.Default.Equals(type.ContainingAssembly, compilation.Assembly)
            ? type
            : _byName.GetOrAdd(metadataName, type);
    }

    private bool IsFor(ImmutableArray<MetadataReference> references, ImmutableArray<IAssemblySymbol> assemblies)
    {
        if (references.Length != _references.Length || assemblies.Length != _assemblies.Length)
        {
            return false;
        }

        for (var i = 0; i < references.Length; i++)
        {
            if (!ReferenceEquals(references[i], _references[i]))
            {
                return false;
            }
        }

        for (var i = 0; i < assemblies.Length; i++)
        {
            if (!ReferenceEquals(assemblies[i], _assemblies[i]))
            {
                return false;
            }
        }

        return true;
    }
}
