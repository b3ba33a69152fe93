using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Calls;

/// <summary>A blocking call found in a method's own body, where a chain ends: "Thread.Sleep" and where it is.</summary>
internal sealed class BlockingSite
{
    public BlockingSite(string rule, string call, Location location)
    {
        Rule = rule;
        Call = call;
        Location = location;
    }

    /// <summary>The id of the direct rule the call breaks: "BURST001".</summary>
    public string Rule { get; }

    /// <summary>As the direct rules name it: "Thread.Sleep", "Task.Result", "File.ReadAllText".</summary>
    public string Call { get; }

    public Location Location { get; }
}
