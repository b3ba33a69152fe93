using BurstAnalyzers.Options;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// A call in a request handler waiting for the end of the compilation, when every method it may reach has been
/// delivered by the analyzer driver: everything needed to judge and report it, and no operation tree (holding those
/// would keep every semantic model of the compilation alive until the end).
/// </summary>
internal sealed class PendingCall
{
    public PendingCall(Location location, CalledMethods called, string handler, string start, BurstConfiguration configuration, bool inServiceFactory = false)
    {
        InServiceFactory = inServiceFactory;
        Location = location;
        Called = called;
        Handler = handler;
        Start = start;
        Configuration = configuration;
    }

    public Location Location { get; }

    public CalledMethods Called { get; }

    /// <summary>The handler's display name, for the message.</summary>
    public string Handler { get; }

    /// <summary>The call is in a dependency-injection factory: reported as BURST007.</summary>
    public bool InServiceFactory { get; }

    /// <summary>The first element of the chain.</summary>
    public string Start { get; }

    /// <summary>The options of the call's file: its depth limit and excluded APIs.</summary>
    public BurstConfiguration Configuration { get; }
}
