using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.CallGraph;

/// <summary>One step of a reported chain: the method reached, and the call that reaches it from the previous step
/// (through another project and back, when <see cref="Via"/> is set).</summary>
internal readonly struct CallHop
{
    public CallHop(IMethodSymbol method, Location callSite, CarriedVia? via = null, string? registeredIn = null)
    {
        Method = method;
        CallSite = callSite;
        Via = via;
        RegisteredIn = registeredIn;
    }

    public IMethodSymbol Method { get; }

    public Location CallSite { get; }

    public CarriedVia? Via { get; }

    /// <summary>Where dependency injection registers the method's type for the interface or base type the call named,
    /// when that registration is what sent the call here ("Program.cs").</summary>
    public string? RegisteredIn { get; }
}
