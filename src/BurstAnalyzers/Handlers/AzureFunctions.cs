using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// Azure Functions: a method marked [Function] (isolated worker, Microsoft.Azure.Functions.Worker) or [FunctionName]
/// (in-process, Microsoft.Azure.WebJobs), static or not, whatever its trigger: HTTP, timer, queue, blob, Service Bus,
/// Event Hubs, durable... A blocked worker thread starves the host's pool for every trigger alike.
/// </summary>
internal sealed class AzureFunctions : IHandlerFramework
{
    private readonly HandlerFrameworkSymbols _symbols;

    public AzureFunctions(HandlerFrameworkSymbols symbols) => _symbols = symbols;

    public bool IsPresent => _symbols.WorkerFunction is not null || _symbols.WebJobsFunctionName is not null;

    public string? DisplayName(IMethodSymbol method) => null;

    public string? RequestTokenOf(INamedTypeSymbol type) => null;

    public ISymbol? OffloadSite(IMethodSymbol method) => null;

    public bool IsHandler(IMethodSymbol method)
        => (_symbols.WorkerFunction is not null || _symbols.WebJobsFunctionName is not null)
            && method.MethodKind == MethodKind.Ordinary
            && method.HasAny(_symbols.WorkerFunction, _symbols.WebJobsFunctionName);
}
