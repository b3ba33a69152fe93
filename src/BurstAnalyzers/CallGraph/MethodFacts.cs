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
    public static readonly MethodFacts None = new(null, ImmutableArray<SourceCall>.Empty, ImmutableArray<QuerySink>.Empty, ReturnedQuery.None, ImmutableArray<OpenCall>.Empty);

    private MethodFacts(ChainEnd? blocking, ImmutableArray<SourceCall> calls, ImmutableArray<QuerySink> sinks, ReturnedQuery returns, ImmutableArray<OpenCall> openCalls)
    {
        Blocking = blocking;
        Calls = calls;
        Sinks = sinks;
        Returns = returns;
        OpenCalls = openCalls;
    }

    public ChainEnd? Blocking { get; }

    /// <summary>In body order; empty when <see cref="Blocking"/> is set.</summary>
    public ImmutableArray<SourceCall> Calls { get; }

    /// <summary>In body order; empty when <see cref="Blocking"/> is set.</summary>
    public ImmutableArray<QuerySink> Sinks { get; }

    /// <summary>Where the sequence the method returns comes from, if it returns one.</summary>
    public ReturnedQuery Returns { get; }

    /// <summary>Calls this compilation cannot follow to their end (<see cref="OpenCall"/>), in body order; a library's
    /// build carries them up. Empty when <see cref="Blocking"/> is set.</summary>
    public ImmutableArray<OpenCall> OpenCalls { get; }

    /// <summary>More than a blocking call and calls: not kept across compilations (<see cref="FactsAcrossCompilations"/>).</summary>
    public bool HasQueryFlows => !Sinks.IsEmpty || !Returns.IsNone || !OpenCalls.IsEmpty || HasCarriedCalls();

    public static MethodFacts Blocks(ChainEnd blocking) => new(blocking, ImmutableArray<SourceCall>.Empty, ImmutableArray<QuerySink>.Empty, ReturnedQuery.None, ImmutableArray<OpenCall>.Empty);

    public static MethodFacts Calling(ImmutableArray<SourceCall> calls) => Calling(calls, ImmutableArray<QuerySink>.Empty, ReturnedQuery.None, ImmutableArray<OpenCall>.Empty);

    public static MethodFacts Calling(ImmutableArray<SourceCall> calls, ImmutableArray<QuerySink> sinks, ReturnedQuery returns, ImmutableArray<OpenCall> openCalls)
        => calls.IsEmpty && sinks.IsEmpty && returns.IsNone && openCalls.IsEmpty ? None : new(null, calls, sinks, returns, openCalls);

    private bool HasCarriedCalls()
    {
        foreach (var call in Calls)
        {
            if (call.Via is not null)
            {
                return true;
            }
        }

        return false;
    }
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

    /// <summary>It returns an EF Core query it knows to be one: over a DbSet it reads, or what another project's method
    /// returns whose build says it is one.</summary>
    public bool FromEntity { get; }

    /// <summary>Calls of this compilation whose value it returns (implementations here of an open member included).</summary>
    public ImmutableArray<QuerySource> FromCalls { get; }

    public bool IsNone => !FromEntity && FromCalls.IsDefaultOrEmpty;
}
