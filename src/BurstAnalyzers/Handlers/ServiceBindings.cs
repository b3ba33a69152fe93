using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Runtime.CompilerServices;
using System.Threading;
using BurstAnalyzers.Incremental;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// Which implementation dependency injection gives for a service type: <c>AddScoped&lt;IOrderStore, SqlOrderStore&gt;()</c>,
/// the Transient/Singleton/TryAdd*/Keyed forms, <c>AddScoped(typeof(IRepository&lt;&gt;), typeof(EfRepository&lt;&gt;))</c>
/// (open generics), a factory that returns <c>new SqlOrderStore(...)</c>, and <c>ServiceDescriptor</c>'s. A call through
/// the interface runs the registered implementation, not every class that implements it: where the application
/// registers the interface, only those count (<see cref="CallGraph.CallTargets"/>); where nothing registers it, every
/// implementation does. Registrations of the other projects of the solution (an <c>AddInfrastructure()</c> extension a
/// library defines) come with their chains files.
/// <para>
/// Each tree's registration calls are found from syntax once and kept with the tree; what a call registers is bound once
/// and kept with it under the compilation's <see cref="CompilationStamp"/> (it depends on declarations alone); what all
/// trees register, merged by service, is kept for the next compilation whose trees register the same.
/// </para>
/// </summary>
internal sealed class ServiceBindings
{
    private static readonly ConditionalWeakTable<SyntaxTree, Candidates> s_byTree = new();
    private static readonly ConditionalWeakTable<SyntaxTree, Candidates>.CreateValueCallback s_scan = Scan;

    // The registrations of the project's own trees, kept for the next compilation with the same declarations.
    private static readonly KeptTreeUnion<ImmutableArray<(string, string, string, string, string)>, Dictionary<string, Dictionary<string, string>>> s_own = new(SameRegistrations, Merge);

    private readonly Compilation _compilation;
    private readonly Func<IEnumerable<(string Service, string Implementation, string Place, string RegisteredBy, string Construction)>> _elsewhere;
    private readonly Lazy<Dictionary<string, Dictionary<string, string>>> _own;
    private readonly Lazy<Dictionary<string, Dictionary<string, string>>> _ofOtherProjects;
    private readonly Lazy<Dictionary<string, Dictionary<string, List<(string, string, string, string)>>>> _byRegisteringMethod;
    private readonly Lazy<List<(string Service, string Implementation, string File, string RegisteredBy, string Construction)>> _forProjectsAbove;
    private readonly KeptCallAnswers<ImmutableArray<(string, string, string, string)>> _bound;
    private readonly Func<IInvocationOperation, ImmutableArray<(string, string, string, string)>> _bind = Bind;
    private readonly Func<SyntaxTree, ImmutableArray<(string, string, string, string, string)>> _registeredIn;

    // The documentation ids MayRun asks for, per type: every call through an interface asks for the service's and each
    // implementation's base types', and a type's id is built anew each time.
    private readonly ConcurrentDictionary<INamedTypeSymbol, string?> _ids = new(SymbolEqualityComparer.Default);
    private static readonly Func<INamedTypeSymbol, string?> s_id = Id;

    /// <param name="elsewhere">The registrations the other projects of the solution carry (service, implementation, as
    /// documentation ids of their types' original definitions; where, as a message names it: "DependencyInjection.cs of
    /// Shop.Infrastructure").</param>
    public ServiceBindings(Compilation compilation, Func<IEnumerable<(string Service, string Implementation, string Place, string RegisteredBy, string Construction)>> elsewhere)
    {
        _compilation = compilation;
        _elsewhere = elsewhere;
        _own = new Lazy<Dictionary<string, Dictionary<string, string>>>(OwnIndex, LazyThreadSafetyMode.ExecutionAndPublication);
        _ofOtherProjects = new Lazy<Dictionary<string, Dictionary<string, string>>>(() => ByService(_elsewhere()), LazyThreadSafetyMode.ExecutionAndPublication);
        _forProjectsAbove = new Lazy<List<(string Service, string Implementation, string File, string RegisteredBy, string Construction)>>(() => ForProjectsAbove(CancellationToken.None), LazyThreadSafetyMode.ExecutionAndPublication);
        _byRegisteringMethod = new Lazy<Dictionary<string, Dictionary<string, List<(string, string, string, string)>>>>(ByRegisteringMethod, LazyThreadSafetyMode.ExecutionAndPublication);
        _bound = new KeptCallAnswers<ImmutableArray<(string, string, string, string)>>(compilation);
        _registeredIn = tree => RegisteredIn(tree, CancellationToken.None);
    }

    /// <summary>
    /// Whether <paramref name="implementation"/> may run for a call through <paramref name="service"/>: registered for it,
    /// or the service is registered nowhere (then every implementation may). Types as their original definitions.
    /// </summary>
    public bool MayRun(INamedTypeSymbol service, INamedTypeSymbol implementation) => Registration(service, implementation, out _);

    /// <summary>
    /// Where <paramref name="implementation"/> is registered for <paramref name="service"/>, as a message names it
    /// ("Program.cs", "DependencyInjection.cs of Shop.Infrastructure"); null where the service is registered nowhere (every
    /// implementation may run: no registration decided it), or not with this implementation, or in a file without a name.
    /// </summary>
    public string? RegisteredIn(INamedTypeSymbol service, INamedTypeSymbol implementation)
        => Registration(service, implementation, out var place) && place is { Length: > 0 } ? place : null;

    /// <summary><see cref="MayRun"/>, with the place of the registration that lets it run (null where none does).</summary>
    private bool Registration(INamedTypeSymbol service, INamedTypeSymbol implementation, out string? place)
    {
        place = null;

        // Registered here or in another project: the service's implementations are those of both lists.
        var own = _own.Value;
        var ofOtherProjects = _ofOtherProjects.Value;
        if ((own.Count == 0 && ofOtherProjects.Count == 0) || CachedId(service) is not { } serviceId)
        {
            return true;
        }

        own.TryGetValue(serviceId, out var registeredHere);
        ofOtherProjects.TryGetValue(serviceId, out var registeredElsewhere);
        if (registeredHere is null && registeredElsewhere is null)
        {
            return true;
        }

        // A registered base class runs its overrides too: any registered type the implementation is or derives from.
        // Only the implementation's own registration is named: a base's registration did not make this type.
        for (var type = implementation.OriginalDefinition; type is not null; type = type.BaseType?.OriginalDefinition)
        {
            if (CachedId(type) is { } id
                && ((registeredHere is not null && registeredHere.TryGetValue(id, out place))
                    || (registeredElsewhere is not null && registeredElsewhere.TryGetValue(id, out place))))
            {
                if (!SymbolEqualityComparer.Default.Equals(type, implementation.OriginalDefinition))
                {
                    place = null;
                }

                return true;
            }
        }

        return false;
    }

    /// <summary>Whether a registration here or in another project names <paramref name="service"/>: then only the
    /// registered implementations run for a call through it.</summary>
    public bool IsRegistered(INamedTypeSymbol service)
        => (_own.Value.Count > 0 || _ofOtherProjects.Value.Count > 0)
            && CachedId(service) is { } serviceId
            && (_own.Value.ContainsKey(serviceId) || _ofOtherProjects.Value.ContainsKey(serviceId));

    /// <summary>The implementations registered for <paramref name="service"/> (documentation ids), here and in the
    /// other projects; empty where none is.</summary>
    public IEnumerable<string> ImplementationsOf(INamedTypeSymbol service)
    {
        if (CachedId(service) is not { } serviceId)
        {
            yield break;
        }

        if (_own.Value.TryGetValue(serviceId, out var here))
        {
            foreach (var id in here.Keys)
            {
                yield return id;
            }
        }

        if (_ofOtherProjects.Value.TryGetValue(serviceId, out var elsewhere))
        {
            foreach (var id in elsewhere.Keys)
            {
                yield return id;
            }
        }
    }

    private string? CachedId(INamedTypeSymbol type) => _ids.GetOrAdd(type, s_id);

    /// <summary>Every registration of this compilation, for the projects above (service, implementation, the name of
    /// the file that registers it, and the public static method a project above calls to make it: one entry per such
    /// method, "" where there is none). Computed once per compilation: an editor asks for a referenced project's on every
    /// keystroke in the projects above, and the walk for helpers binds calls.</summary>
    public IReadOnlyList<(string Service, string Implementation, string File, string RegisteredBy, string Construction)> Registrations() => _forProjectsAbove.Value;

    private List<(string Service, string Implementation, string File, string RegisteredBy, string Construction)> ForProjectsAbove(CancellationToken cancellationToken)
    {
        var found = new List<(string, string, string, string, string)>();
        var added = new HashSet<(string, string, string, string, string)>();
        Dictionary<string, List<string>>? reachersOf = null;
        foreach (var tree in _compilation.SyntaxTrees)
        {
            foreach (var (service, implementation, file, method, construction) in RegisteredIn(tree, cancellationToken))
            {
                // The public methods that make it or reach it (AddInfrastructure() → AddPersistence() or a private
                // AddStores(services) → the registration): a project above may call any of them. The same pair
                // registered twice on the way is one entry.
                List<string>? reachers = null;
                if (method.Length > 0)
                {
                    reachersOf ??= new Dictionary<string, List<string>>(StringComparer.Ordinal);
                    if (!reachersOf.TryGetValue(method, out reachers))
                    {
                        reachersOf[method] = reachers = Reachers(method, cancellationToken);
                    }
                }

                if (reachers is null || reachers.Count == 0)
                {
                    if (added.Add((service, implementation, file, "", construction)))
                    {
                        found.Add((service, implementation, file, "", construction));
                    }

                    continue;
                }

                foreach (var reacher in reachers)
                {
                    if (added.Add((service, implementation, file, reacher, construction)))
                    {
                        found.Add((service, implementation, file, reacher, construction));
                    }
                }
            }
        }

        return found;
    }

    // How many helpers deep a registration is followed to the public method a project above calls.
    private const int HelperDepth = 3;

    /// <summary>The method itself where a project above may call it, then the public static methods that reach it
    /// (<see cref="CallableCallers"/>); empty where this compilation has no such method.</summary>
    private List<string> Reachers(string methodId, CancellationToken cancellationToken)
    {
        if (DocumentationCommentId.GetFirstSymbolForDeclarationId(methodId, _compilation) is not IMethodSymbol method)
        {
            return new List<string>();
        }

        var callers = CallableCallers(method, cancellationToken);
        if (IsCallableFromAbove(method))
        {
            callers.Insert(0, methodId);
        }

        return callers;
    }

    private static bool IsCallableFromAbove(IMethodSymbol method)
        => method is { MethodKind: MethodKind.Ordinary, IsStatic: true, DeclaredAccessibility: Accessibility.Public }
            && method.ContainingType is { } type
            && type.IsVisibleToOtherAssemblies(throughInternalsVisibleTo: false);

    /// <summary>
    /// The public static methods of this compilation that call <paramref name="helper"/>, the method a registration is
    /// made in, directly or through other methods, public or not (up to <see cref="HelperDepth"/> calls), as
    /// documentation ids in the order found. Only the trees whose text names a method on the way are walked; one passed
    /// as a method group is not followed.
    /// </summary>
    private List<string> CallableCallers(IMethodSymbol helper, CancellationToken cancellationToken)
    {
        var found = new List<string>();
        var seen = new HashSet<IMethodSymbol>(SymbolEqualityComparer.Default) { helper.OriginalDefinition };
        var helpers = new HashSet<IMethodSymbol>(SymbolEqualityComparer.Default) { helper.OriginalDefinition };
        for (var depth = 0; depth < HelperDepth && helpers.Count > 0; depth++)
        {
            var names = new HashSet<string>(StringComparer.Ordinal);
            foreach (var method in helpers)
            {
                names.Add(method.Name);
            }

            var endings = new string[names.Count];
            names.CopyTo(endings);
            var next = new HashSet<IMethodSymbol>(SymbolEqualityComparer.Default);
            foreach (var tree in _compilation.SyntaxTrees)
            {
                if (!NamesInText.MayHoldName(tree, endings))
                {
                    continue;
                }

                SemanticModel? model = null;
                foreach (var node in tree.GetRoot(cancellationToken).DescendantNodes())
                {
                    if (node is not InvocationExpressionSyntax invocation || MethodGroupRegistrations.InvokedName(invocation.Expression) is not { } name || !names.Contains(name))
                    {
                        continue;
                    }

                    model ??= ModelOf(tree);
                    if (model.GetSymbolInfo(invocation, cancellationToken).Symbol is IMethodSymbol called
                        && helpers.Contains((called.ReducedFrom ?? called).OriginalDefinition)
                        && EnclosingMethod(model, invocation.SpanStart) is { } caller
                        && seen.Add(caller.OriginalDefinition))
                    {
                        if (IsCallableFromAbove(caller) && caller.OriginalDefinition.GetDocumentationCommentId() is { } id)
                        {
                            found.Add(id);
                        }

                        next.Add(caller.OriginalDefinition);
                    }
                }
            }

            helpers = next;
        }

        return found;
    }

#pragma warning disable RS1030 // Other trees than the one analysed, walked once per compilation for the projects above.
    private SemanticModel ModelOf(SyntaxTree tree) => _compilation.GetSemanticModel(tree);
#pragma warning restore RS1030

    /// <summary>The method a position is written in, through lambdas and local functions to the member that holds them.</summary>
    private static IMethodSymbol? EnclosingMethod(SemanticModel model, int position)
    {
        ISymbol? symbol = model.GetEnclosingSymbol(position);
        while (symbol is IMethodSymbol { MethodKind: MethodKind.AnonymousFunction or MethodKind.LocalFunction })
        {
            symbol = symbol.ContainingSymbol;
        }

        return symbol as IMethodSymbol;
    }

    /// <summary>
    /// The services this compilation's own trees register, with their implementations: merged once for the compilations
    /// that differ by trees registering the same (<see cref="KeptTreeUnion{TPart, TWhole}"/>; a tree registers the same
    /// under the same <see cref="CompilationStamp"/>), so a keystroke does not merge every registration of the project.
    /// </summary>
    private Dictionary<string, Dictionary<string, string>> OwnIndex() => s_own.Get(_compilation, _bound.Stamp, _registeredIn);

    private static Dictionary<string, Dictionary<string, string>> Merge(ImmutableArray<(string, string, string, string, string)>[] byTree)
    {
        var all = new List<(string, string, string, string, string)>();
        foreach (var registrations in byTree)
        {
            all.AddRange(registrations);
        }

        return ByService(all);
    }

    /// <summary>Implementations by service, each with the place of a registration of it.</summary>
    private static Dictionary<string, Dictionary<string, string>> ByService(IEnumerable<(string Service, string Implementation, string Place, string RegisteredBy, string Construction)> registrations)
    {
        var byService = new Dictionary<string, Dictionary<string, string>>(StringComparer.Ordinal);
        foreach (var (service, implementation, place, _, _) in registrations)
        {
            if (!byService.TryGetValue(service, out var implementations))
            {
                byService[service] = implementations = new Dictionary<string, string>(StringComparer.Ordinal);
            }

            // The same pair registered in two files: the first by name, so that a build (the chains file's order) and an
            // editor (the trees' order) name the same one.
            if (!implementations.TryGetValue(implementation, out var kept) || string.CompareOrdinal(place, kept) < 0)
            {
                implementations[implementation] = place;
            }
        }

        return byService;
    }

    private static bool SameRegistrations(ImmutableArray<(string Service, string Implementation, string File, string RegisteredBy, string Construction)> left, ImmutableArray<(string Service, string Implementation, string File, string RegisteredBy, string Construction)> right)
    {
        if (left.Length != right.Length)
        {
            return false;
        }

        for (var i = 0; i < left.Length; i++)
        {
            if (!string.Equals(left[i].Service, right[i].Service, StringComparison.Ordinal)
                || !string.Equals(left[i].Implementation, right[i].Implementation, StringComparison.Ordinal)
                || !string.Equals(left[i].File, right[i].File, StringComparison.Ordinal)
                || !string.Equals(left[i].RegisteredBy, right[i].RegisteredBy, StringComparison.Ordinal)
                || !string.Equals(left[i].Construction, right[i].Construction, StringComparison.Ordinal))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>What one tree's registration calls bind, in source order, with the tree's file name; each call's answer
    /// kept with its tree while the declarations stay the same.</summary>
    private ImmutableArray<(string, string, string, string, string)> RegisteredIn(SyntaxTree tree, CancellationToken cancellationToken)
    {
        var candidates = s_byTree.GetValue(tree, s_scan);
        if (candidates.Calls.IsEmpty)
        {
            return ImmutableArray<(string, string, string, string, string)>.Empty;
        }

        var registered = ImmutableArray.CreateBuilder<(string, string, string, string, string)>();
        string? file = null;
        foreach (var call in candidates.Calls)
        {
            cancellationToken.ThrowIfCancellationRequested();
            var bindings = _bound.Get(call, candidates.Bound, _bind, cancellationToken);
            if (!bindings.IsDefault)
            {
                foreach (var (service, implementation, registeredBy, construction) in bindings)
                {
                    registered.Add((service, implementation, file ??= FileName(tree.FilePath), registeredBy, construction));
                }
            }
        }

        return registered.ToImmutable();
    }

    private static ImmutableArray<(string, string, string, string)> Bind(IInvocationOperation invocation)
    {
        if (BindingOf(invocation) is not { } binding || Id(binding.Service) is not { } service || Id(binding.Implementation) is not { } implementation)
        {
            return ImmutableArray<(string, string, string, string)>.Empty;
        }

        // A per-entity registration (IRepository<Order>) is recorded by its generic definition and, beside it, the
        // construction it binds, which tells the host whose handlers its registering method serves; one that cannot be
        // named (IRepository<List<T>>) is not reported at the host's call of that method.
        var construction = ServiceConstructions.IdOf(binding.Service);
        var named = construction is not null || !ServiceConstructions.IsClosed(binding.Service);
        return ImmutableArray.Create((service, implementation, named ? RegisteringMethod(invocation) : "", construction ?? ""));
    }

    /// <summary>
    /// The documentation id of the ordinary method that makes a registration ("" in a constructor, an accessor, top-level
    /// statements). The host's call of it, or of the public static method that reaches it (the <c>AddInfrastructure()</c>
    /// extension a library defines), is where the registration happens for the host (<see cref="RegisteredBy"/>,
    /// <see cref="Registrations"/>).
    /// </summary>
    private static string RegisteringMethod(IInvocationOperation invocation)
        => invocation.SemanticModel is { } model
            && EnclosingMethod(model, invocation.Syntax.SpanStart) is { MethodKind: MethodKind.Ordinary } method
            && method.OriginalDefinition.GetDocumentationCommentId() is { } id
                ? id
                : "";

    /// <summary>
    /// The registrations another project of the solution makes inside <paramref name="method"/>, one of its public
    /// static methods (<c>services.AddInfrastructure()</c>, called here): service and implementation as documentation
    /// ids, the place as a message names it ("DependencyInjection.cs of Shop.Infrastructure"), each pair once. Null where
    /// it makes none.
    /// </summary>
    public List<(string Service, string Implementation, string Place, string Construction)>? RegisteredBy(IMethodSymbol method)
    {
        var byMethod = _byRegisteringMethod.Value;
        if (byMethod.Count == 0 || !byMethod.ContainsKey(method.Name)
            || method.OriginalDefinition.GetDocumentationCommentId() is not { } id)
        {
            return null;
        }

        return byMethod[method.Name].TryGetValue(id, out var found) ? found : null;
    }

    /// <summary>The other projects' registrations by the name, then the id, of the method that makes them: a call's
    /// name rules most calls out before an id is built.</summary>
    private Dictionary<string, Dictionary<string, List<(string, string, string, string)>>> ByRegisteringMethod()
    {
        var byMethod = new Dictionary<string, Dictionary<string, List<(string, string, string, string)>>>(StringComparer.Ordinal);
        foreach (var (service, implementation, place, registeredBy, construction) in _elsewhere())
        {
            if (registeredBy.Length == 0 || MethodNameOf(registeredBy) is not { Length: > 0 } name)
            {
                continue;
            }

            if (!byMethod.TryGetValue(name, out var byId))
            {
                byMethod[name] = byId = new Dictionary<string, List<(string, string, string, string)>>(StringComparer.Ordinal);
            }

            if (!byId.TryGetValue(registeredBy, out var registrations))
            {
                byId[registeredBy] = registrations = new List<(string, string, string, string)>();
            }

            // The same pair registered twice on the way (in two files, or by two projects' records) is one route.
            if (!registrations.Exists(r => string.Equals(r.Item1, service, StringComparison.Ordinal) && string.Equals(r.Item2, implementation, StringComparison.Ordinal) && string.Equals(r.Item4, construction, StringComparison.Ordinal)))
            {
                registrations.Add((service, implementation, place, construction));
            }
        }

        return byMethod;
    }

    /// <summary>"AddInfrastructure" of "M:Shop.Infrastructure.Setup.AddInfrastructure(…)" (a generic method's "``1" left out).</summary>
    private static string? MethodNameOf(string methodId)
    {
        var end = methodId.IndexOf('(');
        if (end < 0)
        {
            end = methodId.Length;
        }

        var arity = methodId.IndexOf("``", StringComparison.Ordinal);
        if (arity >= 0 && arity < end)
        {
            end = arity;
        }

        var start = end > 0 ? methodId.LastIndexOf('.', end - 1) + 1 : 0;
        return end > start ? methodId.Substring(start, end - start) : null;
    }

    /// <summary>The service and implementation a registration call names, when it names both.</summary>
    public static (INamedTypeSymbol Service, INamedTypeSymbol Implementation)? BindingOf(IInvocationOperation invocation)
    {
        var method = invocation.TargetMethod;
        if (!IsRegistration(method.ReducedFrom ?? method))
        {
            return null;
        }

        // AddScoped<IService, Implementation>(), and ServiceDescriptor.Scoped<IService, Implementation>().
        if (method.TypeArguments.Length == 2
            && method.TypeArguments[0] is INamedTypeSymbol genericService
            && method.TypeArguments[1] is INamedTypeSymbol genericImplementation)
        {
            return (genericService, genericImplementation);
        }

        // AddScoped(typeof(IService), typeof(Implementation)), open generics included.
        INamedTypeSymbol? first = null;
        foreach (var argument in invocation.Arguments)
        {
            if (argument.Value is ITypeOfOperation { TypeOperand: INamedTypeSymbol type })
            {
                if (first is null)
                {
                    first = type;
                }
                else
                {
                    return (first, type);
                }
            }
        }

        // AddScoped<IService>(sp => new Implementation(...)), or with typeof(IService) and a factory.
        var service = method.TypeArguments.Length == 1 ? method.TypeArguments[0] as INamedTypeSymbol : first;
        foreach (var argument in invocation.Arguments)
        {
            if (service is not null && argument.Value.UnwrapDelegate() is IAnonymousFunctionOperation factory && CreatedBy(factory) is { } created)
            {
                return (service, created);
            }
        }

        return null;
    }

    /// <summary>The type a factory lambda creates, when it returns one <c>new</c> expression.</summary>
    private static INamedTypeSymbol? CreatedBy(IAnonymousFunctionOperation factory)
    {
        INamedTypeSymbol? created = null;
        foreach (var operation in factory.Body.Descendants())
        {
            if (operation is IReturnOperation { ReturnedValue: { } value } && value.Unwrap() is IObjectCreationOperation { Type: INamedTypeSymbol type })
            {
                if (created is not null && !SymbolEqualityComparer.Default.Equals(created, type))
                {
                    return null;
                }

                created = type;
            }
        }

        return created;
    }

    /// <summary>Microsoft.Extensions.DependencyInjection's Add*/TryAdd* extensions and ServiceDescriptor's factories.</summary>
    private static bool IsRegistration(IMethodSymbol method)
        => method.ContainingType is { } type
            && IsDependencyInjectionNamespace(type.ContainingNamespace)
            && (type.Name == "ServiceDescriptor" || method.Name.StartsWith("Add", StringComparison.Ordinal) || method.Name.StartsWith("TryAdd", StringComparison.Ordinal));

    private static bool IsDependencyInjectionNamespace(INamespaceSymbol? ns)
    {
        if (ns is { Name: "Extensions", ContainingNamespace: { Name: "DependencyInjection" } inner })
        {
            ns = inner;
        }

        return ns is { Name: "DependencyInjection", ContainingNamespace: { Name: "Extensions", ContainingNamespace: { Name: "Microsoft", ContainingNamespace.IsGlobalNamespace: true } } };
    }

    private static string? Id(INamedTypeSymbol type) => type.OriginalDefinition.GetDocumentationCommentId();

    /// <summary>The file name of a path, by either separator (not Path.GetFileName, which throws on .NET Framework for
    /// characters a path may not hold).</summary>
    public static string FileName(string? path) => path is null ? "" : path.Substring(path.LastIndexOfAny(s_separators) + 1);

    private static readonly char[] s_separators = ['/', '\\'];

    /// <summary>The calls of one tree that may register a service: named Add…/TryAdd… with a type argument or argument
    /// that may name an implementation, or a ServiceDescriptor made there.</summary>
    private static Candidates Scan(SyntaxTree tree)
    {
        if (!NamesInText.MayHoldName(tree, s_candidateEndings))
        {
            // Most trees register no service: their nodes are not walked.
            return new Candidates(ImmutableArray<SyntaxReference>.Empty);
        }

        var calls = ImmutableArray.CreateBuilder<SyntaxReference>();
        foreach (var node in tree.GetRoot().DescendantNodes())
        {
            if (node is InvocationExpressionSyntax invocation && IsCandidateName(invocation.Expression))
            {
                calls.Add(invocation.GetReference());
            }
        }

        return new Candidates(calls.ToImmutable());
    }

    // Every name IsCandidateName accepts ends with one of these, for the text pre-filter of Scan.
    private static readonly string[] s_candidateEndings = ["Scoped", "Transient", "Singleton"];

    private static bool IsCandidateName(ExpressionSyntax expression)
    {
        return MethodGroupRegistrations.InvokedName(expression) is "AddScoped" or "AddTransient" or "AddSingleton" or "TryAddScoped" or "TryAddTransient" or "TryAddSingleton"
            or "AddKeyedScoped" or "AddKeyedTransient" or "AddKeyedSingleton" or "TryAddKeyedScoped" or "TryAddKeyedTransient" or "TryAddKeyedSingleton"
            or "Scoped" or "Transient" or "Singleton" or "KeyedScoped" or "KeyedTransient" or "KeyedSingleton";
    }

    private sealed class Candidates
    {
        public Candidates(ImmutableArray<SyntaxReference> calls) => Calls = calls;

        public ImmutableArray<SyntaxReference> Calls { get; }

        public KeptCallAnswers<ImmutableArray<(string, string, string, string)>>.Kept Bound { get; } = new();
    }
}
