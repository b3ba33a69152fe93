using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// The methods of this compilation one call site names: one method, or a property's getter and setter for
/// <c>x.P += 1</c>; each with whether the call dispatches (interface or virtual) to implementations and overrides.
/// </summary>
internal readonly struct CalledMethods
{
    public CalledMethods(IMethodSymbol? first, bool firstIsVirtual, IMethodSymbol? second = null, bool secondIsVirtual = false)
    {
        First = first;
        FirstIsVirtual = firstIsVirtual;
        Second = second;
        SecondIsVirtual = secondIsVirtual;
    }

    public IMethodSymbol? First { get; }

    public bool FirstIsVirtual { get; }

    public IMethodSymbol? Second { get; }

    public bool SecondIsVirtual { get; }

    public bool IsEmpty => First is null && Second is null;
}
