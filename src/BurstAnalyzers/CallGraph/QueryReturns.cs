using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Threading;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// Which methods return an EF Core query: one that returns a DbSet it reads, or what a call returns that does (a
/// repository's <c>Table</c>, a service handing its query on). A <see cref="QuerySink"/> over what such a method
/// returns runs the query there. Answered from the methods' facts, once per method and compilation.
/// </summary>
internal sealed class QueryReturns
{
    // Methods followed from one query source: a query handed on further than this is not worth the walk.
    private const int MaxDepth = 16;

    private readonly MethodSummaries _summaries;
    private readonly ConcurrentDictionary<IMethodSymbol, bool> _known = new(SymbolEqualityComparer.Default);

    [System.ThreadStatic]
    private static HashSet<IMethodSymbol>? t_inProgress;

    public QueryReturns(MethodSummaries summaries) => _summaries = summaries;

    /// <summary>Whether what the call returns is an EF Core query, whichever of its targets runs.</summary>
    public bool ReturnsQuery(QuerySource source, CancellationToken cancellationToken) => FirstReturning(source, cancellationToken) is not null;

    /// <summary>The first of the call's targets, in source order, that returns an EF Core query; null when none does.</summary>
    public IMethodSymbol? FirstReturning(QuerySource source, CancellationToken cancellationToken)
    {
        var inProgress = t_inProgress ??= new HashSet<IMethodSymbol>(SymbolEqualityComparer.Default);
        foreach (var target in source.Targets)
        {
            if (Of(target, 0, inProgress, out _, cancellationToken))
            {
                return target;
            }
        }

        return null;
    }

    /// <summary>Whether <paramref name="method"/> (of this compilation) returns an EF Core query.</summary>
    public bool Of(IMethodSymbol method, CancellationToken cancellationToken)
        => Of(method, 0, t_inProgress ??= new HashSet<IMethodSymbol>(SymbolEqualityComparer.Default), out _, cancellationToken);

    /// <summary>The answer for one method; <paramref name="provisional"/> when it met a method still being answered (a
    /// cycle), which a later question may answer differently: such an answer is not kept.</summary>
    private bool Of(IMethodSymbol method, int depth, HashSet<IMethodSymbol> inProgress, out bool provisional, CancellationToken cancellationToken)
    {
        provisional = false;
        if (_known.TryGetValue(method, out var known))
        {
            return known;
        }

        if (depth > MaxDepth || !inProgress.Add(method))
        {
            provisional = true;
            return false;
        }

        try
        {
            var returns = _summaries.FactsOf(method, cancellationToken).Returns;
            var result = returns.FromEntity;
            foreach (var source in returns.FromCalls)
            {
                foreach (var target in source.Targets)
                {
                    if (result)
                    {
                        break;
                    }

                    result = Of(target, depth + 1, inProgress, out var inner, cancellationToken);
                    provisional |= inner;
                }
            }

            if (result || !provisional)
            {
                _known.TryAdd(method, result);
            }

            return result;
        }
        finally
        {
            inProgress.Remove(method);
        }
    }
}
