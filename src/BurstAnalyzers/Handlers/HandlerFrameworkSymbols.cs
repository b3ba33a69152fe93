using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// The framework types that make a method a request handler, resolved once per compilation. A null field means the
/// framework is not referenced; when every field is null the compilation has no handlers and rules register nothing.
/// </summary>
internal sealed class HandlerFrameworkSymbols
{
    private HandlerFrameworkSymbols(Compilation compilation)
    {
        CoreWcfServiceContract = compilation.GetTypeByMetadataName("CoreWCF.ServiceContractAttribute");
        CoreWcfOperationContract = compilation.GetTypeByMetadataName("CoreWCF.OperationContractAttribute");
        // Classic WCF is matched by full name: no package of ours references System.ServiceModel.
        ServiceModelServiceContract = compilation.GetTypeByMetadataName("System.ServiceModel.ServiceContractAttribute");
        ServiceModelOperationContract = compilation.GetTypeByMetadataName("System.ServiceModel.OperationContractAttribute");

        MvcController = compilation.GetTypeByMetadataName("Microsoft.AspNetCore.Mvc.ControllerAttribute");
        MvcNonController = compilation.GetTypeByMetadataName("Microsoft.AspNetCore.Mvc.NonControllerAttribute");
        MvcNonAction = compilation.GetTypeByMetadataName("Microsoft.AspNetCore.Mvc.NonActionAttribute");

        Disposable = compilation.GetSpecialType(SpecialType.System_IDisposable);
    }

    public INamedTypeSymbol? CoreWcfServiceContract { get; }
    public INamedTypeSymbol? CoreWcfOperationContract { get; }
    public INamedTypeSymbol? ServiceModelServiceContract { get; }
    public INamedTypeSymbol? ServiceModelOperationContract { get; }

    public INamedTypeSymbol? MvcController { get; }
    public INamedTypeSymbol? MvcNonController { get; }
    public INamedTypeSymbol? MvcNonAction { get; }

    public INamedTypeSymbol Disposable { get; }

    public bool HasWcf => CoreWcfServiceContract is not null || ServiceModelServiceContract is not null;

    public bool HasAspNetCoreMvc => MvcController is not null;

    public bool HasAnyFramework => HasWcf || HasAspNetCoreMvc;

    public static HandlerFrameworkSymbols Resolve(Compilation compilation) => new(compilation);
}
