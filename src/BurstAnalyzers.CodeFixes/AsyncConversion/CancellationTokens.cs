using System.Threading;
using BurstAnalyzers.Blocking;
using BurstAnalyzers.Handlers;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using static Microsoft.CodeAnalysis.CSharp.SyntaxFactory;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>
/// The request's cancellation token in scope at a blocking call: a CancellationToken parameter of the enclosing
/// functions; HttpContext.RequestAborted from an HttpContext parameter, a framework context parameter that carries one
/// (a filter's, model binder's or formatter's), a controller, a page model or a view component; the gRPC
/// ServerCallContext's token; a handler's own framework context that carries the token in a CancellationToken property (a
/// MassTransit ConsumeContext, an Azure Functions FunctionContext); a SignalR hub's Context.ConnectionAborted; or a new
/// parameter on a minimal API lambda.
/// None where none exists (WCF operations, plain classes). None either for a call inside a lambda (other than a minimal
/// API handler itself) when the token would come from outside it: a delegate may run after the request has ended
/// (Task.Run, a timer, a background queue, fire and forget), and reading RequestAborted or HttpContext then throws
/// ObjectDisposedException or cancels work that was meant to finish. Only a token the lambda is given is its own.
/// </summary>
internal static class CancellationTokens
{
    public static TokenSource? Find(ExpressionSyntax blocking, SemanticModel model, CancellationToken cancellationToken)
    {
        var types = CoreLibraryTypes.For(model.Compilation);
        var httpContext = HandlerFrameworkSymbols.For(model.Compilation).HttpContext;
        var serverCallContext = WellKnownTypes.For(model.Compilation).Get(WellKnownTypeNames.GrpcCoreServerCallContext);

        var crossedLambda = false;
        for (var node = blocking.Parent; node is not null; node = node.Parent)
        {
            if (crossedLambda)
            {
                return null; // any token from here on is captured by the lambda below: request-scoped state must not be
            }

            var function = node switch
            {
                MethodDeclarationSyntax method => model.GetDeclaredSymbol(method, cancellationToken),
                LocalFunctionStatementSyntax local => model.GetDeclaredSymbol(local, cancellationToken),
                AnonymousFunctionExpressionSyntax lambda => model.GetSymbolInfo(lambda, cancellationToken).Symbol,
                _ => null,
            } as IMethodSymbol;

            if (function is null)
            {
                continue;
            }

            foreach (var parameter in function.Parameters)
            {
                if (CoreLibraryTypes.Is(parameter.Type, types.CancellationToken))
                {
                    return TokenSource.InScope(IdentifierName(parameter.Name));
                }

                if (CoreLibraryTypes.Is(parameter.Type, httpContext))
                {
                    return TokenSource.InScope(Member(IdentifierName(parameter.Name), "RequestAborted"));
                }

                if (parameter.Type.IsOrDerivesFrom(serverCallContext))
                {
                    return TokenSource.InScope(Member(IdentifierName(parameter.Name), "CancellationToken"));
                }

                if (CarriesHttpContext(parameter.Type, httpContext))
                {
                    return TokenSource.InScope(Member(Member(IdentifierName(parameter.Name), "HttpContext"), "RequestAborted"));
                }
            }

            // A framework hands its handler a context of its own that carries the token (ConsumeContext.CancellationToken,
            // FunctionContext.CancellationToken): asked only of a registered framework's handler, whose parameters are
            // the framework's, not of any method that takes an object with such a property.
            if (node is MethodDeclarationSyntax && ContextToken(function, types.CancellationToken, model.Compilation) is { } contextToken)
            {
                return contextToken;
            }

            if (node is MethodDeclarationSyntax)
            {
                return FromContainingType(function, model.Compilation);
            }

            if (node is AnonymousFunctionExpressionSyntax handlerLambda
                && FunctionAnalysis.IsMinimalApiHandler(handlerLambda, model, cancellationToken)
                && CanTakeNewParameter(handlerLambda, function))
            {
                return TokenSource.NewParameter(handlerLambda);
            }

            crossedLambda = node is AnonymousFunctionExpressionSyntax;
        }

        return null;
    }

    private static TokenSource? ContextToken(IMethodSymbol handler, INamedTypeSymbol? cancellationTokenType, Compilation compilation)
    {
        if (cancellationTokenType is null || handler.Parameters.IsEmpty || !RequestHandlerModel.ForFix(compilation).Frameworks.IsHandler(handler))
        {
            return null;
        }

        foreach (var parameter in handler.Parameters)
        {
            for (var type = parameter.Type; type is not null; type = type.BaseType)
            {
                if (CarriesToken(type, cancellationTokenType))
                {
                    return TokenSource.InScope(Member(IdentifierName(parameter.Name), "CancellationToken"));
                }
            }

            foreach (var contract in parameter.Type.AllInterfaces)
            {
                if (CarriesToken(contract, cancellationTokenType))
                {
                    return TokenSource.InScope(Member(IdentifierName(parameter.Name), "CancellationToken"));
                }
            }
        }

        return null;
    }

    /// <summary>Whether <paramref name="type"/> declares a public, readable, instance CancellationToken property named
    /// CancellationToken.</summary>
    private static bool CarriesToken(ITypeSymbol type, INamedTypeSymbol cancellationTokenType)
    {
        foreach (var member in type.GetMembers("CancellationToken"))
        {
            if (member is IPropertySymbol { IsStatic: false, DeclaredAccessibility: Accessibility.Public, GetMethod: not null } property
                && SymbolEqualityComparer.Default.Equals(property.Type, cancellationTokenType))
            {
                return true;
            }
        }

        return false;
    }

    private static TokenSource? FromContainingType(IMethodSymbol method, Compilation compilation)
    {
        if (method.IsStatic)
        {
            return null;
        }

        // The frameworks whose base class gives every instance method the request's token (a controller's or a page
        // model's HttpContext, a hub's Context), asked of the registry.
        if (RequestHandlerModel.ForFix(compilation).Frameworks.RequestTokenOf(method.ContainingType) is not { } path)
        {
            return null;
        }

        var names = path.Split('.');
        ExpressionSyntax token = IdentifierName(names[0]);
        for (var i = 1; i < names.Length; i++)
        {
            token = Member(token, names[i]);
        }

        return TokenSource.InScope(token);
    }

    /// <summary>A framework's context that carries the request in a public HttpContext property: a filter's
    /// (ActionExecutingContext...), a model binder's (ModelBindingContext) or a formatter's (InputFormatterContext...).</summary>
    private static bool CarriesHttpContext(ITypeSymbol type, INamedTypeSymbol? httpContext)
    {
        if (httpContext is null)
        {
            return false;
        }

        for (var current = type; current is not null; current = current.BaseType)
        {
            foreach (var member in current.GetMembers("HttpContext"))
            {
                if (member is IPropertySymbol { IsStatic: false, DeclaredAccessibility: Accessibility.Public } property && CoreLibraryTypes.Is(property.Type, httpContext))
                {
                    return true;
                }
            }
        }

        return false;
    }

    /// <summary>Only a lambda whose parameters are all explicitly typed (or that has none) can gain a typed one.</summary>
    private static bool CanTakeNewParameter(AnonymousFunctionExpressionSyntax lambda, IMethodSymbol function)
    {
        foreach (var parameter in function.Parameters)
        {
            if (parameter.Name == TokenSource.NewParameterName)
            {
                return false;
            }
        }

        return lambda switch
        {
            ParenthesizedLambdaExpressionSyntax parenthesized => AllTyped(parenthesized.ParameterList),
            AnonymousMethodExpressionSyntax anonymous => anonymous.ParameterList is null || AllTyped(anonymous.ParameterList),
            _ => false,
        };
    }

    private static bool AllTyped(ParameterListSyntax parameters)
    {
        foreach (var parameter in parameters.Parameters)
        {
            if (parameter.Type is null)
            {
                return false;
            }
        }

        return true;
    }

    private static MemberAccessExpressionSyntax Member(ExpressionSyntax target, string name)
        => MemberAccessExpression(Microsoft.CodeAnalysis.CSharp.SyntaxKind.SimpleMemberAccessExpression, target, IdentifierName(name));
}
