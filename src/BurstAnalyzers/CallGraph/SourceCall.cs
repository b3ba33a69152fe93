using System.Collections.Immutable;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// A call in a method's body to methods of this compilation: where it is, and every method it may run — one, or for
/// a virtual or interface call every override and implementation, in source order. The call's syntax is kept, not
/// a location: only the calls on a reported chain ever need one. The method it names and how it is called are kept
/// too, to find the targets again in another compilation (<see cref="FactsAcrossCompilations"/>).
/// </summary>
internal readonly struct SourceCall
{
    public SourceCall(SyntaxNode syntax, ImmutableArray<IMethodSymbol> targets, IMethodSymbol called, bool virtualCall, CarriedVia? via = null)
    {
        Syntax = syntax;
        Targets = targets;
        Called = called;
        VirtualCall = virtualCall;
        Via = via;
    }

    public SyntaxNode Syntax { get; }

    public ImmutableArray<IMethodSymbol> Targets { get; }

    /// <summary>The method the call names, as declared (its targets are this method and, for a virtual call, its
    /// overrides and implementations).</summary>
    public IMethodSymbol Called { get; }

    public bool VirtualCall { get; }

    /// <summary>Set for a call into another project that comes back here (an open call it makes, closed here): the
    /// targets are this compilation's implementations of the member it calls.</summary>
    public CarriedVia? Via { get; }

    /// <summary>Methods between this call and its targets: those passed through in other projects, if any.</summary>
    public int HopsBefore => Via?.Depth ?? 0;
}
