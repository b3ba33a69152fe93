using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Runtime.CompilerServices;
using BurstAnalyzers.FactsFiles;
using BurstAnalyzers.Internals;
using BurstAnalyzers.Options;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.CrossProject;

/// <summary>
/// Chains that go on in another project of the solution: a handler's project calls a method of a class library it
/// references, and that method blocks further down, in the library or in the projects the library references.
/// <list type="bullet">
/// <item>In a build the reference is an assembly. The library's own build computed its chains while its compiler ran the
/// analyzers (<see cref="ChainExportAnalyzer"/>, BURST904) and wrote them beside the assembly; the package's build
/// file passes that file to the projects that reference the library (<see cref="ChainsFile"/>), read here once per file,
/// which later compilations with the same additional files share. The library's generator marks its assembly
/// (<see cref="CarriedChain.MarkerKey"/>): built with the package.</item>
/// <item>In an editor (and <c>dotnet format</c>) the reference is the library's compilation, source and all: the same
/// <see cref="ChainExport"/> the library's build runs computes the chain from that source, once per method and
/// compilation.</item>
/// </list>
/// Both run the same code on the same source, so the build and the editor report the same chains.
/// </summary>
internal sealed class CarriedChains
{
    private static readonly ConditionalWeakTable<IAssemblySymbol, object> s_marked = new();
    private static readonly ConditionalWeakTable<IAssemblySymbol, object>.CreateValueCallback s_readMarker = ReadMarker;
    private static readonly object s_isMarked = new();
    private static readonly object s_isNotMarked = new();
    private static readonly ConditionalWeakTable<AdditionalText, ChainsFile> s_files = new();
    // Commas: a semicolon starts a comment in the analyzer config the build writes.
    private static readonly char[] s_listSeparators = { ',' };

    private readonly Compilation _compilation;
    private readonly IAssemblySymbol _source;
    private readonly AnalyzerConfigOptionsProvider _options;
    private readonly ImmutableArray<AdditionalText> _additionalFiles;
    private readonly Lazy<Dictionary<IAssemblySymbol, Compilation>> _referencedProjects;
    private readonly Lazy<HashSet<string>> _projectReferences;
    private readonly Lazy<Dictionary<string, AdditionalText>> _chainsFiles;

    // The documentation ids of the methods asked for: each call into another project asks for its target's chain, open
    // calls, sites and query four times, and a method of metadata builds its id anew each time.
    private readonly ConcurrentDictionary<IMethodSymbol, string?> _ids = new(SymbolEqualityComparer.Default);
    private static readonly Func<IMethodSymbol, string?> s_idOf = static method => method.GetDocumentationCommentId();

    public CarriedChains(Compilation compilation, AnalyzerConfigOptionsProvider options, ImmutableArray<AdditionalText> additionalFiles)
    {
        _compilation = compilation;
        _source = compilation.Assembly;
        _options = options;
        _additionalFiles = additionalFiles.IsDefault ? ImmutableArray<AdditionalText>.Empty : additionalFiles;
        _referencedProjects = new Lazy<Dictionary<IAssemblySymbol, Compilation>>(FindReferencedProjects, System.Threading.LazyThreadSafetyMode.ExecutionAndPublication);
        _projectReferences = new Lazy<HashSet<string>>(ListProjectReferences, System.Threading.LazyThreadSafetyMode.ExecutionAndPublication);
        _chainsFiles = new Lazy<Dictionary<string, AdditionalText>>(FindChainsFiles, System.Threading.LazyThreadSafetyMode.ExecutionAndPublication);
    }

    private HashSet<string> ListProjectReferences()
    {
        var names = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        if (BuildProperties.Read(_options.GlobalOptions, BuildProperties.ProjectReferences) is { } list)
        {
            foreach (var name in list.Split(s_listSeparators, StringSplitOptions.RemoveEmptyEntries))
            {
                names.Add(name.Trim());
            }
        }

        return names;
    }

    private string? IdOf(IMethodSymbol definition) => _ids.GetOrAdd(definition, s_idOf);

    /// <summary>The chain a call to <paramref name="definition"/>, a method of another project, runs into; null when it
    /// does not block, is excluded by configuration, or its assembly says nothing.</summary>
    public CarriedChain? Of(IMethodSymbol definition, BurstConfiguration configuration)
    {
        var assembly = definition.ContainingAssembly;
        if (assembly is null || SymbolEqualityComparer.Default.Equals(assembly, _source)
            || (!configuration.ExcludedApis.IsEmpty && configuration.ExcludedApis.Contains(definition)))
        {
            return null;
        }

        if (_referencedProjects.Value.TryGetValue(assembly, out var referencedProject))
        {
            // Followed only into a project that has the package, as the build does: its generator marks the assembly.
            return IsMarked(referencedProject.Assembly) && IdOf(definition) is { } id
                ? ChainExport.For(referencedProject, _options).Of(id)
                : null;
        }

        return ChainsOf(assembly) is { } file && file.MayHave(definition.Name) ? file.Get(IdOf(definition)) : null;
    }

    /// <summary>
    /// The open calls of <paramref name="definition"/>, a method of another project (<see cref="OpenItem"/>): calls it
    /// makes through interface or virtual members that its project does not see implemented. Empty when it has none, is
    /// excluded by configuration, or its assembly says nothing.
    /// </summary>
    public IReadOnlyList<OpenItem> OpenCallsOf(IMethodSymbol definition, BurstConfiguration configuration)
    {
        var assembly = definition.ContainingAssembly;
        if (assembly is null || SymbolEqualityComparer.Default.Equals(assembly, _source)
            || (!configuration.ExcludedApis.IsEmpty && configuration.ExcludedApis.Contains(definition)))
        {
            return Array.Empty<OpenItem>();
        }

        if (_referencedProjects.Value.TryGetValue(assembly, out var referencedProject))
        {
            return IsMarked(referencedProject.Assembly) && IdOf(definition) is { } id
                ? ChainExport.For(referencedProject, _options).OpenItemsOf(id)
                : Array.Empty<OpenItem>();
        }

        return ChainsOf(assembly) is { } file && file.MayHave(definition.Name) ? file.OpenItemsOf(IdOf(definition)) : Array.Empty<OpenItem>();
    }

    /// <summary>The other blocking calls behind a call to <paramref name="definition"/>, a method of another project
    /// whose chain is carried (<see cref="Of"/> names the first).</summary>
    public IReadOnlyList<Location> SitesOf(IMethodSymbol definition)
    {
        var assembly = definition.ContainingAssembly;
        if (assembly is null || SymbolEqualityComparer.Default.Equals(assembly, _source))
        {
            return Array.Empty<Location>();
        }

        if (_referencedProjects.Value.TryGetValue(assembly, out var referencedProject))
        {
            return IsMarked(referencedProject.Assembly) && IdOf(definition) is { } id
                ? ChainExport.For(referencedProject, _options).SitesOf(id)
                : Array.Empty<Location>();
        }

        return ChainsOf(assembly) is { } file && file.MayHave(definition.Name) ? file.SitesOf(IdOf(definition)) : Array.Empty<Location>();
    }

    /// <summary>Whether <paramref name="definition"/>, a method of another project, returns an EF Core query (its
    /// project's build, or in an editor its source, says so).</summary>
    public bool ReturnsQuery(IMethodSymbol definition, BurstConfiguration configuration)
    {
        var assembly = definition.ContainingAssembly;
        if (assembly is null || SymbolEqualityComparer.Default.Equals(assembly, _source) || !MayBeOtherProject(assembly)
            || (!configuration.ExcludedApis.IsEmpty && configuration.ExcludedApis.Contains(definition)))
        {
            return false;
        }

        if (_referencedProjects.Value.TryGetValue(assembly, out var referencedProject))
        {
            return IsMarked(referencedProject.Assembly) && IdOf(definition) is { } id
                && ChainExport.For(referencedProject, _options).ReturnsQuery(id);
        }

        return ChainsOf(assembly) is { } file && file.MayHave(definition.Name) && file.ReturnsQuery(IdOf(definition));
    }

    /// <summary>The services the other projects of the solution register with dependency injection, with which
    /// implementations, and where ("DependencyInjection.cs of Shop.Infrastructure"): from their chains files in a build,
    /// from their source in an editor.</summary>
    public IEnumerable<(string Service, string Implementation, string Place, string RegisteredBy, string Construction)> Bindings()
    {
        foreach (var project in _referencedProjects.Value.Values)
        {
            if (IsMarked(project.Assembly))
            {
                foreach (var (service, implementation, file, registeredBy, construction) in ChainExport.For(project, _options).Registrations())
                {
                    yield return (service, implementation, PlaceIn(file, project.Assembly.Name), registeredBy, construction);
                }
            }
        }

        foreach (var named in _chainsFiles.Value)
        {
            foreach (var (service, implementation, file, registeredBy, construction) in s_files.GetValue(named.Value, static f => ChainsFile.Read(f, System.Threading.CancellationToken.None)).Bindings)
            {
                yield return (service, implementation, PlaceIn(file, named.Key), registeredBy, construction);
            }
        }
    }

    /// <summary>"DependencyInjection.cs of Shop.Infrastructure"; "" (no place named) where the record has no file, as for
    /// a tree of this project without one.</summary>
    private static string PlaceIn(string file, string project) => file.Length > 0 ? file + " of " + project : "";

    /// <summary>The member an open call names, as this compilation sees it; null when it sees no such method.</summary>
    public IMethodSymbol? Resolve(string memberId)
        => DocumentationCommentId.GetFirstSymbolForDeclarationId(memberId, _compilation) is IMethodSymbol member ? member.OriginalDefinition : null;

    /// <summary>
    /// Cheap first question for every call into another assembly: could it be another project of the solution (a
    /// referenced compilation, an assembly its build marked, or one the build lists as a project reference)? Most
    /// calls go into the framework and packages, for which the answer is kept per assembly symbol.
    /// </summary>
    public bool MayBeOtherProject(IAssemblySymbol assembly)
        => !SymbolEqualityComparer.Default.Equals(assembly, _source)
            && (_referencedProjects.Value.ContainsKey(assembly)
                || IsMarked(assembly)
                || _projectReferences.Value.Contains(assembly.Name)
                || _chainsFiles.Value.ContainsKey(assembly.Name));

    /// <summary>
    /// Whether <paramref name="assembly"/> is another project of the solution that does not reference the package, so
    /// that chains stop at its boundary (BURST903). In a build, a project is known by the list of project references the
    /// package's build file passes (<see cref="BuildProperties.ProjectReferences"/>); in an editor, by its
    /// compilation reference.
    /// </summary>
    public bool IsProjectWithoutPackage(IAssemblySymbol assembly)
    {
        if (SymbolEqualityComparer.Default.Equals(assembly, _source))
        {
            return false;
        }

        if (_referencedProjects.Value.TryGetValue(assembly, out var referencedProject))
        {
            return !IsMarked(referencedProject.Assembly);
        }

        return _projectReferences.Value.Contains(assembly.Name) && !IsMarked(assembly) && !_chainsFiles.Value.ContainsKey(assembly.Name);
    }

    /// <summary>
    /// The projects referenced as compilations, by the assembly symbol this compilation sees for each: the project's own,
    /// or, where their references differ, a retargeting one, whose symbols are not the project's.
    /// </summary>
    private Dictionary<IAssemblySymbol, Compilation> FindReferencedProjects()
    {
        var projects = new Dictionary<IAssemblySymbol, Compilation>(SymbolEqualityComparer.Default);
        foreach (var reference in _compilation.References)
        {
            if (reference is CompilationReference project && _compilation.GetAssemblyOrModuleSymbol(reference) is IAssemblySymbol assembly)
            {
                projects[assembly] = project.Compilation;
            }
        }

        return projects;
    }

    /// <summary>The chains file the build passed for <paramref name="assembly"/>, read once per file.</summary>
    private ChainsFile? ChainsOf(IAssemblySymbol assembly)
        => _chainsFiles.Value.TryGetValue(assembly.Name, out var text)
            ? s_files.GetValue(text, static file => ChainsFile.Read(file, System.Threading.CancellationToken.None))
            : null;

    private Dictionary<string, AdditionalText> FindChainsFiles()
    {
        var files = new Dictionary<string, AdditionalText>(StringComparer.OrdinalIgnoreCase);
        foreach (var file in _additionalFiles)
        {
            if (ChainsFile.AssemblyNameOf(file) is { } name)
            {
                files[name] = file;
            }
        }

        return files;
    }

    /// <summary>Built with the package: its generator wrote the marker (in an editor too, from its design-time build).</summary>
    private static bool IsMarked(IAssemblySymbol assembly) => s_marked.GetValue(assembly, s_readMarker) == s_isMarked;

    private static object ReadMarker(IAssemblySymbol assembly)
        => assembly.AssemblyMetadataOf(CarriedChain.MarkerKey) is null ? s_isNotMarked : s_isMarked;
}
