namespace BurstAnalyzers.CallGraph;

/// <summary>A constructor's own body read from the analyzer driver's blocks (<see cref="MethodFactsBuilder.FromConstructorBlocks"/>),
/// and whether it runs its type's instance initializers (an instance constructor that does not hand over with this(...)).</summary>
internal sealed class CapturedConstructor
{
    public CapturedConstructor(MethodFacts body, bool runsInitializers)
    {
        Body = body;
        RunsInitializers = runsInitializers;
    }

    public MethodFacts Body { get; }

    public bool RunsInitializers { get; }
}
