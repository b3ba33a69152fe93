using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// ASP.NET Core exception handlers (.NET 8 and later), which the exception handler middleware runs on the request
/// thread of a failed request: the implementation of IExceptionHandler.TryHandleAsync.
/// </summary>
internal sealed class ExceptionHandlers : IHandlerFramework
{
    private readonly HandlerFrameworkSymbols _symbols;

    public ExceptionHandlers(HandlerFrameworkSymbols symbols) => _symbols = symbols;

    public bool IsPresent => _symbols.ExceptionHandler is not null;

    public string? DisplayName(IMethodSymbol method) => null;

    public string? RequestTokenOf(INamedTypeSymbol type) => null;

    public ISymbol? OffloadSite(IMethodSymbol method) => null;

    public bool IsHandler(IMethodSymbol method) => FrameworkMethods.Implements(method, _symbols.ExceptionHandler);
}
