using BurstAnalyzers.CrossProject;
using BurstAnalyzers.FactsFiles;
using BurstAnalyzers.Handlers;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.CallGraph;

/// <summary>
/// A call in a method's body that this compilation cannot follow to its end: through an interface or virtual member
/// that a project above may implement (its own, or another project's), or into another project's method whose own
/// open calls this compilation does not close either. A library's build carries it up with its chains
/// (<see cref="OpenItem"/>), and the project that sees an implementation closes it.
/// </summary>
internal readonly struct OpenCall
{
    public OpenCall(SyntaxNode syntax, OpenKind kind, IMethodSymbol? target, string? targetId, string sink, CarriedVia? via, string construction = "")
    {
        Construction = construction;
        Syntax = syntax;
        Kind = kind;
        Target = target;
        TargetId = targetId;
        Sink = sink;
        Via = via;
    }

    /// <summary>The call (or for <see cref="OpenKind.Sink"/> the enumeration) in this method.</summary>
    public SyntaxNode Syntax { get; }

    public OpenKind Kind { get; }

    /// <summary>The member called, as declared, when it is one this compilation sees; else null and <see cref="TargetId"/>.</summary>
    public IMethodSymbol? Target { get; }

    public string? TargetId { get; }

    /// <summary>For <see cref="OpenKind.Sink"/>, how the value is enumerated.</summary>
    public string Sink { get; }

    /// <summary>For an open call of another project's method called here: the way through that project.</summary>
    public CarriedVia? Via { get; }

    /// <summary>The closed construction of the generic service the member is called through
    /// (<see cref="ServiceConstructions.IdOf"/>), or "": <c>IRepository&lt;Order&gt;</c> for <c>IRepository&lt;T&gt;.Get</c>.</summary>
    public string Construction { get; }
}
