using System;
using System.Collections.Concurrent;
using System.Text;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Blocking;

/// <summary>
/// BURST003 for every call the catalogue does not list: synchronous I/O found by its async counterpart
/// (<see cref="AsyncCounterparts"/>, by binding). Not every "…Async" twin is an I/O alternative: Dispose, the threading
/// types (BURST002/004 list those, with their exemptions) and <see cref="NotIoTwins"/> are left out, and so are calls
/// whose streams are all in memory (<see cref="InMemoryIo"/>).
/// Made cheap for the many calls into referenced assemblies that have no counterpart (LINQ, string and collection
/// calls): first those cheap exemptions, then an exact filter by name, remembered per original definition
/// (<see cref="CounterpartNames"/>): most calls have no method of the "…Async" name anywhere a counterpart could come
/// from. Past it, a member's counterpart depends on the method alone, so a method without one is remembered and skipped
/// next time; an extension method's counterpart is looked up among the extension methods in scope at the call, which is
/// costly, so a miss is remembered per method, receiver type (as written, and the type under a cast on it) and the
/// usings and namespaces in scope, which decide the look-up. Only a miss that depends on nothing else is remembered: a
/// call given a stream, reader or writer may miss because that one is in memory, and a LINQ call over a query may miss
/// because the query is over memory or is no EF Core query at all (its expression decides, not its type). One instance per compilation, owned by the <see cref="BlockingCatalog"/>.
/// </summary>
internal sealed class CounterpartSearches
{
    private readonly AsyncCounterparts _counterparts;
    private readonly CounterpartNames _names;
    private readonly NotIoTwins _notIo;
    private readonly InMemoryIo _inMemory;
    private readonly INamedTypeSymbol? _query;
    private const string AnyScope = "";

    private readonly ConcurrentDictionary<SearchKey, bool> _misses = new();
    private readonly ConcurrentDictionary<SyntaxNode, string> _importsByScope = new();
    private readonly Func<SyntaxNode, string> _describeImports = DescribeImports;

    public CounterpartSearches(Compilation compilation, CoreLibraryTypes types, InMemoryIo inMemory, DeferredQueries queries)
    {
        _counterparts = new AsyncCounterparts(compilation, types, queries);
        _query = types.QueryableInterface;
        _names = new CounterpartNames(compilation);
        _notIo = new NotIoTwins(compilation);
        _inMemory = inMemory;
    }

    /// <summary>Sync I/O found by its async counterpart; null if none.</summary>
    public BlockingCall? Match(IInvocationOperation invocation)
    {
        var target = invocation.TargetMethod;
        if (!MayHaveCounterpart(target))
        {
            return null;
        }

        if (!target.IsExtensionMethod || invocation.Arguments.Length == 0)
        {
            // Stryker disable once Block : an exact pre-filter: the search finds no counterpart it rules out
            if (!_names.MayHaveMember(target))
            {
                return null;
            }

            // A member's counterpart depends on the method alone.
            return MatchUnlessMissed(invocation, new SearchKey(target, receiver: null, castFrom: null, AnyScope));
        }

        var receiver = AsyncCounterparts.ReceiverType(invocation.Arguments[0].Value, out var castFrom);
        // Stryker disable once Block : an exact pre-filter: the search finds no counterpart it rules out
        if (!_names.MayHaveExtension(target, receiver) && (castFrom is null || !_names.MayHaveExtension(target, castFrom)))
        {
            return null;
        }

        // Over a query, the answer depends on the receiver's expression too (a DbSet at its root, or AsQueryable over
        // memory), not on its type: such a miss is never remembered.
        var key = new SearchKey(target, receiver, castFrom, ImportsAt(invocation.Syntax));
        return receiver.IsOrDerivesFrom(_query) || castFrom.IsOrDerivesFrom(_query)
            ? MatchByCounterpart(invocation)
            : MatchUnlessMissed(invocation, key);
    }

    /// <summary>The search, skipped where it missed before under the same key; a miss is remembered unless the call
    /// passes a stream, reader or writer (which may be the one in memory).</summary>
    private BlockingCall? MatchUnlessMissed(IInvocationOperation invocation, SearchKey key)
    {
        // Stryker disable once Block : a remembered miss: searching again misses again
        if (_misses.ContainsKey(key))
        {
            return null;
        }

        var found = MatchByCounterpart(invocation);

        // Stryker disable once Block : as below
        if (found is null && !PassesStreams(invocation))
        {
            // Stryker disable once Statement,Boolean : a miss not remembered costs a search, not a result; the value is unread
            _misses.TryAdd(key, true);
        }

        return found;
    }

    /// <summary>The name of the counterpart to await instead of this call, for the code fix; null if none.</summary>
    public string? AsyncNameFor(IInvocationOperation invocation) => CounterpartFor(invocation)?.Name;

    /// <summary>The counterpart to await instead of this call, for the code fix (which adds its namespace when an
    /// extension is not imported at the call); null if none.</summary>
    // Stryker disable once Conditional : the fixes ask only for calls BURST003 reported, which passed these exemptions
    public IMethodSymbol? CounterpartFor(IInvocationOperation invocation)
        => MayHaveCounterpart(invocation.TargetMethod) ? _counterparts.Find(invocation) : null;

    /// <summary>EF Core's counterpart of a LINQ call over a query the code fix has shown to be EF Core's wherever it comes
    /// from (no DbSet at its root here, and maybe no using of EF Core in the file); null if none.</summary>
    // Stryker disable once Conditional : as above
    public IMethodSymbol? EntityFrameworkCounterpartOfKnownQuery(IInvocationOperation invocation)
        => MayHaveCounterpart(invocation.TargetMethod) ? _counterparts.FindForEntityFrameworkQuery(invocation) : null;

    /// <summary>Whether the call is exempt whatever its library does inside: Dispose, the threading types (BURST002/004
    /// judge them), a twin listed as doing no I/O, or a call whose streams are all in memory.</summary>
    public bool IsExempt(IInvocationOperation invocation)
    {
        var target = invocation.TargetMethod;
        return target.Name == "Dispose" || IsThreading(target.ContainingNamespace) || _notIo.Contains(target) || _inMemory.DoesNoIo(invocation);
    }

    /// <summary>The cheap exemptions, asked once per call before any look-up.</summary>
    private bool MayHaveCounterpart(IMethodSymbol target)
        => target.Name != "Dispose"
            && _counterparts.MayHaveCounterpart(target)
            && !IsThreading(target.ContainingNamespace)
            && !_notIo.Contains(target);

    /// <summary>Tasks and synchronization primitives belong to BURST002/BURST004, which list them all (and exempt
    /// zero-timeout tries and completed tasks): their WaitAsync twins must not resurface here.</summary>
    private static bool IsThreading(INamespaceSymbol? ns)
        => ns is { Name: "Threading", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } }
            || ns is { Name: "Tasks", ContainingNamespace: { Name: "Threading", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } } };

    private BlockingCall? MatchByCounterpart(IInvocationOperation invocation)
    {
        if (_counterparts.Find(invocation) is not { } counterpart || _inMemory.DoesNoIo(invocation))
        {
            return null;
        }

        var target = invocation.TargetMethod;
        // Stryker disable once NullCoalescing : a reduced extension's containing type is its declaring class
        var owner = (counterpart.ReducedFrom ?? counterpart).ContainingType;
        // Stryker disable once Conditional,String : owner is never null: a counterpart is a member of a type
        return new BlockingCall(RuleDescriptors.SyncIo, invocation, SymbolExtensions.TypeAndMember(target), "await " + (owner is null ? "" : owner.Name + ".") + counterpart.Name);
    }

    /// <summary>
    /// What decides which extension methods a look-up at <paramref name="node"/> sees, as text: the namespaces it is
    /// in and the using directives of its file and namespace blocks (global usings are the same for every file).
    /// Files with the same usings in the same namespace share their misses. Cached per scope node.
    /// </summary>
    private string ImportsAt(SyntaxNode node)
    {
        SyntaxNode scope = node.SyntaxTree.GetRoot();
        for (var current = node.Parent; current is not null; current = current.Parent)
        {
            // Stryker disable once Boolean : any node below the namespace describes the same imports; only the cache grows
            if (current is BaseNamespaceDeclarationSyntax)
            {
                scope = current;
                break;
            }
        }

        return _importsByScope.GetOrAdd(scope, _describeImports);
    }

    private static string DescribeImports(SyntaxNode scope)
    {
        var text = new StringBuilder();
        for (var current = scope; current is not null; current = current.Parent)
        {
            switch (current)
            {
                case BaseNamespaceDeclarationSyntax ns:
                    // Stryker disable once String : a label: a name (ends in ';') and a using (ends in '\n') stay apart without it
                    text.Append("namespace ").Append(ns.Name.ToString()).Append(';');
                    AppendUsings(text, ns.Usings);
                    break;
                case CompilationUnitSyntax unit:
                    AppendUsings(text, unit.Usings);
                    break;
            }
        }

        return text.ToString();
    }

    private static void AppendUsings(StringBuilder text, SyntaxList<UsingDirectiveSyntax> usings)
    {
        foreach (var directive in usings)
        {
            text.Append(directive.ToString()).Append('\n');
        }
    }

    /// <summary>A stream, reader or writer as receiver or argument: the catalogue's answer then depends on which one.</summary>
    private bool PassesStreams(IInvocationOperation invocation)
    {
        if (IsStreamLike(invocation.Instance?.Type))
        {
            return true;
        }

        foreach (var argument in invocation.Arguments)
        {
            if (IsStreamLike(argument.Value.Type))
            {
                return true;
            }
        }

        // Stryker disable once Boolean : true only stops misses being remembered, which costs searches, not results
        return false;
    }

    // A miss over a stream, reader or writer (Json.NET's included) may be an in-memory one.
    private bool IsStreamLike(ITypeSymbol? type) => _inMemory.IsStreamLike(type);

    private readonly struct SearchKey : IEquatable<SearchKey>
    {
        private readonly IMethodSymbol _method;
        private readonly ITypeSymbol? _receiver;
        private readonly ITypeSymbol? _castFrom;
        private readonly string _scope;

        // castFrom: the type under a cast on the receiver, which the search tries too (AsyncCounterparts.ReceiverType).
        public SearchKey(IMethodSymbol method, ITypeSymbol? receiver, ITypeSymbol? castFrom, string scope)
        {
            _method = method;
            _receiver = receiver;
            _castFrom = castFrom;
            _scope = scope;
        }

        // Stryker disable once Logical : runs only on equal hash codes; no test can force a collision
        public bool Equals(SearchKey other)
            => string.Equals(_scope, other._scope, StringComparison.Ordinal)
                && SymbolEqualityComparer.Default.Equals(_method, other._method)
                && SymbolEqualityComparer.Default.Equals(_receiver, other._receiver)
                && SymbolEqualityComparer.Default.Equals(_castFrom, other._castFrom);

        public override bool Equals(object? obj) => obj is SearchKey other && Equals(other);

        // Stryker disable once Arithmetic : the spread of the hash only; equal keys still hash alike
        public override int GetHashCode()
            => ((SymbolEqualityComparer.Default.GetHashCode(_method) * 31 + SymbolEqualityComparer.Default.GetHashCode(_receiver)) * 31
                + SymbolEqualityComparer.Default.GetHashCode(_castFrom)) * 31
                + StringComparer.Ordinal.GetHashCode(_scope);
    }
}
