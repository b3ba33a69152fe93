using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using BurstAnalyzers.CallGraph;
using BurstAnalyzers.FactsFiles;
using BurstAnalyzers.Handlers;
using BurstAnalyzers.Internals;
using BurstAnalyzers.Options;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.CrossProject;

/// <summary>
/// Request handlers of another project of the solution whose calls through an interface stay open there: an API
/// library's controllers call <c>IOrderStore.Load</c>, which its build sees declared but implemented nowhere, while the
/// implementation lives in an infrastructure library the API library does not reference. Only the host references
/// both, and it registers the binding; neither library's build can report the route, and the host has no call of the
/// handler to report at. So the host reports it at the registration that binds a blocking implementation into those
/// handlers (<see cref="Rules.CallChainAnalysis"/>). Indexed once per compilation and configuration: by service type,
/// each handler's open call of one of its members (<see cref="OpenItem"/>, carried by the handler's project).
/// </summary>
internal sealed class HandlersInOtherProjects
{
    private readonly RequestHandlerModel _handlers;
    private readonly CarriedChains _carried;
    private readonly Lazy<ImmutableArray<IAssemblySymbol>> _otherProjects;
    private readonly ConcurrentDictionary<BurstConfiguration, Lazy<Dictionary<INamedTypeSymbol, List<OpenHandlerCall>>>> _byConfiguration = new();
    private readonly Func<BurstConfiguration, Lazy<Dictionary<INamedTypeSymbol, List<OpenHandlerCall>>>> _index;

    public HandlersInOtherProjects(Compilation compilation, RequestHandlerModel handlers, CarriedChains carried)
    {
        _handlers = handlers;
        _carried = carried;
        _otherProjects = new Lazy<ImmutableArray<IAssemblySymbol>>(
            () => CallTargets.OtherProjects(compilation, assembly => carried.MayBeOtherProject(assembly) && !carried.IsProjectWithoutPackage(assembly)),
            System.Threading.LazyThreadSafetyMode.ExecutionAndPublication);
        _index = configuration => new Lazy<Dictionary<INamedTypeSymbol, List<OpenHandlerCall>>>(
            () => Index(configuration), System.Threading.LazyThreadSafetyMode.ExecutionAndPublication);
    }

    /// <summary>Whether any other project of the solution is referenced: if none, no registration needs a look.</summary>
    public bool AnyOtherProject => _otherProjects.Value.Length > 0;

    /// <summary>
    /// The open calls of other projects' request handlers through a member of <paramref name="service"/>, the type a
    /// registration names, or of an interface it inherits (<c>IOrderStore : IReadStore</c>, the handler calling
    /// <c>Load</c> declared on <c>IReadStore</c>); null when there are none. The construction a call carries
    /// (<see cref="OpenItem.Construction"/>) must be one the registration binds: a closed one it names or inherits
    /// (<c>IRepository&lt;Customer&gt;</c>, or <c>ICustomerRepository : IRepository&lt;Customer&gt;</c>) takes the calls
    /// made through that construction, so a registration of <c>IRepository&lt;Customer&gt;</c> is not blamed for a call
    /// through <c>IRepository&lt;Order&gt;</c>, whether of <c>Get</c> or of <c>IUnitOfWork.Save</c> it inherits, nor for
    /// one whose construction is not known (made through <c>IRepository&lt;T&gt;</c>, or carried by an older writer).
    /// An open generic (<c>typeof(IRepository&lt;&gt;)</c>) serves every construction and takes them all.
    /// </summary>
    public List<OpenHandlerCall>? Through(INamedTypeSymbol service, BurstConfiguration configuration)
    {
        var index = _byConfiguration.GetOrAdd(configuration, _index).Value;
        if (index.Count == 0)
        {
            return null;
        }

        var registered = service.IsUnboundGenericType ? service.OriginalDefinition : service;
        var everyConstruction = registered.IsGenericType && !ServiceConstructions.IsClosed(registered);
        HashSet<string>? bound = null;
        List<OpenHandlerCall>? found = null;
        AddThrough(index, registered, registered, everyConstruction, ref bound, ref found);
        foreach (var inherited in registered.AllInterfaces)
        {
            AddThrough(index, registered, inherited, everyConstruction, ref bound, ref found);
        }

        return found;
    }

    private static void AddThrough(
        Dictionary<INamedTypeSymbol, List<OpenHandlerCall>> index,
        INamedTypeSymbol registered,
        INamedTypeSymbol declaring,
        bool everyConstruction,
        ref HashSet<string>? bound,
        ref List<OpenHandlerCall>? found)
    {
        if (!index.TryGetValue(declaring.OriginalDefinition, out var calls))
        {
            return;
        }

        if (everyConstruction)
        {
            foreach (var call in calls)
            {
                // A generic base's call once, as the base's, not once more per class deriving from it.
                if (call.Scope != OpenHandlerCallScope.ClosedRegistrations)
                {
                    (found ??= new List<OpenHandlerCall>()).Add(call);
                }
            }

            return;
        }

        // A member of a closed construction runs for calls through that construction; one of a type that is not
        // generic (IUnitOfWork.Save), for calls through no construction or one the registration binds.
        string? only = null;
        if (ServiceConstructions.IsClosed(declaring))
        {
            if ((only = ServiceConstructions.IdOf(declaring)) is null)
            {
                return;
            }
        }
        else
        {
            bound ??= ConstructionsOf(registered);
        }

        foreach (var call in calls)
        {
            if (call.Scope == OpenHandlerCallScope.OpenGenericRegistrations)
            {
                continue;
            }

            // A construction over a generic class's type parameters that no deriving class closed is not known.
            var construction = call.Construction;
            if (only is not null
                    ? string.Equals(construction, only, StringComparison.Ordinal)
                    : construction.Length == 0 || ServiceConstructions.IsOverTypeParameters(construction) || bound!.Contains(construction))
            {
                (found ??= new List<OpenHandlerCall>()).Add(call);
            }
        }
    }

    /// <summary>The closed constructions a registration of <paramref name="registered"/> binds: itself and the
    /// interfaces it inherits.</summary>
    private static HashSet<string> ConstructionsOf(INamedTypeSymbol registered)
    {
        var constructions = new HashSet<string>(StringComparer.Ordinal);
        if (ServiceConstructions.IdOf(registered) is { } own)
        {
            constructions.Add(own);
        }

        foreach (var inherited in registered.AllInterfaces)
        {
            if (ServiceConstructions.IdOf(inherited) is { } id)
            {
                constructions.Add(id);
            }
        }

        return constructions;
    }

    /// <summary>
    /// The public methods of the other projects' abstract classes that some public concrete class of those projects
    /// inherits without overriding: the ones a deriving controller runs as its action. A base method every derived class
    /// overrides, or one of a class nothing derives from, is never routed.
    /// </summary>
    private HashSet<IMethodSymbol> InheritedFromAbstractBases()
    {
        var inherited = new HashSet<IMethodSymbol>(SymbolEqualityComparer.Default);
        var projects = new HashSet<IAssemblySymbol>(_otherProjects.Value, SymbolEqualityComparer.Default);
        HashSet<IMethodSymbol>? overridden = null;
        foreach (var assembly in _otherProjects.Value)
        {
            foreach (var type in Implementations.TypesOf(assembly))
            {
                if (type.TypeKind != TypeKind.Class || type.IsAbstract || type.IsStatic || !type.IsVisibleToOtherAssemblies(throughInternalsVisibleTo: false)
                    || type.BaseType is not { IsAbstract: true })
                {
                    continue;
                }

                // Up the chain, within those projects (not into ControllerBase), the overrides met so far hide the
                // methods they override.
                overridden?.Clear();
                for (var current = type; current is not null && projects.Contains(current.ContainingAssembly); current = current.BaseType)
                {
                    foreach (var member in current.GetMembers())
                    {
                        if (member is not IMethodSymbol { MethodKind: MethodKind.Ordinary, IsStatic: false } method)
                        {
                            continue;
                        }

                        if (current.IsAbstract && method.DeclaredAccessibility == Accessibility.Public && !method.IsAbstract
                            && (overridden is null || !overridden.Contains(method.OriginalDefinition)))
                        {
                            inherited.Add(method.OriginalDefinition);
                        }

                        if (method.OverriddenMethod is { } hidden)
                        {
                            (overridden ??= new HashSet<IMethodSymbol>(SymbolEqualityComparer.Default)).Add(hidden.OriginalDefinition);
                        }
                    }
                }
            }
        }

        return inherited;
    }

    /// <summary>
    /// The call of a generic base's handler through a construction over the base's type parameters
    /// (<c>IRepository&lt;T&gt;</c> in <c>CrudController&lt;T&gt;</c>), once per class deriving from the base that runs the
    /// method as its own action (<c>CustomersController : CrudController&lt;Customer&gt;</c>, not overriding it), with
    /// the construction that class closes (<c>IRepository&lt;Customer&gt;</c>) and the handler named as that class's;
    /// false where no such class is found.
    /// </summary>
    private static bool AddDerived(
        List<OpenHandlerCall> calls,
        IMethodSymbol method,
        RequestHandler handler,
        OpenItem item,
        IMethodSymbol called,
        Dictionary<INamedTypeSymbol, List<(INamedTypeSymbol Derived, INamedTypeSymbol Base)>> derived)
    {
        var declaring = method.ContainingType.OriginalDefinition;
        if (!derived.TryGetValue(declaring, out var classes))
        {
            return false;
        }

        var added = false;
        foreach (var (type, construction) in classes)
        {
            if (Overrides(type, declaring, method.OriginalDefinition)
                || ServiceConstructions.Substitute(item.Construction, construction) is not { } closed)
            {
                continue;
            }

            var own = new RequestHandler(type.Name + "." + method.Name, handler.IsServiceFactory);
            calls.Add(new OpenHandlerCall(method, own, item, called, closed, OpenHandlerCallScope.ClosedRegistrations));
            added = true;
        }

        return added;
    }

    /// <summary>Whether <paramref name="type"/>, or a class between it and <paramref name="declaring"/>, overrides
    /// <paramref name="method"/>.</summary>
    private static bool Overrides(INamedTypeSymbol type, INamedTypeSymbol declaring, IMethodSymbol method)
    {
        for (var current = type; current is not null && !SymbolEqualityComparer.Default.Equals(current.OriginalDefinition, declaring); current = current.BaseType)
        {
            foreach (var member in current.GetMembers(method.Name))
            {
                for (var overridden = (member as IMethodSymbol)?.OverriddenMethod; overridden is not null; overridden = overridden.OverriddenMethod)
                {
                    if (SymbolEqualityComparer.Default.Equals(overridden.OriginalDefinition, method))
                    {
                        return true;
                    }
                }
            }
        }

        return false;
    }

    /// <summary>For each generic class of the other projects, the public concrete classes there that derive from it,
    /// each with the construction it derives from (<c>CrudController&lt;Customer&gt;</c>).</summary>
    private Dictionary<INamedTypeSymbol, List<(INamedTypeSymbol Derived, INamedTypeSymbol Base)>> DerivingClasses()
    {
        var derived = new Dictionary<INamedTypeSymbol, List<(INamedTypeSymbol Derived, INamedTypeSymbol Base)>>(SymbolEqualityComparer.Default);
        var projects = new HashSet<IAssemblySymbol>(_otherProjects.Value, SymbolEqualityComparer.Default);
        foreach (var assembly in _otherProjects.Value)
        {
            foreach (var type in Implementations.TypesOf(assembly))
            {
                if (type.TypeKind != TypeKind.Class || type.IsAbstract || type.IsStatic || type.IsGenericType
                    || !type.IsVisibleToOtherAssemblies(throughInternalsVisibleTo: false))
                {
                    continue;
                }

                for (var current = type.BaseType; current is not null && projects.Contains(current.ContainingAssembly); current = current.BaseType)
                {
                    if (current.IsGenericType)
                    {
                        var definition = current.OriginalDefinition;
                        if (!derived.TryGetValue(definition, out var classes))
                        {
                            derived.Add(definition, classes = new List<(INamedTypeSymbol Derived, INamedTypeSymbol Base)>());
                        }

                        classes.Add((type, current));
                    }
                }
            }
        }

        return derived;
    }

    private Dictionary<INamedTypeSymbol, List<OpenHandlerCall>> Index(BurstConfiguration configuration)
    {
        var byService = new Dictionary<INamedTypeSymbol, List<OpenHandlerCall>>(SymbolEqualityComparer.Default);
        var inherited = InheritedFromAbstractBases();
        Dictionary<INamedTypeSymbol, List<(INamedTypeSymbol Derived, INamedTypeSymbol Base)>>? derived = null;
        foreach (var assembly in _otherProjects.Value)
        {
            foreach (var type in Implementations.TypesOf(assembly))
            {
                if (type.TypeKind != TypeKind.Class || type.IsStatic || !type.IsVisibleToOtherAssemblies(throughInternalsVisibleTo: false))
                {
                    continue;
                }

                foreach (var member in type.GetMembers())
                {
                    // An abstract base controller's public method is an action of each controller that derives from it
                    // and does not override it: asked once, as the base's, where one does.
                    if (member is not IMethodSymbol { MethodKind: MethodKind.Ordinary, IsStatic: false, DeclaredAccessibility: Accessibility.Public } method
                        || (type.IsAbstract && !inherited.Contains(method))
                        || _handlers.HandlerOf(method, configuration) is not { } handler)
                    {
                        continue;
                    }

                    foreach (var item in _carried.OpenCallsOf(method, configuration))
                    {
                        if (item.Kind == OpenKind.Call
                            && _carried.Resolve(item.TargetId) is { IsStatic: false, ContainingType: { } declaring } called)
                        {
                            var service = declaring.OriginalDefinition;
                            if (!byService.TryGetValue(service, out var calls))
                            {
                                byService.Add(service, calls = new List<OpenHandlerCall>());
                            }

                            if (ServiceConstructions.IsOverTypeParameters(item.Construction)
                                && AddDerived(calls, method, handler, item, called, derived ??= DerivingClasses()))
                            {
                                calls.Add(new OpenHandlerCall(method, handler, item, called, item.Construction, OpenHandlerCallScope.OpenGenericRegistrations));
                                continue;
                            }

                            calls.Add(new OpenHandlerCall(method, handler, item, called, item.Construction, OpenHandlerCallScope.Every));
                        }
                    }
                }
            }
        }

        // One order for a build (metadata) and an editor (source): by project, handler, where the call is, then the class.
        foreach (var calls in byService.Values)
        {
            calls.Sort(static (left, right) =>
            {
                var byProject = string.CompareOrdinal(left.Method.ContainingAssembly.Name, right.Method.ContainingAssembly.Name);
                if (byProject != 0)
                {
                    return byProject;
                }

                var byHandler = string.CompareOrdinal(left.Item.MethodId, right.Item.MethodId);
                if (byHandler != 0)
                {
                    return byHandler;
                }

                // A generic base's call: as the base's first, then by the class that runs it.
                var bySite = left.Item.Span.Start.CompareTo(right.Item.Span.Start);
                return bySite != 0 ? bySite
                    : left.Scope != right.Scope ? left.Scope.CompareTo(right.Scope)
                    : string.CompareOrdinal(left.Handler.DisplayName, right.Handler.DisplayName);
            });
        }

        return byService;
    }
}

/// <summary>Which registrations an <see cref="OpenHandlerCall"/> is matched against.</summary>
internal enum OpenHandlerCallScope
{
    /// <summary>Every registration of its service.</summary>
    Every,

    /// <summary>A generic base's call as the base's: only an open-generic registration, which binds each class's.</summary>
    OpenGenericRegistrations,

    /// <summary>The same call as a deriving class runs it: only a registration of a construction, or of a type that is
    /// not generic.</summary>
    ClosedRegistrations,
}

/// <summary>A request handler of another project and one open call it makes through a service's member.</summary>
internal sealed class OpenHandlerCall
{
    public OpenHandlerCall(IMethodSymbol method, RequestHandler handler, OpenItem item, IMethodSymbol called, string construction, OpenHandlerCallScope scope)
    {
        Method = method;
        Handler = handler;
        Item = item;
        Called = called;
        Construction = construction;
        Scope = scope;
    }

    /// <summary>The construction the call goes through (<see cref="OpenItem.Construction"/>), closed by the deriving
    /// class where it was over a generic base's type parameters.</summary>
    public string Construction { get; }

    public OpenHandlerCallScope Scope { get; }

    /// <summary>The handler method, in its own project.</summary>
    public IMethodSymbol Method { get; }

    public RequestHandler Handler { get; }

    /// <summary>The open call as the handler's project carries it: the way there, where the call is.</summary>
    public OpenItem Item { get; }

    /// <summary>The interface or virtual member it calls, as this compilation sees it (an original definition).</summary>
    public IMethodSymbol Called { get; }
}
