using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// Classic ASP.NET on .NET Framework (the analyzer runs there too): ASMX [WebMethod] methods, System.Web.Mvc and
/// System.Web.Http (Web API 2) controller actions, IHttpHandler.ProcessRequest and
/// HttpTaskAsyncHandler.ProcessRequestAsync.
/// </summary>
internal sealed class ClassicAspNetHandlers : IHandlerFramework
{
    private const string ControllerSuffix = "Controller";

    private readonly HandlerFrameworkSymbols _symbols;

    public ClassicAspNetHandlers(HandlerFrameworkSymbols symbols) => _symbols = symbols;

    public bool IsPresent => _symbols.HasClassicAspNet;

    public string? DisplayName(IMethodSymbol method) => null;

    public string? RequestTokenOf(INamedTypeSymbol type) => null;

    public ISymbol? OffloadSite(IMethodSymbol method) => null;

    public bool IsHandler(IMethodSymbol method)
    {
        if (!_symbols.HasClassicAspNet || method.IsStatic)
        {
            return false;
        }

        if (method.Has(_symbols.AsmxWebMethod))
        {
            return true;
        }

        var type = method.ContainingType;
        if (IsAction(method, type, _symbols.WebMvcController, _symbols.WebMvcNonAction)
            || IsAction(method, type, _symbols.WebApiController, _symbols.WebApiNonAction))
        {
            return true;
        }

        if (method.MemberName() == "ProcessRequest" && method.Parameters.Length == 1 && FrameworkMethods.Implements(method, _symbols.WebHttpHandler))
        {
            return true;
        }

        return method.Name == "ProcessRequestAsync"
            && method.IsOverride
            && method.RootDefinition().ContainingType.IsOrDerivesFrom(_symbols.WebHttpTaskAsyncHandler);
    }

    private static bool IsAction(IMethodSymbol method, INamedTypeSymbol type, INamedTypeSymbol? controllerBase, INamedTypeSymbol? nonAction)
        => controllerBase is not null
            && method.IsPublicInstanceMethod()
            && !method.IsGenericMethod
            && type.IsOrDerivesFrom(controllerBase)
            && (type.IsAbstract || type.Name.EndsWith(ControllerSuffix, System.StringComparison.OrdinalIgnoreCase))
            && !method.HasInherited(nonAction)
            && method.RootDefinition().ContainingType.SpecialType != SpecialType.System_Object
            && !(method.Name == "Dispose" && method.Parameters.IsEmpty);
}
