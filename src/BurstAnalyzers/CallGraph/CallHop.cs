using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.CallGraph;

/// <summary>One step of a reported chain: the method reached, and the call that reaches it from the previous step.</summary>
internal readonly struct CallHop
{
    public CallHop(IMethodSymbol method, Location callSite)
    {
        Method = method;
        CallSite = callSite;
    }

    public IMethodSymbol Method { get; }

    public Location CallSite { get; }
}
