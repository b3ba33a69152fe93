using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// The part of a chain that runs in another project and comes back: the web project calls a service of a library,
/// which calls an interface that the web project implements (an open call, <see cref="FactsFiles.OpenItem"/>).
/// "[Shop.Services] OrderService.Find → IRepository.Table" is the way through the library, <see cref="Depth"/> methods
/// long; the chain goes on in <see cref="BackInto"/>, at an implementation of the member.
/// </summary>
internal sealed class CarriedVia
{
    public CarriedVia(string text, int depth, string assembly, string backInto, Location? location, bool returned = false)
    {
        Returned = returned;
        Text = text;
        Depth = depth;
        Assembly = assembly;
        BackInto = backInto;
        Location = location;
    }

    public string Text { get; }

    /// <summary>Methods passed through in the other projects.</summary>
    public int Depth { get; }

    /// <summary>The project the chain enters.</summary>
    public string Assembly { get; }

    /// <summary>The project it comes back into: the one that implements the member.</summary>
    public string BackInto { get; }

    /// <summary>The open call in the other project's source, when known: a file outside this compilation.</summary>
    public Location? Location { get; }

    /// <summary>The way a value came: the other project returned what the member returns, and it is enumerated here
    /// (the chain does not go through that project).</summary>
    public bool Returned { get; }
}
