using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Threading;
using BurstAnalyzers.Blocking;
using BurstAnalyzers.Handlers;
using BurstAnalyzers.Internals;
using BurstAnalyzers.Options;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// Which methods of this compilation a call may run. A call binds to one method; through an interface or a virtual
/// method it may run any implementation or override, and every one of them is a candidate. Keys are original
/// definitions: a summary of <c>Cache&lt;T&gt;.Get</c> serves <c>Cache&lt;Order&gt;.Get</c> and every other
/// construction, since a body is bound once for all type arguments.
/// </summary>
internal sealed class CallTargets
{
    private readonly IAssemblySymbol _source;
    private readonly Lazy<Implementations> _implementations;
    private readonly Lazy<DerivedTypes> _derivedTypes;
    private readonly Func<bool> _indexWholeCompilation;
    private readonly Func<IAssemblySymbol, bool> _isOtherProject;
    private readonly ServiceBindings? _bindings;
    private readonly ConcurrentDictionary<IMethodSymbol, ImmutableArray<IMethodSymbol>> _virtualTargets = new(SymbolEqualityComparer.Default);
    private readonly Func<IMethodSymbol, ImmutableArray<IMethodSymbol>> _findVirtualTargets;
    private readonly ConcurrentDictionary<IMethodSymbol, ImmutableArray<IMethodSymbol>> _targetsInOtherProjects = new(SymbolEqualityComparer.Default);
    private readonly Func<IMethodSymbol, ImmutableArray<IMethodSymbol>> _findTargetsInOtherProjects;
    private readonly Lazy<Dictionary<INamedTypeSymbol, List<INamedTypeSymbol>>> _otherProjectTypes;
    private readonly Compilation _compilation;
    private readonly ConcurrentDictionary<INamedTypeSymbol, bool> _registrationsDecide = new(SymbolEqualityComparer.Default);
    private readonly Func<INamedTypeSymbol, bool> _findRegistrationsDecide;
    private readonly Func<IMethodSymbol, bool> _inSourceScope;
    private readonly Func<IMethodSymbol, bool> _inOtherProjectScope;

    /// <summary>Implementations are indexed for the whole compilation at once (see <see cref="Implementations"/>).</summary>
    public CallTargets(Compilation compilation)
        : this(compilation, static () => true, static _ => false, bindings: null)
    {
    }

    /// <summary>
    /// Implementations are indexed for the whole compilation while <paramref name="indexWholeCompilation"/> says so (a
    /// build: every file is analysed), else looked up method by method among the types that may implement it (an
    /// editor: one document per compilation). Both give the same answer. <paramref name="isOtherProject"/>: whether a
    /// referenced assembly is another project of the solution, whose interfaces and virtual methods this one implements.
    /// <paramref name="bindings"/>: where dependency injection registers a service type, only the implementations it
    /// registers run for a call through it.
    /// </summary>
    public CallTargets(Compilation compilation, Func<bool> indexWholeCompilation, Func<IAssemblySymbol, bool> isOtherProject, ServiceBindings? bindings)
    {
        _source = compilation.Assembly;
        _compilation = compilation;
        _findRegistrationsDecide = FindRegistrationsDecide;
        _inSourceScope = IsInSource;
        _inOtherProjectScope = method => !IsInSource(method) && method.ContainingAssembly is { } declared && isOtherProject(declared);
        _isOtherProject = isOtherProject;
        _bindings = bindings;
        _implementations = new Lazy<Implementations>(() => Implementations.Build(_source, _isOtherProject), LazyThreadSafetyMode.ExecutionAndPublication);
        _derivedTypes = new Lazy<DerivedTypes>(() => new DerivedTypes(compilation), LazyThreadSafetyMode.ExecutionAndPublication);
        _indexWholeCompilation = indexWholeCompilation;
        _findVirtualTargets = FindVirtualTargets;
        _findTargetsInOtherProjects = FindTargetsInOtherProjects;
        _otherProjectTypes = new Lazy<Dictionary<INamedTypeSymbol, List<INamedTypeSymbol>>>(
            () => Implementations.TypesByContract(OtherProjects(compilation, isOtherProject)), LazyThreadSafetyMode.ExecutionAndPublication);
    }

    /// <summary>The method a call names, as declared: unreduced, unconstructed.</summary>
    public static IMethodSymbol Definition(IMethodSymbol method) => (method.ReducedFrom ?? method).OriginalDefinition;

    /// <summary>The assembly the compilation builds: its methods are the ones with bodies here.</summary>
    public IAssemblySymbol SourceAssembly => _source;

    public bool IsInSource(IMethodSymbol method) => SourceOrder.IsIn(method, _source);

    public bool IsInSource(IPropertySymbol property) => SymbolEqualityComparer.Default.Equals(property.ContainingAssembly, _source);

    /// <summary>
    /// Whether a call to <paramref name="definition"/> runs code of this compilation: a method declared here, or
    /// through an interface or virtual member of another project of the solution, an implementation or override
    /// declared here (a repository interface of the domain project, implemented in this one).
    /// </summary>
    public bool RunsHere(IMethodSymbol definition, bool virtualCall)
    {
        if (IsInSource(definition))
        {
            return true;
        }

        if (!virtualCall || !IsOverridable(definition) || definition.ContainingAssembly is not { } declared || !_isOtherProject(declared))
        {
            return false;
        }

        foreach (var target in Of(definition, virtualCall))
        {
            if (IsInSource(target))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// Whether a call to <paramref name="definition"/> may run code another project of the solution declares: through
    /// an interface or virtual member that a project above may implement — one of this compilation visible outside it,
    /// or another project's. Framework and package members are left to the catalogue.
    /// </summary>
    public bool MayRunElsewhere(IMethodSymbol definition, bool virtualCall)
        => virtualCall
            && IsOverridable(definition)
            && (IsInSource(definition)
                ? definition.IsVisibleToOtherAssemblies(throughInternalsVisibleTo: true)
                : definition.ContainingAssembly is { } declared && _isOtherProject(declared));

    /// <summary>The methods a call to <paramref name="definition"/> may run: itself, or with
    /// <paramref name="virtualCall"/> itself (unless abstract) and every override and implementation, in source order.</summary>
    public ImmutableArray<IMethodSymbol> Of(IMethodSymbol definition, bool virtualCall)
        => virtualCall && IsOverridable(definition)
            ? _virtualTargets.GetOrAdd(definition, _findVirtualTargets)
            : ImmutableArray.Create(definition);

    /// <summary>
    /// The implementations and overrides in the other projects this one references that a call through
    /// <paramref name="definition"/>, another project's interface or virtual member, may run — those dependency injection
    /// registers where it registers the service (the data project's EfRepository behind the common project's
    /// IRepository, bound in this host). Their projects' builds carry what they do.
    /// </summary>
    public ImmutableArray<IMethodSymbol> InOtherProjects(IMethodSymbol definition, bool virtualCall)
        => virtualCall && IsOverridable(definition) && !IsInSource(definition) && definition.ContainingAssembly is { } declared && _isOtherProject(declared)
            ? _targetsInOtherProjects.GetOrAdd(definition, _findTargetsInOtherProjects)
            : ImmutableArray<IMethodSymbol>.Empty;

    /// <summary>
    /// Where dependency injection registers <paramref name="target"/>'s type for the type of <paramref name="called"/>, as
    /// a message names it ("(registered in Program.cs)" after the implementation): only for a call that dispatched
    /// (<paramref name="target"/> is not the method called) and where a registration decided it; null otherwise. Where
    /// the registered type runs <paramref name="target"/> without declaring it (inherited from a base class), its
    /// registration is named with it: "(registered in Startup.cs as SqlOrderStore)".
    /// </summary>
    public string? RegisteredIn(IMethodSymbol? called, IMethodSymbol target)
    {
        if (_bindings is null
            || called?.ContainingType?.OriginalDefinition is not { } service
            || target.ContainingType?.OriginalDefinition is not { } implementation
            || SymbolEqualityComparer.Default.Equals(service, implementation))
        {
            return null;
        }

        if (_bindings.RegisteredIn(service, implementation) is { } place)
        {
            return place;
        }

        // The first by ordinal of the registered types that run it, so a build and an editor name the same.
        var definition = Definition(called);
        string? inherited = null;
        foreach (var id in _bindings.ImplementationsOf(service))
        {
            if (DocumentationCommentId.GetFirstSymbolForDeclarationId(id, _compilation) is INamedTypeSymbol registered
                && !SymbolEqualityComparer.Default.Equals(registered.OriginalDefinition, implementation)
                && SymbolEqualityComparer.Default.Equals(RunsFor(registered, definition), target.OriginalDefinition)
                && _bindings.RegisteredIn(service, registered) is { } registeredPlace
                && registeredPlace + " as " + registered.Name is var named
                && (inherited is null || string.CompareOrdinal(named, inherited) < 0))
            {
                inherited = named;
            }
        }

        return inherited;
    }

    /// <summary>
    /// Whether dependency injection decides which implementations a call through <paramref name="definition"/>, an
    /// abstract or interface member of another project, runs: each registered implementation is a public type this
    /// compilation sees, and each implementation in another project is a method its own project carries (an ordinary
    /// method another assembly may call). Then what the registered implementations do is the answer, not the one the
    /// member's own project gives (the first of its implementations that blocks, registered or not: a library that
    /// declares <c>IStockStore</c> with a file store and a memory store, the host registering the memory one). Where a
    /// registered implementation is internal to its library, or an explicit interface implementation (its project
    /// carries nothing for it), the member's own answer stands, in a build as in an editor.
    /// </summary>
    public bool RegistrationsDecide(IMethodSymbol definition, bool virtualCall)
    {
        if (!virtualCall
            || _bindings is null
            || !definition.IsAbstract
            || definition.ContainingType?.OriginalDefinition is not { } service
            || !_registrationsDecide.GetOrAdd(service, _findRegistrationsDecide))
        {
            return false;
        }

        foreach (var target in InOtherProjects(definition, virtualCall))
        {
            if (target.MethodKind is not (MethodKind.Ordinary or MethodKind.PropertyGet or MethodKind.PropertySet)
                || !target.IsVisibleToOtherAssemblies(throughInternalsVisibleTo: true))
            {
                return false;
            }
        }

        return true;
    }

    private bool FindRegistrationsDecide(INamedTypeSymbol service)
    {
        if (!_bindings!.IsRegistered(service))
        {
            return false;
        }

        foreach (var id in _bindings.ImplementationsOf(service))
        {
            if (DocumentationCommentId.GetFirstSymbolForDeclarationId(id, _compilation) is not INamedTypeSymbol implementation
                || !implementation.IsVisibleToOtherAssemblies(throughInternalsVisibleTo: false))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>What a call whose value may be a query may run (<see cref="QuerySource"/>): methods of this compilation,
    /// unless excluded by the options; null for any other call.</summary>
    public QuerySource? QuerySourceOf(QueryOrigin origin, BurstConfiguration configuration)
    {
        if (origin.Called is not { } called)
        {
            return null;
        }

        var definition = Definition(called);
        var virtualCall = IsVirtualCall(origin.Operation);
        if (!RunsHere(definition, virtualCall) || (!configuration.ExcludedApis.IsEmpty && configuration.ExcludedApis.Contains(definition)))
        {
            return null;
        }

        return new QuerySource(definition, Of(definition, virtualCall), inOtherProject: false);
    }

    /// <summary>A call (an invocation or a property's getter) that dispatches on the receiver's runtime type.</summary>
    public static bool IsVirtualCall(IOperation call) => call switch
    {
        IInvocationOperation invocation => invocation.IsVirtual,
        IPropertyReferenceOperation property => IsVirtualCall(property),
        _ => false,
    };

    /// <summary>A call through the receiver's type, not <c>base.</c>: the runtime type picks the accessor.</summary>
    public static bool IsVirtualCall(IPropertyReferenceOperation reference)
        => reference.Instance is { } instance && !(instance is IInstanceReferenceOperation && instance.Syntax.IsKind(SyntaxKind.BaseExpression));

    /// <summary>
    /// The implementations dependency injection may give for a call through <paramref name="definition"/> (all of
    /// <paramref name="implementations"/> when it registers none of them, or the service nowhere): those whose type is
    /// registered for the service, and for each registered type the method that runs for it where that type does not
    /// declare it — inherited from a base class the service does not name, or an override of the base's implementation
    /// (<see cref="RunsFor"/>). Of those, the ones <paramref name="inScope"/> keeps (this compilation's, or the other
    /// projects'), ordered by <paramref name="order"/>.
    /// </summary>
    private ImmutableArray<IMethodSymbol> Registered(
        IMethodSymbol definition,
        INamedTypeSymbol service,
        ImmutableArray<IMethodSymbol> implementations,
        Func<IMethodSymbol, bool> inScope,
        Comparison<IMethodSymbol> order)
    {
        if (!_bindings!.IsRegistered(service))
        {
            return implementations;
        }

        List<IMethodSymbol>? kept = null;
        for (var i = 0; i < implementations.Length; i++)
        {
            var runs = implementations[i].ContainingType is not { } type || _bindings.MayRun(service, type);
            if (!runs && kept is null)
            {
                kept = new List<IMethodSymbol>(implementations.Length);
                for (var j = 0; j < i; j++)
                {
                    kept.Add(implementations[j]);
                }
            }
            else if (runs)
            {
                kept?.Add(implementations[i]);
            }
        }

        var added = false;
        foreach (var id in _bindings.ImplementationsOf(service))
        {
            if (DocumentationCommentId.GetFirstSymbolForDeclarationId(id, _compilation) is INamedTypeSymbol registered
                && RunsFor(registered, definition) is { } runs
                && inScope(runs)
                && !(kept is null ? IndexOf(implementations, runs) >= 0 : kept.Exists(m => SymbolEqualityComparer.Default.Equals(m, runs))))
            {
                kept ??= new List<IMethodSymbol>(implementations);
                kept.Add(runs);
                added = true;
            }
        }

        if (kept is null)
        {
            return implementations;
        }

        if (added)
        {
            kept.Sort(order);
        }

        return kept.ToImmutableArray();
    }

    /// <summary>
    /// The method a call through <paramref name="definition"/> runs on an instance of <paramref name="type"/>: the
    /// interface member's implementation in it (which may be a base class's method), or the class member itself, and
    /// then the override nearest <paramref name="type"/> (an original definition); null where the type does not
    /// implement or derive from the member's type, or where what runs is abstract.
    /// </summary>
    public static IMethodSymbol? RunsFor(INamedTypeSymbol type, IMethodSymbol definition)
    {
        var contract = definition.ContainingType.OriginalDefinition;
        IMethodSymbol? mapped = null;
        if (contract.TypeKind == TypeKind.Interface)
        {
            foreach (var implemented in type.AllInterfaces)
            {
                if (!SymbolEqualityComparer.Default.Equals(implemented.OriginalDefinition, contract))
                {
                    continue;
                }

                foreach (var member in implemented.GetMembers(definition.Name))
                {
                    if (member is IMethodSymbol method
                        && SymbolEqualityComparer.Default.Equals(method.OriginalDefinition, definition)
                        && type.FindImplementationForInterfaceMember(method) is IMethodSymbol implementation)
                    {
                        mapped = implementation.OriginalDefinition;
                        break;
                    }
                }

                if (mapped is not null)
                {
                    break;
                }
            }
        }
        else
        {
            mapped = definition;
        }

        if (mapped is null || !(mapped.IsVirtual || mapped.IsAbstract || mapped.IsOverride))
        {
            return mapped is { IsAbstract: false } ? mapped : null;
        }

        // The nearest override up the registered type's chain; reaching the mapped method's own type, it runs itself.
        var declaring = mapped.ContainingType.OriginalDefinition;
        for (var current = type.OriginalDefinition; current is not null; current = current.BaseType?.OriginalDefinition)
        {
            if (SymbolEqualityComparer.Default.Equals(current, declaring))
            {
                return mapped.IsAbstract ? null : mapped;
            }

            foreach (var member in current.GetMembers(mapped.Name))
            {
                if (member is IMethodSymbol { IsOverride: true } candidate && Overrides(candidate, mapped))
                {
                    return candidate.IsAbstract ? null : candidate.OriginalDefinition;
                }
            }
        }

        return null;
    }

    private static int IndexOf(ImmutableArray<IMethodSymbol> methods, IMethodSymbol method)
    {
        for (var i = 0; i < methods.Length; i++)
        {
            if (SymbolEqualityComparer.Default.Equals(methods[i], method))
            {
                return i;
            }
        }

        return -1;
    }

    private static bool Overrides(IMethodSymbol method, IMethodSymbol overridden)
    {
        for (var current = method.OverriddenMethod; current is not null; current = current.OverriddenMethod)
        {
            if (SymbolEqualityComparer.Default.Equals(current.OriginalDefinition, overridden))
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsOverridable(IMethodSymbol method)
        => !method.IsStatic && !method.IsSealed && (method.IsVirtual || method.IsAbstract || method.IsOverride);

    private ImmutableArray<IMethodSymbol> FindTargetsInOtherProjects(IMethodSymbol definition)
    {
        if (!_otherProjectTypes.Value.TryGetValue(definition.ContainingType.OriginalDefinition, out var candidates))
        {
            return ImmutableArray<IMethodSymbol>.Empty;
        }

        var implementations = Implementations.AmongTypes(definition, candidates);
        return _bindings is not null && definition.ContainingType is { } service
            ? Registered(definition, service, implementations, _inOtherProjectScope, Implementations.OtherProjectsOrder)
            : implementations;
    }

    /// <summary>The assemblies <paramref name="compilation"/> references that <paramref name="isOtherProject"/> takes for
    /// other projects of the solution.</summary>
    public static ImmutableArray<IAssemblySymbol> OtherProjects(Compilation compilation, Func<IAssemblySymbol, bool> isOtherProject)
    {
        var found = ImmutableArray.CreateBuilder<IAssemblySymbol>();
        foreach (var assembly in compilation.SourceModule.ReferencedAssemblySymbols)
        {
            if (isOtherProject(assembly))
            {
                found.Add(assembly);
            }
        }

        return found.ToImmutable();
    }

    private ImmutableArray<IMethodSymbol> FindVirtualTargets(IMethodSymbol definition)
    {
        // No cancellation token reaches a ConcurrentDictionary factory; the lookup binds declarations only.
        var implementations = _indexWholeCompilation()
            ? _implementations.Value.Of(definition)
            : Implementations.Find(definition, _source, _derivedTypes.Value, CancellationToken.None);
        if (_bindings is not null && definition.ContainingType is { } service)
        {
            implementations = Registered(definition, service, implementations, _inSourceScope, SourceOrder.Compare);
        }

        if (definition.IsAbstract)
        {
            return implementations;
        }

        var targets = ImmutableArray.CreateBuilder<IMethodSymbol>(implementations.Length + 1);
        targets.Add(definition);
        targets.AddRange(implementations);
        targets.Sort(SourceOrder.Compare);
        return targets.MoveToImmutable();
    }
}
