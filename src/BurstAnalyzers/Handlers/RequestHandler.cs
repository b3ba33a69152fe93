using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// A piece of code that runs on a request thread: a handler method, a delegate registered as one, or a
/// dependency-injection factory (run on the request thread that resolves its service; reported under BURST007).
/// </summary>
internal readonly struct RequestHandler
{
    public RequestHandler(string displayName, bool isServiceFactory = false)
    {
        DisplayName = displayName;
        IsServiceFactory = isServiceFactory;
    }

    /// <summary>How messages name it: "OrdersController.Get", "MapGet(\"/orders\")" for a minimal API lambda, or
    /// "the AddScoped factory of 'IOrderStore'".</summary>
    public string DisplayName { get; }

    /// <summary>A service factory, not a handler: its blocking calls are BURST007's.</summary>
    public bool IsServiceFactory { get; }

    /// <summary>A handler method by its type and the name callers use ("AuditFilter.OnActionExecuting", an explicit
    /// interface implementation by the interface member's name).</summary>
    public static RequestHandler For(IMethodSymbol method)
        => new(method.ContainingType is { } type ? type.Name + "." + method.MemberName() : method.MemberName());
}
