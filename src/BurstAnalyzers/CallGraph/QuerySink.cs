using System.Collections.Immutable;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// A place in a method's body that enumerates what a call returned (<c>repository.Table.FirstOrDefault(...)</c>,
/// <c>foreach (var order in service.Open())</c>): it blocks when that call returns an EF Core query
/// (<see cref="QueryReturns"/>), which the body alone cannot tell. A DbSet enumerated in the body itself is a blocking
/// call of its own (<see cref="Blocking.DeferredQueries"/>).
/// </summary>
internal readonly struct QuerySink
{
    public QuerySink(SyntaxNode syntax, string sink, QuerySource source, CarriedVia? via = null)
    {
        Syntax = syntax;
        Sink = sink;
        Source = source;
        Via = via;
    }

    public SyntaxNode Syntax { get; }

    /// <summary>How the enumeration is named: "Queryable.FirstOrDefault", "foreach".</summary>
    public string Sink { get; }

    public QuerySource Source { get; }

    /// <summary>Set for an enumeration in another project over what a member implemented here returns: then
    /// <see cref="Syntax"/> is this compilation's call into that project.</summary>
    public CarriedVia? Via { get; }
}

/// <summary>
/// A call whose returned value may be a query: the methods of this compilation it may run (one, or through an
/// interface or virtual member every implementation), or a method of another project of the solution, whose build
/// carried what it returns.
/// </summary>
internal readonly struct QuerySource
{
    public QuerySource(IMethodSymbol called, ImmutableArray<IMethodSymbol> targets, bool inOtherProject)
    {
        Called = called;
        Targets = targets;
        InOtherProject = inOtherProject;
    }

    /// <summary>The method (or property getter) the call names, as declared.</summary>
    public IMethodSymbol Called { get; }

    /// <summary>The methods of this compilation it may run; empty for another project's.</summary>
    public ImmutableArray<IMethodSymbol> Targets { get; }

    public bool InOtherProject { get; }
}
