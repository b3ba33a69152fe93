using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Runtime.CompilerServices;
using System.Threading;
using BurstAnalyzers.CallGraph;
using BurstAnalyzers.FactsFiles;
using BurstAnalyzers.Handlers;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.CrossProject;

/// <summary>
/// The chains that calls from other projects run into, for the methods of one compilation: each method another
/// assembly can call (not private, in no private type), with the first of the methods it may run, in source order,
/// that blocks, followed to its blocking call (a <see cref="CarriedChain"/>). No depth limit here: the calling
/// project applies its own <c>max_call_depth</c> to the whole chain. The same answers whoever asks: a class library's
/// build (<see cref="ChainExportAnalyzer"/>, on the method bodies the compiler's analyzer driver binds anyway) and
/// an editor, reading a referenced project's source (one per compilation, bodies bound on demand). Each method's chain
/// is computed once.
/// </summary>
internal sealed class ChainExport
{
    private static readonly ConditionalWeakTable<Compilation, ChainExport> s_byCompilation = new();

    private readonly CallChainResolver _chains;
    private readonly string _assemblyName;
    private readonly Compilation _compilation;
    private readonly ConcurrentDictionary<IMethodSymbol, CarriedChain?> _byMethod = new(SymbolEqualityComparer.Default);
    private readonly ConcurrentDictionary<string, CarriedChain?> _byId = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<IMethodSymbol, IReadOnlyList<OpenItem>> _openByMethod = new(SymbolEqualityComparer.Default);
    private readonly ConcurrentDictionary<string, IReadOnlyList<OpenItem>> _openById = new(StringComparer.Ordinal);
    private readonly Func<IMethodSymbol, CarriedChain?> _compute;
    private readonly Func<string, CarriedChain?> _computeById;
    private readonly Func<IMethodSymbol, IReadOnlyList<OpenItem>> _computeOpen;
    private readonly Func<string, IReadOnlyList<OpenItem>> _computeOpenById;

    // An open call is followed this many methods deep into the library, and a method carries this many of them (OpenRank
    // chooses which; at most as many of each rank are kept while they are met).
    private const int MaxOpenDepth = 8;
    private const int MaxOpenItems = 24;

    private ChainExport(Compilation compilation, AnalyzerConfigOptionsProvider options, ImmutableArray<AdditionalText> additionalFiles)
    {
        // Whole-compilation answers: nothing is kept for a later compilation (the caller keeps this).
        _chains = new CallChainResolver(RequestHandlerModel.ForFix(compilation), compilation, options, additionalFiles, static () => true, static () => false, recordOpenCalls: true);
        _assemblyName = compilation.AssemblyName ?? compilation.Assembly.Name;
        _compilation = compilation;
        _compute = Compute;
        _computeById = id => DocumentationCommentId.GetFirstSymbolForDeclarationId(id, _compilation) is IMethodSymbol method ? Of(method) : null;
        _computeOpen = ComputeOpen;
        _computeOpenById = id => DocumentationCommentId.GetFirstSymbolForDeclarationId(id, _compilation) is IMethodSymbol method ? OpenItemsOf(method) : Array.Empty<OpenItem>();
    }

    /// <summary>The export of a referenced project's compilation, as an editor reads it: its bodies bound on demand, the
    /// projects further down followed through its own compilation references.</summary>
    public static ChainExport For(Compilation compilation, AnalyzerConfigOptionsProvider options)
        => s_byCompilation.GetValue(compilation, c => new ChainExport(c, options, ImmutableArray<AdditionalText>.Empty));

    /// <summary>The export of the compilation a build is analysing: fed with the driver's operation blocks
    /// (<see cref="Capture"/>), the projects further down followed through the chains files their builds wrote.</summary>
    public static ChainExport ForBuild(Compilation compilation, AnalyzerOptions options)
        => new(compilation, options.AnalyzerConfigOptionsProvider, options.AdditionalFiles);

    /// <summary>Records a body the analyzer driver delivers, so that <see cref="All"/> binds nothing again.</summary>
    public void Capture(OperationBlockAnalysisContext context) => _chains.CaptureFacts(context.OwningSymbol, context.OperationBlocks);

    /// <summary>The chain a call from another project to <paramref name="method"/> runs into, or null.</summary>
    public CarriedChain? Of(IMethodSymbol method) => _byMethod.GetOrAdd(method.OriginalDefinition, _compute);

    /// <summary>The same for a method named by its documentation id: how another compilation names it, whose symbol
    /// for the method may not be this compilation's (it retargets the assembly when their references differ).</summary>
    public CarriedChain? Of(string methodId) => _byId.GetOrAdd(methodId, _computeById);

    /// <summary>The open calls of a method another project can call (<see cref="OpenItem"/>): what its chain would run
    /// through members this project does not see implemented. None when it blocks here already.</summary>
    public IReadOnlyList<OpenItem> OpenItemsOf(IMethodSymbol method) => _openByMethod.GetOrAdd(method.OriginalDefinition, _computeOpen);

    /// <summary>The same for a method named by its documentation id (see <see cref="Of(string)"/>).</summary>
    public IReadOnlyList<OpenItem> OpenItemsOf(string methodId) => _openById.GetOrAdd(methodId, _computeOpenById);

    /// <summary>
    /// The other blocking calls a call to a method another project can call reaches, besides the one its chain names,
    /// up to <see cref="MaxOpenDepth"/> methods deep (the calling project applies its own depth limit to the chain, not
    /// to these): that project lists them with its report.
    /// </summary>
    public ImmutableArray<Location> SitesOf(IMethodSymbol method)
    {
        method = method.OriginalDefinition;
        if (Of(method) is not { } chain)
        {
            return ImmutableArray<Location>.Empty;
        }

        var targets = _chains.Targets.Of(method, method.IsVirtual || method.IsAbstract || method.IsOverride);
        var sites = _chains.Summaries.SitesFrom(targets, 1, MaxOpenDepth, CancellationToken.None);
        var others = ImmutableArray.CreateBuilder<Location>(sites.Length);
        foreach (var site in sites)
        {
            var span = site.GetLineSpan();
            if (span.Path != chain.Path || span.Span != chain.Span)
            {
                // By path and span, as a build's chains file gives them: in an editor the calling project reports them
                // among its diagnostic's locations, and Roslyn rejects (AD0001) a source location in a syntax tree of
                // another compilation.
                others.Add(Location.Create(span.Path, site.SourceSpan, span.Span));
            }
        }

        return others.ToImmutable();
    }

    /// <summary>The same for a method named by its documentation id.</summary>
    public ImmutableArray<Location> SitesOf(string methodId)
        => DocumentationCommentId.GetFirstSymbolForDeclarationId(methodId, _compilation) is IMethodSymbol method ? SitesOf(method) : ImmutableArray<Location>.Empty;

    /// <summary>Whether a method another project can call returns an EF Core query, for that project to enumerate.</summary>
    public bool ReturnsQuery(IMethodSymbol method)
    {
        method = method.OriginalDefinition;
        if (!IsCallableFromOtherAssemblies(method) || !_chains.Verdict.Queries.MayHoldQuery(method.ReturnType))
        {
            // Most methods return no sequence: nothing to follow.
            return false;
        }

        // Through an interface or a virtual method: whichever implementation of this project runs.
        foreach (var target in _chains.Targets.Of(method, method.IsVirtual || method.IsAbstract || method.IsOverride))
        {
            if (_chains.Targets.IsInSource(target) && _chains.Summaries.Queries.Of(target, CancellationToken.None))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>The same for a method named by its documentation id.</summary>
    public bool ReturnsQuery(string methodId)
        => DocumentationCommentId.GetFirstSymbolForDeclarationId(methodId, _compilation) is IMethodSymbol method && ReturnsQuery(method);

    /// <summary>Every record the compilation's callable methods carry to the projects above, by method id (a stable
    /// order): their chains, their open calls, and which of them return an EF Core query.</summary>
    public List<(string Record, string Text)> AllRecords(CancellationToken cancellationToken)
    {
        var records = new List<(string Id, int Order, string Record, string Text)>();
        foreach (var method in CallableMethods(cancellationToken))
        {
            if (Of(method) is { } chain)
            {
                records.Add((chain.MethodId, 0, chain.Format(), chain.Text));
                var order = 1;
                foreach (var site in SitesOf(method))
                {
                    records.Add((chain.MethodId, order++, ChainsFile.SiteRecordOf(chain.MethodId, site.GetLineSpan()), chain.MethodId + " also blocks at " + site.GetLineSpan()));
                }

                continue;
            }

            if (ReturnsQuery(method) && method.GetDocumentationCommentId() is { } id)
            {
                records.Add((id, 1, ChainsFile.QueryRecordOf(id), id + " returns an EF Core query"));
            }

            var next = 2;
            foreach (var item in OpenItemsOf(method))
            {
                records.Add((item.MethodId, next++, item.Format(), item.Text + " (open call of " + item.TargetId + ")"));
            }
        }

        foreach (var (service, implementation, file, registeredBy, construction) in Registrations())
        {
            records.Add((service, 0, ChainsFile.BindRecordOf(service, implementation, file, registeredBy, construction), service + " is registered as " + implementation + (file.Length > 0 ? " in " + file : "") + (registeredBy.Length > 0 ? " by " + registeredBy : "")));
        }

        // Records of one id and order (a service registered twice) by their text: the same file on every build.
        records.Sort(static (left, right) => string.CompareOrdinal(left.Id, right.Id) is var byId and not 0 ? byId
            : left.Order.CompareTo(right.Order) is var byOrder and not 0 ? byOrder : string.CompareOrdinal(left.Record, right.Record));
        var sorted = new List<(string Record, string Text)>(records.Count);
        foreach (var record in records)
        {
            sorted.Add((record.Record, record.Text));
        }

        return sorted;
    }

    /// <summary>The services this project registers with dependency injection, for the projects above.</summary>
    public IReadOnlyList<(string Service, string Implementation, string File, string RegisteredBy, string Construction)> Registrations() => _chains.Bindings.Registrations();

    /// <summary>Every chain the compilation's callable methods run into, by method id (a stable order).</summary>
    public List<CarriedChain> All(CancellationToken cancellationToken)
    {
        var chains = new List<CarriedChain>();
        foreach (var method in CallableMethods(cancellationToken))
        {
            if (Of(method) is { } chain)
            {
                chains.Add(chain);
            }
        }

        chains.Sort(static (left, right) => string.CompareOrdinal(left.MethodId, right.MethodId));
        return chains;
    }

    /// <summary>The methods of the compilation's types that another assembly may see, in no particular order.</summary>
    private List<IMethodSymbol> CallableMethods(CancellationToken cancellationToken)
    {
        var methods = new List<IMethodSymbol>();
        var types = new Stack<INamespaceOrTypeSymbol>();
        types.Push(_chains.Targets.SourceAssembly.GlobalNamespace);
        while (types.Count > 0)
        {
            cancellationToken.ThrowIfCancellationRequested();
            foreach (var member in types.Pop().GetMembers())
            {
                switch (member)
                {
                    case INamespaceSymbol ns:
                        types.Push(ns);
                        break;
                    case INamedTypeSymbol type when type.DeclaredAccessibility != Accessibility.Private && !type.IsImplicitlyDeclared:
                        types.Push(type);
                        break;
                    case IMethodSymbol method when IsCallableFromOtherAssemblies(method):
                        methods.Add(method);
                        break;
                }
            }
        }

        return methods;
    }

    /// <summary>
    /// The construction an open call of <paramref name="current"/> carries as one of <paramref name="method"/>'s. One
    /// over a generic class's type parameters (<c>IRepository&lt;T&gt;</c>) stays so where both are that class's methods
    /// (a class deriving from it closes it), is closed where <paramref name="method"/>'s class derives from that class
    /// (<c>CustomersController.Get</c> calling <c>base.Get</c> or a protected helper of
    /// <c>CrudController&lt;Customer&gt;</c>), or put over <paramref name="method"/>'s class's own type parameters where
    /// it derives with them, and is dropped elsewhere: its arguments are another class's, not known.
    /// </summary>
    private static string ConstructionFor(IMethodSymbol method, IMethodSymbol current, OpenCall open)
    {
        if (!ServiceConstructions.IsOverTypeParameters(open.Construction))
        {
            return open.Construction;
        }

        var owner = current.ContainingType?.OriginalDefinition;
        if (open.Via is not null || owner is null)
        {
            return "";
        }

        for (var type = method.ContainingType; type is not null; type = type.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(type.OriginalDefinition, owner))
            {
                // A generic class deriving with its own type parameters (AuditedController<T> : CrudController<T>)
                // carries it over those, for its deriving classes to close.
                var over = method.ContainingType is { IsGenericType: true, ContainingType: null } generic ? generic.OriginalDefinition : null;
                return SymbolEqualityComparer.Default.Equals(type, owner) ? open.Construction
                    : ServiceConstructions.Substitute(open.Construction, type, over) ?? "";
            }
        }

        return "";
    }

    /// <summary>
    /// The open calls a call to <paramref name="method"/> runs: in it and in the methods of this project it calls, up to
    /// <see cref="MaxOpenDepth"/> deep, each with the way there ("[Shop.Services] OrderService.Find → Repository.Load")
    /// and where in the source it is. What it returns, only of itself.
    /// </summary>
    private IReadOnlyList<OpenItem> ComputeOpen(IMethodSymbol method)
    {
        if (!IsCallableFromOtherAssemblies(method) || Of(method) is not null)
        {
            return Array.Empty<OpenItem>();
        }

        // The method's id only once it carries an item: most methods carry none, and the id costs more than their walk.
        string? id = null;

        var cancellationToken = CancellationToken.None;
        var items = new List<OpenItem>();
        var visited = new HashSet<IMethodSymbol>(SymbolEqualityComparer.Default);
        var queue = new Queue<(IMethodSymbol Method, string Path, int Depth)>();
        var prefix = "[" + _assemblyName + "] ";
        foreach (var target in _chains.Targets.Of(method, method.IsVirtual || method.IsAbstract || method.IsOverride))
        {
            if (visited.Add(target))
            {
                queue.Enqueue((target, prefix + MethodNames.Of(target), 1));
            }
        }

        var byRank = new int[3];
        while (queue.Count > 0 && byRank[0] < MaxOpenItems)
        {
            var (current, path, depth) = queue.Dequeue();
            var facts = _chains.Summaries.FactsOf(current, cancellationToken);
            foreach (var open in facts.OpenCalls)
            {
                if (open.Kind == OpenKind.Returns && depth > 1)
                {
                    continue;
                }

                var targetId = open.TargetId ?? open.Target?.GetDocumentationCommentId();
                var site = (open.Via?.Location ?? open.Syntax.GetLocation()).GetLineSpan();
                if (targetId is not null && byRank[OpenRank(open.Kind, targetId)]++ < MaxOpenItems)
                {
                    id ??= method.GetDocumentationCommentId();
                    if (id is null)
                    {
                        return Array.Empty<OpenItem>();
                    }

                    var text = open.Via is { } via ? path + " \u2192 " + via.Text : path;
                    items.Add(new OpenItem(id, open.Kind, targetId, depth + (open.Via?.Depth ?? 0), text, open.Sink, site.Path ?? "", site.Span, ConstructionFor(method, current, open)));
                }
            }

            // An enumeration here of what a method of this project returns, which returns an open member's value.
            foreach (var sink in facts.Sinks)
            {
                var site = sink.Syntax.GetLocation().GetLineSpan();
                foreach (var returned in OpenReturnsOf(sink.Source, cancellationToken))
                {
                    if ((returned.TargetId ?? returned.Target?.GetDocumentationCommentId()) is { } targetId && byRank[OpenRank(OpenKind.Sink, targetId)]++ < MaxOpenItems)
                    {
                        id ??= method.GetDocumentationCommentId();
                        if (id is null)
                        {
                            return Array.Empty<OpenItem>();
                        }

                        items.Add(new OpenItem(id, OpenKind.Sink, targetId, depth, path, sink.Sink, site.Path ?? "", site.Span));
                    }
                }
            }

            if (depth >= MaxOpenDepth)
            {
                continue;
            }

            foreach (var call in facts.Calls)
            {
                foreach (var target in call.Targets)
                {
                    if (_chains.Targets.IsInSource(target) && visited.Add(target))
                    {
                        queue.Enqueue((target, path + " \u2192 " + MethodNames.Of(target), depth + 1 + call.HopsBefore));
                    }
                }
            }
        }

        return Chosen(items);
    }

    /// <summary>
    /// The open calls a method carries when it meets more than it may: first the enumerations of what a member returns
    /// and the members whose value it returns (a repository's query, run here, or its <c>Table</c>'s), then the calls
    /// of methods, and property reads last. An entity's virtual
    /// navigation properties are open (a proxy or a derived entity may override them) and are read everywhere a service
    /// touches its entities; taken in the order met, they crowded out the queries and repository calls after them (AccountGo's
    /// TaxService.GetIntersectionTaxes carried 24 items, 15 of them navigation reads, and lost its last query). In the
    /// order met within each rank.
    /// </summary>
    private static List<OpenItem> Chosen(List<OpenItem> items)
    {
        if (items.Count <= MaxOpenItems)
        {
            return items;
        }

        var chosen = new List<OpenItem>(MaxOpenItems);
        for (var rank = 0; rank < 3 && chosen.Count < MaxOpenItems; rank++)
        {
            foreach (var item in items)
            {
                if (OpenRank(item.Kind, item.TargetId) == rank)
                {
                    chosen.Add(item);
                    if (chosen.Count == MaxOpenItems)
                    {
                        break;
                    }
                }
            }
        }

        return chosen;
    }

    private static int OpenRank(OpenKind kind, string targetId)
        => kind != OpenKind.Call ? 0 : IsAccessor(targetId) ? 2 : 1;

    /// <summary>A property or event accessor, by its documentation id ("M:Shop.Item.get_Group").</summary>
    private static bool IsAccessor(string targetId)
    {
        var name = targetId.IndexOf('(') is var parameters and >= 0 ? targetId.Substring(0, parameters) : targetId;
        var last = name.LastIndexOf('.');
        var member = last >= 0 ? name.Substring(last + 1) : name;
        return member.StartsWith("get_", StringComparison.Ordinal) || member.StartsWith("set_", StringComparison.Ordinal)
            || member.StartsWith("add_", StringComparison.Ordinal) || member.StartsWith("remove_", StringComparison.Ordinal);
    }

    private CarriedChain? Compute(IMethodSymbol method)
    {
        if (!IsCallableFromOtherAssemblies(method))
        {
            return null;
        }

        // The analyzer's own cancellation does not reach a dictionary factory; a chain is a few summaries deep.
        var cancellationToken = CancellationToken.None;
        var virtualCall = method.IsVirtual || method.IsAbstract || method.IsOverride;
        foreach (var target in _chains.Targets.Of(method, virtualCall))
        {
            var summary = _chains.Summaries.Get(target, cancellationToken);
            // The id only for a method that blocks: most do not, and building it costs more than their summary.
            if (summary.Blocks && _chains.Summaries.ChainFrom(target, Location.None, cancellationToken) is { } chain
                && method.GetDocumentationCommentId() is { } id)
            {
                // The blocking call itself: in this project's source, or carried from a project further down.
                var end = chain.Blocking.CarriedLocation ?? chain.Blocking.Location;
                var span = end.GetLineSpan();
                return new CarriedChain(id, chain.Blocking.Rule, summary.Depth, chain.DescribeCarried(_assemblyName), span.Path ?? "", span.Span);
            }
        }

        return null;
    }

    /// <summary>The open members whose value the targets of <paramref name="source"/> return, themselves or through the
    /// methods of this project whose value they return.</summary>
    private List<OpenCall> OpenReturnsOf(QuerySource source, CancellationToken cancellationToken)
    {
        var found = new List<OpenCall>();
        var visited = new HashSet<IMethodSymbol>(SymbolEqualityComparer.Default);
        var pending = new Stack<IMethodSymbol>();
        foreach (var target in source.Targets)
        {
            pending.Push(target);
        }

        while (pending.Count > 0 && visited.Count < MaxOpenDepth * 4)
        {
            var method = pending.Pop();
            if (!visited.Add(method) || !_chains.Targets.IsInSource(method))
            {
                continue;
            }

            var facts = _chains.Summaries.FactsOf(method, cancellationToken);
            foreach (var open in facts.OpenCalls)
            {
                if (open.Kind == OpenKind.Returns)
                {
                    found.Add(open);
                }
            }

            foreach (var from in facts.Returns.FromCalls)
            {
                foreach (var target in from.Targets)
                {
                    pending.Push(target);
                }
            }
        }

        return found;
    }

    private static bool IsCallableFromOtherAssemblies(IMethodSymbol method)
    {
        if (method.MethodKind is not (MethodKind.Ordinary or MethodKind.Constructor or MethodKind.PropertyGet or MethodKind.PropertySet)
            || method.IsImplicitlyDeclared)
        {
            return false;
        }

        // Internal too: a library may grant its callers InternalsVisibleTo.
        return method.IsVisibleToOtherAssemblies(throughInternalsVisibleTo: true);
    }
}
