using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// gRPC service methods: overrides of the methods of a generated service base class, which gRPC marks with
/// [Grpc.Core.BindServiceMethod].
/// </summary>
internal sealed class GrpcServiceMethods : IHandlerFramework
{
    private readonly HandlerFrameworkSymbols _symbols;

    public GrpcServiceMethods(HandlerFrameworkSymbols symbols) => _symbols = symbols;

    public bool IsPresent => _symbols.GrpcBindServiceMethod is not null;

    public string? DisplayName(IMethodSymbol method) => null;

    public string? RequestTokenOf(INamedTypeSymbol type) => null;

    public ISymbol? OffloadSite(IMethodSymbol method) => null;

    public bool IsHandler(IMethodSymbol method)
        => _symbols.GrpcBindServiceMethod is not null
            && method.IsOverride
            && !method.IsStatic
            && method.RootDefinition().ContainingType.Has(_symbols.GrpcBindServiceMethod);
}
