using BurstAnalyzers.FactsFiles;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// A blocking call found in a method's own body, where a chain ends: "Thread.Sleep" and where it is. Or a call into
/// another project of the solution whose method blocks further down (<see cref="CarriedChain"/>): then the chain goes
/// on there, <see cref="CarriedHops"/> methods long, and <see cref="Call"/> names it to its end.
/// </summary>
internal sealed class ChainEnd
{
    public ChainEnd(
        string rule,
        string call,
        Location location,
        ChainEnd? onPool = null,
        int carriedHops = 0,
        string? carriedFrom = null,
        Location? carriedLocation = null,
        System.Collections.Generic.IReadOnlyList<Location>? carriedSites = null,
        bool enumeratesQuery = false)
    {
        EnumeratesQuery = enumeratesQuery;
        CarriedSites = carriedSites ?? System.Array.Empty<Location>();
        CarriedLocation = carriedLocation;
        Rule = rule;
        Call = call;
        Location = location;
        OnPool = onPool;
        CarriedHops = carriedHops;
        CarriedFrom = carriedFrom;
    }

    /// <summary>Methods passed through in other projects before the blocking call; 0 when this call itself blocks.</summary>
    public int CarriedHops { get; }

    /// <summary>Where the chain's blocking call is in the other project's source, when known: a file outside this
    /// compilation.</summary>
    public Location? CarriedLocation { get; }

    /// <summary>When the chain goes on in another project, the other blocking calls there behind the same call.</summary>
    public System.Collections.Generic.IReadOnlyList<Location> CarriedSites { get; }

    /// <summary>The assembly whose method this call enters, when the chain goes on in another project; else null.</summary>
    public string? CarriedFrom { get; }

    /// <summary>
    /// A second blocking call that this one waits for on another pool thread: the inner wait of
    /// Task.Run(() =&gt; LoadAsync().Result).Result. Each request then holds two pool threads; both are shown.
    /// </summary>
    public ChainEnd? OnPool { get; }

    /// <summary>The id of the direct rule the call breaks: "BURST001".</summary>
    public string Rule { get; }

    /// <summary>As the direct rules name it: "Thread.Sleep", "Task.Result", "File.ReadAllText".</summary>
    public string Call { get; }

    public Location Location { get; }

    /// <summary>The call is where a query runs (a LINQ operator, a <c>foreach</c>, a new list over it), not a blocking
    /// call of its own: its fix is EF Core's, never the counterpart of what hands the query out.</summary>
    public bool EnumeratesQuery { get; }
}
