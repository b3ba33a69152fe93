using System.Threading;
using BurstAnalyzers.Handlers;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Offload;

/// <summary>
/// Where [OffloadBlocking] goes for a blocking call: the minimal API lambda registered as the endpoint, or the
/// controller action (or endpoint method) that contains the call. Only handler kinds the BurstAnalyzers.Offload runtime
/// really moves to its dedicated threads are targets, so the attribute never silences a warning without effect.
/// </summary>
internal static class OffloadTarget
{
    public const string AttributeMetadataName = OffloadMarkers.AttributeMetadataName;

    public static SyntaxNode? Find(SyntaxNode blocking, SemanticModel model, CancellationToken cancellationToken)
    {
        if (model.Compilation.GetTypeByMetadataName(AttributeMetadataName) is null)
        {
            return null; // the package is not referenced: the rule's page says which one to add
        }

        var handlers = RequestHandlerModel.ForFix(model.Compilation);
        for (var node = blocking.Parent; node is not null; node = node.Parent)
        {
            switch (node)
            {
                case ParenthesizedLambdaExpressionSyntax lambda
                    when model.GetOperation(lambda, cancellationToken) is IAnonymousFunctionOperation operation && handlers.Delegates.RegistrationOf(operation) is not null:
                    return lambda;
                case MethodDeclarationSyntax method:
                    return IsOffloadable(method, model, cancellationToken) ? method : null;
            }
        }

        return null;
    }

    /// <summary>ASP.NET Core controller actions: the runtime's MVC filter offloads them.</summary>
    private static bool IsOffloadable(MethodDeclarationSyntax method, SemanticModel model, CancellationToken cancellationToken)
    {
        var controllerBase = model.Compilation.GetTypeByMetadataName("Microsoft.AspNetCore.Mvc.ControllerBase");
        if (model.GetDeclaredSymbol(method, cancellationToken) is not { } symbol || controllerBase is null || symbol.IsStatic)
        {
            return false;
        }

        for (var type = symbol.ContainingType; type is not null; type = type.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(type, controllerBase))
            {
                return true;
            }
        }

        return false;
    }
}
