using System.Collections.Immutable;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Calls;

/// <summary>
/// A call in a method's body to methods of this compilation: where it is, and every method it may run — one, or for
/// a virtual or interface call every override and implementation, in source order. The call's syntax is kept, not
/// a location: only the calls on a reported chain ever need one.
/// </summary>
internal readonly struct SourceCall
{
    public SourceCall(SyntaxNode syntax, ImmutableArray<IMethodSymbol> targets)
    {
        Syntax = syntax;
        Targets = targets;
    }

    public SyntaxNode Syntax { get; }

    public ImmutableArray<IMethodSymbol> Targets { get; }
}
