using System.Threading;
using BurstAnalyzers.Handlers;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.CodeFixes.Offload;

/// <summary>
/// Where the offload marker goes for a blocking call: the minimal API endpoint registration the call's lambda belongs
/// to (which gets <c>.OffloadBlocking()</c>: on minimal APIs the attribute alone adds no filter), or the controller
/// action or SOAP operation that contains the call (which gets [OffloadBlocking]; SOAP operations only where
/// BurstAnalyzers.Offload.SoapCore is referenced, whose invoker runs them on SoapCore). Only handler kinds the BurstAnalyzers.Offload runtime
/// really moves to its dedicated threads are targets, so the attribute never silences a warning without effect.
/// </summary>
internal static class OffloadTarget
{
    public static SyntaxNode? Find(SyntaxNode blocking, SemanticModel model, CancellationToken cancellationToken)
    {
        if (!WellKnownTypes.For(model.Compilation).Has(WellKnownTypeNames.OffloadBlockingAttribute))
        {
            return null; // the package is not referenced: the rule's page says which one to add
        }

        var handlers = RequestHandlerModel.ForFix(model.Compilation);
        for (var node = blocking.Parent; node is not null; node = node.Parent)
        {
            switch (node)
            {
                case AnonymousFunctionExpressionSyntax lambda
                    when model.GetOperation(lambda, cancellationToken) is IAnonymousFunctionOperation operation
                        && handlers.Delegates.RegistrationOf(operation) is { Syntax: InvocationExpressionSyntax registration }:
                    return HasEndpointExtension(model.Compilation) && IsEndpointRegistration(registration, model, cancellationToken) ? registration : null;
                case MethodDeclarationSyntax method:
                    return IsOffloadable(method, model, handlers, cancellationToken) ? method : null;
            }
        }

        return null;
    }

    /// <summary>MapGet and friends return an endpoint builder; app.Use/app.Run (middleware) have nothing to chain on.</summary>
    private static bool IsEndpointRegistration(InvocationExpressionSyntax registration, SemanticModel model, CancellationToken cancellationToken)
        => model.GetSymbolInfo(registration, cancellationToken).Symbol is IMethodSymbol { ReturnsVoid: false } method && !HandlerDelegates.IsMiddleware(method);

    private static bool HasEndpointExtension(Compilation compilation)
        => WellKnownTypes.For(compilation).Get(WellKnownTypeNames.OffloadEndpointConventionBuilderExtensions) is { } extensions
            && !extensions.GetMembers("OffloadBlocking").IsEmpty;

    /// <summary>
    /// ASP.NET Core controller actions (the runtime's MVC filter offloads them) and, with BurstAnalyzers.Offload.SoapCore,
    /// System.ServiceModel operations (its SoapCore invoker does).
    /// </summary>
    private static bool IsOffloadable(MethodDeclarationSyntax method, SemanticModel model, RequestHandlerModel handlers, CancellationToken cancellationToken)
    {
        if (model.GetDeclaredSymbol(method, cancellationToken) is not IMethodSymbol { IsStatic: false } symbol)
        {
            return false;
        }

        if (handlers.IsSoapCoreOperation(symbol))
        {
            return true;
        }

        return symbol.ContainingType.IsOrDerivesFrom(WellKnownTypes.For(model.Compilation).Get(WellKnownTypeNames.MicrosoftAspNetCoreMvcControllerBase));
    }
}
