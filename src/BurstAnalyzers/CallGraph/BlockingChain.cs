using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Text;
using BurstAnalyzers.FactsFiles;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// The way from a call in a request handler to a blocking call: each method passed through, with the call that
/// reaches it, then the blocking call. "GetQuote → PriceService.Load → Thread.Sleep". A step through another project
/// that comes back (an open call closed here) shows that project's part first, then "⇒".
/// </summary>
internal sealed class BlockingChain
{
    private const string Arrow = " \u2192 ";

    /// <summary>
    /// What a BURST005 diagnostic tells its code fix beyond its locations: the id of the direct rule (BURST001-004/006)
    /// the call at the end of the chain breaks, so the fix knows how to rewrite it. The blocking call itself is the
    /// diagnostic's last additional location.
    /// </summary>
    public const string BlockingRuleProperty = "BlockingRule";

    public BlockingChain(ImmutableArray<CallHop> hops, ChainEnd blocking)
    {
        Hops = hops;
        Blocking = blocking;
    }

    /// <summary>The first hop is the method the handler calls; its call site is where BURST005 is reported.</summary>
    public ImmutableArray<CallHop> Hops { get; }

    public ChainEnd Blocking { get; }

    /// <summary>The chain as the message shows it, starting with the handler's name.</summary>
    public string Describe(string start)
    {
        var text = new StringBuilder(start);
        foreach (var hop in Hops)
        {
            AppendHop(text.Append(Arrow), hop);
        }

        return AppendEnd(text.Append(Arrow));
    }

    /// <summary>
    /// The chain as another project that calls its first method shows it (<see cref="CarriedChain"/>): the project it
    /// starts in, in brackets, then each method: "[Shop.Services] OrderService.Orders → OrderFiles.ReadAll → File.ReadAllText".
    /// </summary>
    public string DescribeCarried(string assemblyName)
    {
        var text = new StringBuilder("[").Append(assemblyName).Append("] ");
        foreach (var hop in Hops)
        {
            AppendHop(text, hop).Append(Arrow);
        }

        return AppendEnd(text);
    }

    /// <summary>A method on the way; reached through another project, that way first: "[Shop.Services]
    /// OrderService.Save → IRepository.Insert ⇒ [Shop.Web] EfRepository.Insert"; sent there by a registration, where:
    /// "SqlOrderStore.Load (registered in Program.cs)".</summary>
    private static StringBuilder AppendHop(StringBuilder text, CallHop hop)
    {
        if (hop.Via is { } via)
        {
            text.Append(via.Text).Append(" \u21D2 [").Append(via.BackInto).Append("] ");
        }

        text.Append(MethodNames.Of(hop.Method));
        return hop.RegisteredIn is { } place ? text.Append(MethodNames.RegisteredIn(place)) : text;
    }

    private string AppendEnd(StringBuilder text)
    {
        text.Append(Blocking.Call);
        if (Blocking.OnPool is { } inner)
        {
            text.Append(" (waiting for a pool thread that blocks in ").Append(inner.Call).Append(')');
        }

        return text.ToString();
    }

    /// <summary>The other projects of the solution the chain passes through, by assembly name, as its text names them
    /// ("[Shop.Services] …", "⇒ [Shop.Web] …") and its hops and end record them; the caller keeps those it references.
    /// A project named only by a member the chain calls (an interface declared in a third project) is not among them.
    /// In the chain's order, each once.</summary>
    public List<string> ProjectsEntered()
    {
        var names = new List<string>();
        foreach (var hop in Hops)
        {
            if (hop.Via is { } via)
            {
                AddOnce(via.Assembly, names);
                AddBracketed(via.Text, names);
                AddOnce(via.BackInto, names);
            }
        }

        if (Blocking.CarriedFrom is { } carriedFrom)
        {
            AddOnce(carriedFrom, names);
        }

        AddBracketed(Blocking.Call, names);
        return names;
    }

    private static void AddOnce(string name, List<string> names)
    {
        if (!names.Contains(name))
        {
            names.Add(name);
        }
    }

    /// <summary>Each "[name] " in <paramref name="text"/>, as <see cref="DescribeCarried"/> and <see cref="AppendHop"/> write a project.</summary>
    private static void AddBracketed(string text, List<string> names)
    {
        for (var start = text.IndexOf('['); start >= 0; start = text.IndexOf('[', start + 1))
        {
            var end = text.IndexOf("] ", start + 1, StringComparison.Ordinal);
            if (end < 0)
            {
                return;
            }

            if (end > start + 1)
            {
                AddOnce(text.Substring(start + 1, end - start - 1), names);
            }
        }
    }

    /// <summary>
    /// Set on a chain that goes on in another project (its value: that assembly's name). The async fix then has no
    /// blocking call in this solution's document to rewrite at the chain's end, so it is not offered; offloading is.
    /// </summary>
    public const string CarriedFromProperty = "CarriedFrom";

    /// <summary>The number of other blocking calls the handler's call reaches, listed among the related locations
    /// (absent when there are none).</summary>
    public const string OtherBlockingCallsProperty = "OtherBlockingCalls";

    /// <summary>How many of <paramref name="reached"/> are other blocking calls than the chain's own.</summary>
    public int OthersIn(ImmutableArray<Location> reached)
    {
        var own = Blocking.CarriedLocation ?? Blocking.Location;
        var others = 0;
        foreach (var site in reached)
        {
            if (!site.Equals(own) && !site.Equals(Blocking.Location))
            {
                others++;
            }
        }

        return others;
    }

    /// <summary>Set when the chain's end is where a query runs (<see cref="ChainEnd.EnumeratesQuery"/>): the fix takes EF
    /// Core's operator or <c>await foreach</c> there, or none.</summary>
    public const string EnumeratedQueryEndProperty = "EnumeratedQueryEnd";

    /// <summary>For the code fix: which direct rule the blocking call at the end breaks, and whether it is elsewhere.</summary>
    public ImmutableDictionary<string, string?> Properties()
    {
        var properties = ImmutableDictionary<string, string?>.Empty.Add(BlockingRuleProperty, Blocking.Rule);
        if (Blocking.EnumeratesQuery)
        {
            properties = properties.Add(EnumeratedQueryEndProperty, "");
        }

        return Blocking.CarriedFrom is { } assembly ? properties.Add(CarriedFromProperty, assembly) : properties;
    }

    /// <summary>Where an IDE navigates along the chain: the call in each method passed through, then the blocking call
    /// (last: the code fix reads it there), preceded by the pool thread's blocking call it waits for, if any. A chain
    /// that goes on in another project ends with the call into it, then its blocking call there (a file outside this
    /// compilation).</summary>
    public ImmutableArray<Location> AdditionalLocations() => AdditionalLocations(ImmutableArray<Location>.Empty);

    /// <summary>As <see cref="AdditionalLocations()"/>, with the other blocking calls the handler's call reaches
    /// (<paramref name="reached"/>, the chain's own left out) before the chain's blocking call, which stays last.</summary>
    public ImmutableArray<Location> AdditionalLocations(ImmutableArray<Location> reached)
    {
        var locations = ImmutableArray.CreateBuilder<Location>(Hops.Length + 2 + reached.Length);
        for (var i = 0; i < Hops.Length; i++)
        {
            // The first hop's call is the diagnostic's own location; a hop through another project adds its open call there.
            if (i > 0)
            {
                locations.Add(Hops[i].CallSite);
            }

            if (Hops[i].Via?.Location is { } openCall)
            {
                locations.Add(openCall);
            }
        }

        var own = Blocking.CarriedLocation ?? Blocking.Location;
        foreach (var site in reached)
        {
            if (!site.Equals(own) && !site.Equals(Blocking.Location) && !locations.Contains(site))
            {
                locations.Add(site);
            }
        }

        if (Blocking.OnPool is { } inner)
        {
            locations.Add(inner.Location);
        }

        locations.Add(Blocking.Location);
        if (Blocking.CarriedLocation is { } elsewhere)
        {
            locations.Add(elsewhere);
        }

        return locations.ToImmutable();
    }
}
