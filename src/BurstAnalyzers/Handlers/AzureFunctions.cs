using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// Azure Functions: a method marked [Function] (isolated worker, Microsoft.Azure.Functions.Worker) or [FunctionName]
/// (in-process, Microsoft.Azure.WebJobs), static or not, whatever its trigger: HTTP, timer, queue, blob, Service Bus,
/// Event Hubs, durable... A blocked worker thread starves the host's pool for every trigger alike.
/// </summary>
internal sealed class AzureFunctions
{
    private readonly HandlerFrameworkSymbols _symbols;

    public AzureFunctions(HandlerFrameworkSymbols symbols) => _symbols = symbols;

    public bool IsFunction(IMethodSymbol method)
        => (_symbols.WorkerFunction is not null || _symbols.WebJobsFunctionName is not null)
            && method.MethodKind == MethodKind.Ordinary
            && method.HasAny(_symbols.WorkerFunction, _symbols.WebJobsFunctionName);
}
