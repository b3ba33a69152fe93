using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.CallGraph;

/// <summary>A blocking call found in a method's own body, where a chain ends: "Thread.Sleep" and where it is.</summary>
internal sealed class ChainEnd
{
    public ChainEnd(string rule, string call, Location location, ChainEnd? onPool = null)
    {
        Rule = rule;
        Call = call;
        Location = location;
        OnPool = onPool;
    }

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
}
