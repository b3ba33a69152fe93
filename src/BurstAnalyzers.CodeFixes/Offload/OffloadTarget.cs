using System.Threading;
using BurstAnalyzers.Handlers;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.CodeFixes.Offload;

/// <summary>
/// Where the offload marker goes for a blocking call: the minimal API endpoint registration the call's lambda belongs
/// to (which gets <c>.OffloadBlocking()</c>: on minimal APIs the attribute alone adds no filter), or, for the handler
/// method that contains the call, the declaration the rules read the mark from
/// (<see cref="RequestHandlerModel.OffloadSite(IMethodSymbol)"/>, which gets [OffloadBlocking]): the method of a
/// controller action, hub method or SOAP operation on SoapCore, the page model class of a Razor Pages handler. Only
/// handler kinds the BurstAnalyzers.Offload runtime really moves to its dedicated threads are targets, so the attribute
/// never silences a warning without effect.
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
                    return Site(method, model, handlers, cancellationToken);
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

    /// <summary>The method itself, or for a Razor Pages handler the part of its page model class that declares it.</summary>
    private static SyntaxNode? Site(MethodDeclarationSyntax method, SemanticModel model, RequestHandlerModel handlers, CancellationToken cancellationToken)
        => model.GetDeclaredSymbol(method, cancellationToken) is IMethodSymbol symbol
            ? handlers.OffloadSite(symbol) switch
            {
                IMethodSymbol => method,
                INamedTypeSymbol => method.Parent as TypeDeclarationSyntax,
                _ => null,
            }
            : null;
}
