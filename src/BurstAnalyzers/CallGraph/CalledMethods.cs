using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// The methods of this compilation one call site names: one method, or a property's getter and setter for
/// <c>x.P += 1</c>; each with whether the call dispatches (interface or virtual) to implementations and overrides.
/// </summary>
internal readonly struct CalledMethods
{
    public CalledMethods(IMethodSymbol? first, bool firstIsVirtual, IMethodSymbol? second = null, bool secondIsVirtual = false, CarriedVia? via = null)
    {
        First = first;
        FirstIsVirtual = firstIsVirtual;
        Second = second;
        SecondIsVirtual = secondIsVirtual;
        Via = via;
    }

    public IMethodSymbol? First { get; }

    public bool FirstIsVirtual { get; }

    public IMethodSymbol? Second { get; }

    public bool SecondIsVirtual { get; }

    public bool IsEmpty => First is null && Second is null;

    /// <summary>Set for a call into another project that comes back through an open call: <see cref="First"/> is the
    /// member it calls there, implemented here.</summary>
    public CarriedVia? Via { get; }

    /// <summary>Methods passed through in other projects before the targets.</summary>
    public int HopsBefore => Via?.Depth ?? 0;
}
