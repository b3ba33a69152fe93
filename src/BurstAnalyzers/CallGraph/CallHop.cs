using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.CallGraph;

/// <summary>One step of a reported chain: the method reached, and the call that reaches it from the previous step
/// (through another project and back, when <see cref="Via"/> is set).</summary>
internal readonly struct CallHop
{
    public CallHop(IMethodSymbol method, Location callSite, CarriedVia? via = null)
    {
        Method = method;
        CallSite = callSite;
        Via = via;
    }

    public IMethodSymbol Method { get; }

    public Location CallSite { get; }

    public CarriedVia? Via { get; }
}
