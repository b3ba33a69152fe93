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
    private readonly Compilation _compilation;
    private readonly Lazy<(HashSet<IMethodSymbol> Inherited, Dictionary<INamedTypeSymbol, List<(INamedTypeSymbol Derived, INamedTypeSymbol Base)>> Derived)> _baseClasses;
    private readonly RequestHandlerModel _handlers;
    private readonly CarriedChains _carried;
    private readonly Lazy<ImmutableArray<IAssemblySymbol>> _otherProjects;
    private readonly ConcurrentDictionary<BurstConfiguration, Lazy<Dictionary<INamedTypeSymbol, List<OpenHandlerCall>>>> _byConfiguration = new();
    private readonly Func<BurstConfiguration, Lazy<Dictionary<INamedTypeSymbol, List<OpenHandlerCall>>>> _index;

    public HandlersInOtherProjects(Compilation compilation, RequestHandlerModel handlers, CarriedChains carried)
    {
        _compilation = compilation;
        _baseClasses = new Lazy<(HashSet<IMethodSymbol>, Dictionary<INamedTypeSymbol, List<(INamedTypeSymbol, INamedTypeSymbol)>>)>(
            BaseClasses, System.Threading.LazyThreadSafetyMode.ExecutionAndPublication);
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
    /// The open calls of other projects' request handlers that a registration of <paramref name="service"/> runs:
    /// calls of its members or of an interface's it inherits (<c>IOrderStore : IReadStore</c>, the handler calling
    /// <c>Load</c> declared on <c>IReadStore</c>); null when there are none. Where a call carries the service it was
    /// made through (<see cref="OpenHandlerCall.Construction"/>: the receiver's interface where it is not the one
    /// declaring the member, or a closed construction), that is the service the handler asked dependency injection for,
    /// and only its registration takes the call: <c>IRepository&lt;Customer&gt;</c>'s takes the calls through
    /// <c>IRepository&lt;Customer&gt;</c>, not those through <c>IRepository&lt;Order&gt;</c> nor through a per-entity
    /// <c>ICustomerRepository</c> (whose own registration takes those), and an open generic
    /// (<c>typeof(IRepository&lt;&gt;)</c>) takes the calls through any of its constructions. A call through the
    /// declaring interface itself (a helper's <c>IRepository&lt;Customer&gt;</c> parameter, a field, a cast; or one not
    /// generic) does not tell which service was asked for, and is taken by a registration of it or of an interface
    /// inheriting it; one through a construction not known (<c>IRepository&lt;T&gt;</c> that no deriving class closed, or
    /// carried by an older writer), only by a registration of that type or its open generic.
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
        var served = everyConstruction ? null : ServiceConstructions.ServiceIdOf(registered);
        List<OpenHandlerCall>? found = null;
        AddThrough(index, registered, registered, everyConstruction, served, ref found);
        foreach (var inherited in registered.AllInterfaces)
        {
            AddThrough(index, registered, inherited, everyConstruction, served, ref found);
        }

        return found;
    }

    private static void AddThrough(
        Dictionary<INamedTypeSymbol, List<OpenHandlerCall>> index,
        INamedTypeSymbol registered,
        INamedTypeSymbol declaring,
        bool everyConstruction,
        string? served,
        ref List<OpenHandlerCall>? found)
    {
        if (!index.TryGetValue(declaring.OriginalDefinition, out var calls))
        {
            return;
        }

        // A call made through the declaring construction itself (a helper's IRepository<Customer> parameter, a field, a
        // cast) does not tell which service was asked for: every registration that binds that construction takes it.
        var throughDeclaring = ServiceConstructions.IdOf(declaring);
        foreach (var call in calls)
        {
            // A generic base's call once, as the base's, for an open generic; once per deriving class for the others.
            if (call.Scope == (everyConstruction ? OpenHandlerCallScope.ClosedRegistrations : OpenHandlerCallScope.OpenGenericRegistrations))
            {
                continue;
            }

            bool runs;
            if (call.Construction.Length > 0 && !ServiceConstructions.IsOverTypeParameters(call.Construction))
            {
                // The service asked for is known (another interface than the declaring one): the registration must
                // serve it; an open generic serves its constructions only (and none that does not resolve here).
                runs = everyConstruction
                    ? call.Asked is { } asked && SymbolEqualityComparer.Default.Equals(asked.OriginalDefinition, registered.OriginalDefinition)
                        || (throughDeclaring is not null && string.Equals(call.Construction, throughDeclaring, StringComparison.Ordinal))
                    : string.Equals(call.Construction, served, StringComparison.Ordinal)
                        || string.Equals(call.Construction, throughDeclaring, StringComparison.Ordinal);
            }
            else
            {
                // Not known: an open generic serves any construction; a closed one, only calls through itself.
                runs = everyConstruction || !ServiceConstructions.IsClosed(declaring);
            }

            if (runs)
            {
                (found ??= new List<OpenHandlerCall>()).Add(call);
            }
        }
    }

    /// <summary>
    /// The other projects' base classes, abstract or generic, whose public methods the concrete classes of those
    /// projects or this one that derive from them run as their own actions (<see cref="RequestHandlerModel.RunsInheritedActions"/>):
    /// the methods some such class inherits without overriding (a base method every derived class overrides, or one of
    /// a class nothing derives from, is never routed), and for each generic base, the classes deriving from it with the
    /// construction each derives from (<c>CrudController&lt;Customer&gt;</c>).
    /// </summary>
    private (HashSet<IMethodSymbol> Inherited, Dictionary<INamedTypeSymbol, List<(INamedTypeSymbol Derived, INamedTypeSymbol Base)>> Derived) BaseClasses()
    {
        var inherited = new HashSet<IMethodSymbol>(SymbolEqualityComparer.Default);
        var derived = new Dictionary<INamedTypeSymbol, List<(INamedTypeSymbol Derived, INamedTypeSymbol Base)>>(SymbolEqualityComparer.Default);
        // The deriving controllers may be this project's own (a host's CustomersController : CrudController<Customer>
        // of a shared library): the bases' actions are theirs, though no code here calls them.
        var projects = new HashSet<IAssemblySymbol>(_otherProjects.Value, SymbolEqualityComparer.Default) { _compilation.Assembly };
        HashSet<IMethodSymbol>? overridden = null;
        foreach (var assembly in _otherProjects.Value.Add(_compilation.Assembly))
        {
            foreach (var type in Implementations.TypesOf(assembly))
            {
                if (type.BaseType is not { } baseType || !projects.Contains(baseType.ContainingAssembly) || !_handlers.RunsInheritedActions(type))
                {
                    continue;
                }

                // Up the chain, within those projects (not into ControllerBase), the overrides met so far hide the
                // methods they override.
                overridden?.Clear();
                for (var current = type; current is not null && projects.Contains(current.ContainingAssembly); current = current.BaseType)
                {
                    var isBase = current.IsAbstract || current.IsGenericType;
                    if (current.IsGenericType)
                    {
                        var definition = current.OriginalDefinition;
                        if (!derived.TryGetValue(definition, out var classes))
                        {
                            derived.Add(definition, classes = new List<(INamedTypeSymbol Derived, INamedTypeSymbol Base)>());
                        }

                        classes.Add((type, current));
                    }

                    foreach (var member in current.GetMembers())
                    {
                        if (member is not IMethodSymbol { MethodKind: MethodKind.Ordinary, IsStatic: false } method)
                        {
                            continue;
                        }

                        if (isBase && method.DeclaredAccessibility == Accessibility.Public && !method.IsAbstract
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

        return (inherited, derived);
    }

    /// <summary>
    /// The call of a generic base's handler through a construction over the base's type parameters
    /// (<c>IRepository&lt;T&gt;</c> in <c>CrudController&lt;T&gt;</c>), once per class deriving from the base that runs the
    /// method as its own action (<c>CustomersController : CrudController&lt;Customer&gt;</c>, not overriding it), with
    /// the construction that class closes (<c>IRepository&lt;Customer&gt;</c>) and the handler named as that class's;
    /// false where no such class is found.
    /// </summary>
    private bool AddDerived(
        List<OpenHandlerCall> calls,
        IMethodSymbol method,
        RequestHandler handler,
        OpenItem item,
        IMethodSymbol called,
        Dictionary<INamedTypeSymbol, List<(INamedTypeSymbol Derived, INamedTypeSymbol Base)>> derived,
        Dictionary<string, INamedTypeSymbol?> asked)
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
            calls.Add(new OpenHandlerCall(method, own, item, called, closed, OpenHandlerCallScope.ClosedRegistrations, Asked(asked, closed), type));
            added = true;
        }

        return added;
    }

    /// <summary>The type a known construction names, resolved once per index (null where it names none here).</summary>
    private INamedTypeSymbol? Asked(Dictionary<string, INamedTypeSymbol?> resolved, string construction)
    {
        if (construction.Length <= 2 || ServiceConstructions.IsOverTypeParameters(construction))
        {
            return null;
        }

        if (!resolved.TryGetValue(construction, out var type))
        {
            type = DocumentationCommentId.GetFirstSymbolForReferenceId(construction.Substring(2), _compilation) as INamedTypeSymbol;
            resolved.Add(construction, type);
        }

        return type;
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

    /// <summary>Classes by name, then by full name where two share one (V1.CustomersController, V2.CustomersController).</summary>
    private static int ByName(INamedTypeSymbol left, INamedTypeSymbol right)
    {
        var byName = string.CompareOrdinal(left.Name, right.Name);
        return byName != 0 ? byName : string.CompareOrdinal(left.ToDisplayString(), right.ToDisplayString());
    }

    private Dictionary<INamedTypeSymbol, List<OpenHandlerCall>> Index(BurstConfiguration configuration)
    {
        var byService = new Dictionary<INamedTypeSymbol, List<OpenHandlerCall>>(SymbolEqualityComparer.Default);
        var (inherited, derived) = _baseClasses.Value;
        var asked = new Dictionary<string, INamedTypeSymbol?>(StringComparer.Ordinal);
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
                    // An abstract or generic base controller's public method is an action of each controller that derives
                    // from it and does not override it: asked once, as the base's, where one does.
                    if (member is not IMethodSymbol { MethodKind: MethodKind.Ordinary, IsStatic: false, DeclaredAccessibility: Accessibility.Public } method
                        || ((type.IsAbstract || type.IsGenericType) && !inherited.Contains(method))
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
                                && AddDerived(calls, method, handler, item, called, derived, asked))
                            {
                                calls.Add(new OpenHandlerCall(method, handler, item, called, item.Construction, OpenHandlerCallScope.OpenGenericRegistrations, asked: null));
                                continue;
                            }

                            calls.Add(new OpenHandlerCall(method, handler, item, called, item.Construction, OpenHandlerCallScope.Every, Asked(asked, item.Construction)));
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
                    : ByName(left.RunBy, right.RunBy);
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
    public OpenHandlerCall(IMethodSymbol method, RequestHandler handler, OpenItem item, IMethodSymbol called, string construction, OpenHandlerCallScope scope, INamedTypeSymbol? asked, INamedTypeSymbol? runBy = null)
    {
        RunBy = runBy ?? method.ContainingType;
        Method = method;
        Handler = handler;
        Item = item;
        Called = called;
        Construction = construction;
        Scope = scope;
        Asked = asked;
    }

    /// <summary>The class whose action this is: the deriving class for a generic base's call closed by it, else the
    /// method's own.</summary>
    public INamedTypeSymbol RunBy { get; }

    /// <summary>The type <see cref="Construction"/> names, as this compilation sees it; null where it names none or
    /// does not resolve here.</summary>
    public INamedTypeSymbol? Asked { get; }

    /// <summary>The service the call goes through (<see cref="OpenItem.Construction"/>), closed by the deriving class
    /// where it was over a generic base's type parameters.</summary>
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
