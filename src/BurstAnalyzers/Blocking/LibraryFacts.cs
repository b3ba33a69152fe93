using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Runtime.CompilerServices;
using System.Threading;
using BurstAnalyzers.FactsFiles;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Blocking;

/// <summary>
/// What the build's scan of the referenced binary libraries' IL found (docs/library-facts.md): which of their members
/// reach a wait or synchronous I/O inside the library, which run the delegates they are given before returning, and
/// which "…Async" twins' sync members reach nothing that blocks. The package's build scans every referenced assembly that
/// is neither the runtime's nor a project of the solution, once per assembly identity, and passes one facts file per
/// assembly (<see cref="ChainsFile.LibraryExtension"/>) as an additional file: the same records a library project's
/// chains file holds, read by the same reader. Without those files (an editor before the first build, a project built
/// without the package's build files) every answer is "nothing known", and the name rules decide as before.
/// </summary>
internal sealed class LibraryFacts
{
    private static readonly ConditionalWeakTable<AdditionalText, ChainsFile> s_files = new();
    private static readonly LibraryFacts s_none = new(new Dictionary<string, AdditionalText>(0, StringComparer.Ordinal));

    private readonly Dictionary<string, AdditionalText> _byAssembly;

    // A method's id, built once per compilation: the facts are asked for every call of a name a file holds ("Add").
    private readonly ConcurrentDictionary<IMethodSymbol, string?> _ids = new(SymbolEqualityComparer.Default);

    private LibraryFacts(Dictionary<string, AdditionalText> byAssembly) => _byAssembly = byAssembly;

    public bool IsEmpty => _byAssembly.Count == 0;

    /// <summary>The facts files among <paramref name="additionalFiles"/>, by assembly name; each file is read once, on
    /// the first question about its assembly, and shared by every compilation given the same file.</summary>
    public static LibraryFacts From(ImmutableArray<AdditionalText> additionalFiles)
    {
        if (additionalFiles.IsDefaultOrEmpty)
        {
            return s_none;
        }

        Dictionary<string, AdditionalText>? byAssembly = null;
        foreach (var file in additionalFiles)
        {
            if (ChainsFile.LibraryNameOf(file) is { } name)
            {
                (byAssembly ??= new Dictionary<string, AdditionalText>(StringComparer.OrdinalIgnoreCase))[name] = file;
            }
        }

        return byAssembly is null ? s_none : new LibraryFacts(byAssembly);
    }

    /// <summary>The blocking operation <paramref name="method"/> reaches inside its library, as a one-method chain whose
    /// text is the route; null when the scan found none or says nothing.</summary>
    public CarriedChain? BlockingOf(IMethodSymbol method)
        => FileOf(method, out var definition) is { } file ? file.Get(IdOf(definition)) : null;

    /// <summary>Whether the scan followed every call of <paramref name="method"/> and found nothing that blocks.</summary>
    public bool IsClean(IMethodSymbol method)
        => FileOf(method, out var definition) is { } file && file.IsClean(IdOf(definition));

    /// <summary>When the blocking the scan found for <paramref name="method"/> happens: on every call, only after a
    /// failure inside the library (a retry's backoff sleep), only on a first call or a cache miss, only once a cached
    /// value has expired, or only while another thread holds a lock the library takes.</summary>
    public ScanCondition ConditionOf(IMethodSymbol method)
        => FileOf(method, out var definition) is { } file ? file.ConditionOf(IdOf(definition)) : ScanCondition.EveryCall;

    /// <summary>Whether <paramref name="method"/> runs the delegate passed as its parameter <paramref name="ordinal"/>
    /// on the caller's thread before it returns.</summary>
    public bool RunsDelegate(IMethodSymbol method, int ordinal)
        => FileOf(method, out var definition) is { } file
            && file.DelegatesRunBy(IdOf(definition)) is { } ordinals
            && Array.IndexOf(ordinals, ordinal) >= 0;

    private string? IdOf(IMethodSymbol definition) => _ids.GetOrAdd(definition, static d => d.GetDocumentationCommentId());

    /// <summary>The facts file of the method's assembly, when the file may hold the method (by name, before any id is
    /// built: asked for every call into a referenced assembly).</summary>
    private ChainsFile? FileOf(IMethodSymbol method, out IMethodSymbol definition)
    {
        definition = (method.ReducedFrom ?? method).OriginalDefinition;
        if (_byAssembly.Count == 0
            || definition.ContainingAssembly is not { } assembly
            || !_byAssembly.TryGetValue(assembly.Name, out var text))
        {
            return null;
        }

        var file = s_files.GetValue(text, static f => ChainsFile.Read(f, CancellationToken.None));
        return file.MayHave(definition.Name) ? file : null;
    }
}
