using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using BurstAnalyzers.Options;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// Chains that go on in another project of the solution: a handler's project calls a method of a class library it
/// references, and that method blocks further down, in the library or in the projects the library references.
/// <list type="bullet">
/// <item>In a build the reference is an assembly: the library's own build wrote its chains into it
/// (<see cref="CarriedChain"/> entries written by <see cref="Generators.BlockingChainsGenerator"/>), read here once per
/// assembly symbol, which later compilations with the same references share.</item>
/// <item>In an editor (and <c>dotnet format</c>) the reference is the library's compilation, source and all: the same
/// <see cref="ChainExport"/> the generator runs computes the chain from that source, once per method and compilation.</item>
/// </list>
/// Both run the same code on the same source, so the build and the editor report the same chains.
/// </summary>
internal sealed class CarriedChains
{
    private static readonly ConditionalWeakTable<IAssemblySymbol, Written> s_written = new();
    // Commas: a semicolon starts a comment in the analyzer config the build writes.
    private static readonly char[] s_listSeparators = { ',' };
    private static readonly ConditionalWeakTable<IAssemblySymbol, Written>.CreateValueCallback s_read = Written.Read;

    private readonly Compilation _compilation;
    private readonly IAssemblySymbol _source;
    private readonly AnalyzerConfigOptionsProvider _options;
    private readonly Lazy<Dictionary<IAssemblySymbol, Compilation>> _referencedProjects;
    private readonly Lazy<HashSet<string>> _projectReferences;

    public CarriedChains(Compilation compilation, AnalyzerConfigOptionsProvider options)
    {
        _compilation = compilation;
        _source = compilation.Assembly;
        _options = options;
        _referencedProjects = new Lazy<Dictionary<IAssemblySymbol, Compilation>>(FindReferencedProjects, System.Threading.LazyThreadSafetyMode.ExecutionAndPublication);
        _projectReferences = new Lazy<HashSet<string>>(ListProjectReferences, System.Threading.LazyThreadSafetyMode.ExecutionAndPublication);
    }

    private HashSet<string> ListProjectReferences()
    {
        var names = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        if (_options.GlobalOptions.TryGetValue("build_property.BurstAnalyzersProjectReferences", out var list))
        {
            foreach (var name in list.Split(s_listSeparators, StringSplitOptions.RemoveEmptyEntries))
            {
                names.Add(name.Trim());
            }
        }

        return names;
    }

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
            return s_written.GetValue(referencedProject.Assembly, s_read).IsMarked && definition.GetDocumentationCommentId() is { } id
                ? ChainExport.For(referencedProject, _options).Of(id)
                : null;
        }

        var written = s_written.GetValue(assembly, s_read);
        return written.MayHave(definition.Name) ? written.Get(definition.GetDocumentationCommentId()) : null;
    }

    /// <summary>
    /// Cheap first question for every call into another assembly: could it be another project of the solution (a
    /// referenced compilation, an assembly its build marked, or one the build lists as a project reference)? Most
    /// calls go into the framework and packages, for which the answer is kept per assembly symbol.
    /// </summary>
    public bool MayBeOtherProject(IAssemblySymbol assembly)
        => !SymbolEqualityComparer.Default.Equals(assembly, _source)
            && (_referencedProjects.Value.ContainsKey(assembly)
                || s_written.GetValue(assembly, s_read).IsMarked
                || _projectReferences.Value.Contains(assembly.Name));

    /// <summary>
    /// Whether <paramref name="assembly"/> is another project of the solution that does not reference the package, so
    /// that chains stop at its boundary (BURST903). In a build, a project is known by the list of project references the
    /// package's build file passes (<c>build_property.BurstAnalyzersProjectReferences</c>); in an editor, by its
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
            return !s_written.GetValue(referencedProject.Assembly, s_read).IsMarked;
        }

        return _projectReferences.Value.Contains(assembly.Name) && !s_written.GetValue(assembly, s_read).IsMarked;
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

    /// <summary>What a library's build wrote into its assembly; nothing for the many assemblies that are no such library.</summary>
    private sealed class Written
    {
        private static readonly Written s_none = new(new Dictionary<string, CarriedChain>(0, StringComparer.Ordinal), new HashSet<string>(StringComparer.Ordinal), isMarked: false);

        private readonly Dictionary<string, CarriedChain> _byMethodId;
        private readonly HashSet<string> _names;

        private Written(Dictionary<string, CarriedChain> byMethodId, HashSet<string> names, bool isMarked)
        {
            _byMethodId = byMethodId;
            _names = names;
            IsMarked = isMarked;
        }

        /// <summary>Built with the package (in an editor: the project references it, its generator ran).</summary>
        public bool IsMarked { get; }

        public bool MayHave(string methodName) => _names.Contains(methodName);

        public CarriedChain? Get(string? methodId) => methodId is not null && _byMethodId.TryGetValue(methodId, out var chain) ? chain : null;

        public static Written Read(IAssemblySymbol assembly)
        {
            Dictionary<string, CarriedChain>? byMethodId = null;
            HashSet<string>? names = null;
            var marked = false;
            foreach (var attribute in assembly.GetAttributes())
            {
                if (attribute.AttributeClass is not { Name: "AssemblyMetadataAttribute" } type
                    || type.ContainingNamespace?.ToDisplayString() != "System.Reflection"
                    || attribute.ConstructorArguments.Length != 2
                    || attribute.ConstructorArguments[0].Value is not string key)
                {
                    continue;
                }

                if (key == CarriedChain.MarkerKey)
                {
                    marked = true;
                    continue;
                }

                if (key != CarriedChain.MetadataKey || CarriedChain.TryParse(attribute.ConstructorArguments[1].Value as string) is not { } chain)
                {
                    continue;
                }

                byMethodId ??= new Dictionary<string, CarriedChain>(StringComparer.Ordinal);
                names ??= new HashSet<string>(StringComparer.Ordinal);
                byMethodId[chain.MethodId] = chain;
                names.Add(NameOf(chain.MethodId));
            }

            return byMethodId is null || names is null
                ? (marked ? new Written(s_none._byMethodId, s_none._names, isMarked: true) : s_none)
                : new Written(byMethodId, names, isMarked: true);
        }

        /// <summary>"M:N.T.Orders(System.String)" → "Orders"; "M:N.T.#ctor" → ".ctor", as the symbol names it.</summary>
        private static string NameOf(string methodId)
        {
            var end = methodId.IndexOf('(');
            var path = end < 0 ? methodId : methodId.Substring(0, end);
            var generic = path.IndexOf("``", StringComparison.Ordinal);
            if (generic >= 0)
            {
                path = path.Substring(0, generic);
            }

            var name = path.Substring(path.LastIndexOf('.') + 1);
            return name.Replace('#', '.');
        }
    }
}
