using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Rules;

/// <summary>One blocking call found under a handler's call, and the direct rule it breaks.</summary>
internal readonly struct ReachedBlockingCall
{
    public ReachedBlockingCall(Location location, string rule)
    {
        Location = location;
        Rule = rule;
    }

    public Location Location { get; }

    public string Rule { get; }
}
