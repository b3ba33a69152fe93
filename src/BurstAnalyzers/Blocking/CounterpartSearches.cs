using System;
using System.Collections.Concurrent;
using System.Runtime.CompilerServices;
using System.Text;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Blocking;

/// <summary>
/// The catalogue's search for an async counterpart (BURST003), made cheap for the many calls into referenced
/// assemblies that have none: LINQ, string and collection calls. First an exact filter by name, remembered per original
/// definition (<see cref="CounterpartNames"/>): most calls have no method of the "…Async" name anywhere a counterpart
/// could come from. Past it, a member's counterpart depends on the method alone, so a method without one is remembered
/// and skipped next time; an extension method's counterpart is looked up among the extension methods in scope at the
/// call, which is costly, so a miss is remembered per method, receiver type and the usings and namespaces in scope,
/// which decide the look-up. Only a miss that depends on nothing else is remembered: a call given a stream, reader or
/// writer may miss because that one is in memory. One instance per compilation, shared by the rules; the answers are
/// the catalogue's own.
/// </summary>
internal sealed class CounterpartSearches
{
    private readonly BlockingCatalog _catalog;
    private readonly CounterpartNames _names;
    private const string AnyScope = "";

    private readonly ConcurrentDictionary<SearchKey, bool> _misses = new();
    private readonly ConcurrentDictionary<SyntaxNode, string> _importsByScope = new();
    private readonly Func<SyntaxNode, string> _describeImports = DescribeImports;

    private static readonly ConditionalWeakTable<Compilation, CounterpartSearches> s_searchesByCompilation = new();

    private CounterpartSearches(Compilation compilation, BlockingCatalog catalog)
    {
        _catalog = catalog;
        _names = new CounterpartNames(compilation);
    }

    public static CounterpartSearches For(Compilation compilation)
        => s_searchesByCompilation.GetValue(compilation, c => new CounterpartSearches(c, BlockingCatalog.For(c)));

    /// <summary>Sync I/O found by its async counterpart, as <see cref="SyncIoCalls.MatchByCounterpart"/>; null if none.</summary>
    public BlockingCall? Match(IInvocationOperation invocation)
    {
        var target = invocation.TargetMethod;
        if (!target.IsExtensionMethod || invocation.Arguments.Length == 0)
        {
            if (!_names.MayHaveMember(target))
            {
                return null;
            }

            // A member's counterpart depends on the method alone.
            var method = new SearchKey(target, receiver: null, AnyScope);
            if (_misses.ContainsKey(method))
            {
                return null;
            }

            var found = _catalog.SyncIo.MayHaveCounterpart(invocation) ? _catalog.SyncIo.MatchByCounterpart(invocation) : null;
            if (found is null && !PassesStreams(invocation))
            {
                _misses.TryAdd(method, true);
            }

            return found;
        }

        var receiver = IOperationExtensions.Unwrap(invocation.Arguments[0].Value)?.Type;
        if (!_names.MayHaveExtension(target, receiver) || !_catalog.SyncIo.MayHaveCounterpart(invocation))
        {
            return null;
        }

        var inScope = new SearchKey(target, receiver, ImportsAt(invocation.Syntax));
        if (_misses.ContainsKey(inScope))
        {
            return null;
        }

        var call = _catalog.SyncIo.MatchByCounterpart(invocation);
        if (call is null && !PassesStreams(invocation))
        {
            _misses.TryAdd(inScope, true);
        }

        return call;
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

        return false;
    }

    // The catalogue's own definition (Json.NET readers and writers included): a miss over one may be an in-memory one.
    private bool IsStreamLike(ITypeSymbol? type) => _catalog.SyncIo.IsStreamLike(type);

    private readonly struct SearchKey : IEquatable<SearchKey>
    {
        private readonly IMethodSymbol _method;
        private readonly ITypeSymbol? _receiver;
        private readonly string _scope;

        public SearchKey(IMethodSymbol method, ITypeSymbol? receiver, string scope)
        {
            _method = method;
            _receiver = receiver;
            _scope = scope;
        }

        public bool Equals(SearchKey other)
            => string.Equals(_scope, other._scope, StringComparison.Ordinal)
                && SymbolEqualityComparer.Default.Equals(_method, other._method)
                && SymbolEqualityComparer.Default.Equals(_receiver, other._receiver);

        public override bool Equals(object? obj) => obj is SearchKey other && Equals(other);

        public override int GetHashCode()
            => (SymbolEqualityComparer.Default.GetHashCode(_method) * 31 + SymbolEqualityComparer.Default.GetHashCode(_receiver)) * 31
                + StringComparer.Ordinal.GetHashCode(_scope);
    }
}
