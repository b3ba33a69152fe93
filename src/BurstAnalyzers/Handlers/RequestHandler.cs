using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>A piece of code that runs on a request thread: a handler method, or a delegate registered as one.</summary>
internal readonly struct RequestHandler
{
    public RequestHandler(string displayName) => DisplayName = displayName;

    /// <summary>How messages name it: "OrdersController.Get", or "MapGet(\"/orders\")" for a minimal API lambda.</summary>
    public string DisplayName { get; }

    public static RequestHandler For(IMethodSymbol method)
        => new(method.ContainingType is { } type ? type.Name + "." + method.Name : method.Name);
}
