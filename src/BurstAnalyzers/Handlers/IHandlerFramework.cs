using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// One handler framework whose entry points are methods recognised by their own symbol: an interface member implemented,
/// a base class's virtual overridden, an attribute, a naming convention (controllers, hubs, WCF operations, Azure
/// Functions, MassTransit consumers...). Built once per compilation and listed in <see cref="HandlerFrameworks"/>, the one
/// registration and the only list of them; <see cref="RequestHandlerModel"/> asks the list in its order. Handlers found
/// by how they are registered (minimal API and inline middleware lambdas, method groups, service factories, Blazor
/// event-callback lambdas) or declared in the options are not frameworks of this shape: they are found from the
/// registration or the configuration, not from the method.
/// </summary>
internal interface IHandlerFramework
{
    /// <summary>Whether the compilation references the framework, decided once when it is built. When false,
    /// <see cref="IsHandler"/> is false for every method and the registry never asks it.</summary>
    bool IsPresent { get; }

    /// <summary>Whether <paramref name="method"/> is an entry point of this framework. Asked once per method of the
    /// compilation (the model remembers the answer): cheap checks (name, kind, modifiers) come first.</summary>
    bool IsHandler(IMethodSymbol method);

    /// <summary>How messages name the handler <paramref name="method"/> when it is this framework's own way (a Razor
    /// view's path); null for the default, "Type.Method" (<see cref="RequestHandler.For"/>).</summary>
    string? DisplayName(IMethodSymbol method);

    /// <summary>Where an instance method of <paramref name="type"/> finds the request's cancellation token when this
    /// framework's base class gives it one, as a member path ("HttpContext.RequestAborted" in a controller,
    /// "Context.ConnectionAborted" in a hub); null elsewhere. Asked by the async fix, not per keystroke.</summary>
    string? RequestTokenOf(INamedTypeSymbol type);

    /// <summary>Where BurstAnalyzers.Offload's runtime reads <c>[OffloadBlocking]</c> for the handler
    /// <paramref name="method"/> of this framework: the method (an MVC action, a hub method), its type (a Razor Pages
    /// handler's page model), or null where the runtime does not move this framework's handlers
    /// (<see cref="RequestHandlerModel.OffloadSite(IMethodSymbol)"/>).</summary>
    ISymbol? OffloadSite(IMethodSymbol method);
}
