using System.Collections.Immutable;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// What one method's own body says, before following any call: the first blocking call it makes itself — then no chain
/// through it can be shorter — and the others after it; its calls to methods of this compilation and the places it
/// enumerates what a call returned (blocking when that is an EF Core query); the calls this compilation cannot follow
/// to their end. For a method that returns a sequence, also where what it returns comes from: a DbSet of its own, or
/// what its calls return.
/// </summary>
internal sealed class MethodFacts
{
    public static readonly MethodFacts None = new(null, ImmutableArray<ChainEnd>.Empty, ImmutableArray<SourceCall>.Empty, ImmutableArray<QuerySink>.Empty, ReturnedQuery.None, ImmutableArray<OpenCall>.Empty);

    private MethodFacts(
        ChainEnd? blocking,
        ImmutableArray<ChainEnd> otherBlocking,
        ImmutableArray<SourceCall> calls,
        ImmutableArray<QuerySink> sinks,
        ReturnedQuery returns,
        ImmutableArray<OpenCall> openCalls)
    {
        Blocking = blocking;
        OtherBlocking = otherBlocking;
        Calls = calls;
        Sinks = sinks;
        Returns = returns;
        OpenCalls = openCalls;
    }

    /// <summary>The first blocking call in body order: the method's shortest chain ends there.</summary>
    public ChainEnd? Blocking { get; }

    /// <summary>The blocking calls after the first, in body order: every one a handler's call reaches is reported with
    /// it, and a fix converts them all.</summary>
    public ImmutableArray<ChainEnd> OtherBlocking { get; }

    /// <summary>In body order.</summary>
    public ImmutableArray<SourceCall> Calls { get; }

    /// <summary>In body order.</summary>
    public ImmutableArray<QuerySink> Sinks { get; }

    /// <summary>Where the sequence the method returns comes from, if it returns one.</summary>
    public ReturnedQuery Returns { get; }

    /// <summary>Calls this compilation cannot follow to their end (<see cref="OpenCall"/>), in body order; a library's
    /// build carries them up.</summary>
    public ImmutableArray<OpenCall> OpenCalls { get; }

    /// <summary>More than a blocking call and calls: not kept across compilations (<see cref="FactsAcrossCompilations"/>).</summary>
    public bool HasQueryFlows => !Sinks.IsEmpty || !Returns.IsNone || !OpenCalls.IsEmpty || HasCarriedCalls();

    public static MethodFacts Blocks(ChainEnd blocking)
        => new(blocking, ImmutableArray<ChainEnd>.Empty, ImmutableArray<SourceCall>.Empty, ImmutableArray<QuerySink>.Empty, ReturnedQuery.None, ImmutableArray<OpenCall>.Empty);

    public static MethodFacts Calling(ImmutableArray<SourceCall> calls)
        => Of(null, ImmutableArray<ChainEnd>.Empty, calls, ImmutableArray<QuerySink>.Empty, ReturnedQuery.None, ImmutableArray<OpenCall>.Empty);

    public static MethodFacts Of(
        ChainEnd? blocking,
        ImmutableArray<ChainEnd> otherBlocking,
        ImmutableArray<SourceCall> calls,
        ImmutableArray<QuerySink> sinks,
        ReturnedQuery returns,
        ImmutableArray<OpenCall> openCalls)
        => blocking is null && calls.IsEmpty && sinks.IsEmpty && returns.IsNone && openCalls.IsEmpty
            ? None
            : new(blocking, otherBlocking, calls, sinks, returns, openCalls);

    /// <summary>The same facts whose first blocking call is <paramref name="blocking"/> (a query sink found to run an EF
    /// Core query), the others kept.</summary>
    public MethodFacts WithBlocking(ChainEnd blocking, ImmutableArray<ChainEnd> otherBlocking)
        => new(blocking, otherBlocking, Calls, Sinks, Returns, OpenCalls);

    /// <summary>Adds calls after these (a constructor's base call, the initializers it runs).</summary>
    public MethodFacts WithCalls(ImmutableArray<SourceCall> calls) => Of(Blocking, OtherBlocking, calls, Sinks, Returns, OpenCalls);

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
