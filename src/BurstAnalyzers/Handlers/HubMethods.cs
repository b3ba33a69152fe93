using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// SignalR hub methods: public instance methods of a Hub or Hub&lt;T&gt; subclass. The connection callbacks
/// (OnConnectedAsync, OnDisconnectedAsync) also run per client, so their overrides count; Dispose and Object overrides
/// do not.
/// </summary>
internal sealed class HubMethods
{
    private readonly HandlerFrameworkSymbols _symbols;

    public HubMethods(HandlerFrameworkSymbols symbols) => _symbols = symbols;

    public bool IsHubMethod(IMethodSymbol method)
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
}
