using System.Collections.Immutable;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// What one method's own body says, before following any call: the first blocking call it makes itself — then
/// nothing else matters, since no chain through it can be shorter — or else its calls to methods of this compilation.
/// </summary>
internal sealed class MethodFacts
{
    public static readonly MethodFacts None = new(null, ImmutableArray<SourceCall>.Empty);

    private MethodFacts(ChainEnd? blocking, ImmutableArray<SourceCall> calls)
    {
        Blocking = blocking;
        Calls = calls;
    }

    public ChainEnd? Blocking { get; }

    /// <summary>In body order; empty when <see cref="Blocking"/> is set.</summary>
    public ImmutableArray<SourceCall> Calls { get; }

    public static MethodFacts Blocks(ChainEnd blocking) => new(blocking, ImmutableArray<SourceCall>.Empty);

    public static MethodFacts Calling(ImmutableArray<SourceCall> calls) => calls.IsEmpty ? None : new(null, calls);
}
