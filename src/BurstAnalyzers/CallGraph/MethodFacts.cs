using System.Collections.Immutable;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// What one method's own body says, before following any call: the first blocking call it makes itself — then
/// nothing else matters, since no chain through it can be shorter — or else its calls to methods of this compilation
/// and the places it enumerates what a call returned (blocking when that is an EF Core query). For a method that
/// returns a sequence, also where what it returns comes from: a DbSet of its own, or what its calls return.
/// </summary>
internal sealed class MethodFacts
{
    public static readonly MethodFacts None = new(null, ImmutableArray<SourceCall>.Empty, ImmutableArray<QuerySink>.Empty, ReturnedQuery.None);

    private MethodFacts(ChainEnd? blocking, ImmutableArray<SourceCall> calls, ImmutableArray<QuerySink> sinks, ReturnedQuery returns)
    {
        Blocking = blocking;
        Calls = calls;
        Sinks = sinks;
        Returns = returns;
    }

    public ChainEnd? Blocking { get; }

    /// <summary>In body order; empty when <see cref="Blocking"/> is set.</summary>
    public ImmutableArray<SourceCall> Calls { get; }

    /// <summary>In body order; empty when <see cref="Blocking"/> is set.</summary>
    public ImmutableArray<QuerySink> Sinks { get; }

    /// <summary>Where the sequence the method returns comes from, if it returns one.</summary>
    public ReturnedQuery Returns { get; }

    /// <summary>Something to keep across compilations only as blocking call and calls (<see cref="FactsAcrossCompilations"/>).</summary>
    public bool HasQueryFlows => !Sinks.IsEmpty || !Returns.IsNone;

    public static MethodFacts Blocks(ChainEnd blocking) => new(blocking, ImmutableArray<SourceCall>.Empty, ImmutableArray<QuerySink>.Empty, ReturnedQuery.None);

    public static MethodFacts Calling(ImmutableArray<SourceCall> calls) => Calling(calls, ImmutableArray<QuerySink>.Empty, ReturnedQuery.None);

    public static MethodFacts Calling(ImmutableArray<SourceCall> calls, ImmutableArray<QuerySink> sinks, ReturnedQuery returns)
        => calls.IsEmpty && sinks.IsEmpty && returns.IsNone ? None : new(null, calls, sinks, returns);
}

/// <summary>Where a method's returned sequence comes from: a DbSet it reads itself, and the calls whose values it returns.</summary>
internal readonly struct ReturnedQuery
{
    public static readonly ReturnedQuery None = new(false, ImmutableArray<QuerySource>.Empty);

    public ReturnedQuery(bool fromEntity, ImmutableArray<QuerySource> fromCalls)
    {
        FromEntity = fromEntity;
        FromCalls = fromCalls.IsDefault ? ImmutableArray<QuerySource>.Empty : fromCalls;
    }

    /// <summary>It returns a query over a DbSet it reads itself.</summary>
    public bool FromEntity { get; }

    public ImmutableArray<QuerySource> FromCalls { get; }

    public bool IsNone => !FromEntity && (FromCalls.IsDefaultOrEmpty);
}
