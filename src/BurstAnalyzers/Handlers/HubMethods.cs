using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// SignalR hub methods: public instance methods of a Hub or Hub&lt;T&gt; subclass. The connection callbacks
/// (OnConnectedAsync, OnDisconnectedAsync) also run per client, so their overrides count; Dispose and Object overrides
/// do not.
/// </summary>
internal sealed class HubMethods : IHandlerFramework
{
    private readonly HandlerFrameworkSymbols _symbols;

    public HubMethods(HandlerFrameworkSymbols symbols) => _symbols = symbols;

    public bool IsPresent => _symbols.Hub is not null;

    public string? DisplayName(IMethodSymbol method) => null;

    public string? RequestTokenOf(INamedTypeSymbol type) => type.IsOrDerivesFrom(_symbols.Hub) || type.IsOrDerivesFrom(_symbols.Hub1) ? "Context.ConnectionAborted" : null;

    public ISymbol? OffloadSite(IMethodSymbol method) => IsHandler(method) && IsOffloadable(method) ? method : null;

    public bool IsHandler(IMethodSymbol method)
    {
        if (_symbols.Hub is null
            || !method.IsPublicInstanceMethod()
            || !method.ContainingType.IsOrDerivesFrom(_symbols.Hub))
        {
            return false;
        }

        var root = method.RootDefinition();
        return root.ContainingType.SpecialType != SpecialType.System_Object
            && !(method.Name == "Dispose" && method.Parameters.IsEmpty);
    }

    /// <summary>
    /// Whether BurstAnalyzers.Offload's hub filter can move this hub method: it wraps invocations only, so not the
    /// connection callbacks, and not an IAsyncEnumerable stream, whose body runs as the items are read, after the
    /// invocation returned. (A ChannelReader method's body runs in the invocation.)
    /// </summary>
    public static bool IsOffloadable(IMethodSymbol hubMethod)
        => hubMethod.Name is not ("OnConnectedAsync" or "OnDisconnectedAsync") && !IsAsyncStream(hubMethod.ReturnType);

    // System.Collections.Generic.IAsyncEnumerable<T>.
    private static bool IsAsyncStream(ITypeSymbol type)
        => type.OriginalDefinition is INamedTypeSymbol { Arity: 1, Name: "IAsyncEnumerable" } definition
            && definition.ContainingNamespace is { Name: "Generic", ContainingNamespace: { Name: "Collections", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } } };
}
