using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// Whether a method blocks, through its shortest chain: <see cref="Depth"/> methods from this one to the one that makes
/// the blocking call (1: it blocks itself; 0: it never blocks), and the first step of that chain. The rest of the chain
/// is the summary of <see cref="Next"/>. The depth is the shortest one, whatever limit a handler's file sets, so one
/// summary serves every limit: a chain fits a limit exactly when its shortest one does.
/// </summary>
internal sealed class MethodSummary
{
    public static readonly MethodSummary NotBlocking = new(0, null, null, null, null, null);

    private MethodSummary(int depth, ChainEnd? blocking, IMethodSymbol? next, Location? callSite, CarriedVia? via, IMethodSymbol? called)
    {
        Depth = depth;
        Blocking = blocking;
        Next = next;
        CallSite = callSite;
        Via = via;
        Called = called;
    }

    public int Depth { get; }

    public bool Blocks => Depth > 0;

    /// <summary>Set when this method makes the blocking call itself.</summary>
    public ChainEnd? Blocking { get; }

    /// <summary>Otherwise the method the chain continues in, called at <see cref="CallSite"/>.</summary>
    public IMethodSymbol? Next { get; }

    public Location? CallSite { get; }

    /// <summary>Set when the call at <see cref="CallSite"/> reaches <see cref="Next"/> through another project.</summary>
    public CarriedVia? Via { get; }

    /// <summary>The method the call at <see cref="CallSite"/> names, when it dispatched to <see cref="Next"/> (an
    /// interface or virtual member).</summary>
    public IMethodSymbol? Called { get; }

    /// <summary>The method makes the blocking call, or calls into another project where the chain goes on.</summary>
    public static MethodSummary BlocksItself(ChainEnd blocking) => new(1 + blocking.CarriedHops, blocking, null, null, null, null);

    public static MethodSummary BlocksThrough(int depth, IMethodSymbol next, Location callSite, CarriedVia? via = null, IMethodSymbol? called = null)
        => new(depth, null, next, callSite, via, called);
}
