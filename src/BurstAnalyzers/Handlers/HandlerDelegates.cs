using System.Text;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// Delegates registered as request handlers: minimal API endpoints (Map, MapGet, MapPost, MapPut, MapDelete, MapPatch,
/// MapMethods, MapFallback — on route groups too, since they are endpoint route builders) and inline middleware
/// (app.Use, app.Run). Only the argument that becomes the request delegate counts: other lambdas in startup code
/// (configuration callbacks, lifetime hooks, timers) are not handlers.
/// </summary>
internal sealed class HandlerDelegates
{
    private readonly HandlerFrameworkSymbols _symbols;

    public HandlerDelegates(HandlerFrameworkSymbols symbols) => _symbols = symbols;

    /// <summary>The registration call when <paramref name="lambda"/> is passed as a request delegate, else null.</summary>
    public IInvocationOperation? RegistrationOf(IAnonymousFunctionOperation lambda)
    {
        var current = lambda.Parent;
        while (current is IDelegateCreationOperation or IConversionOperation)
        {
            current = current.Parent;
        }

        return current is IArgumentOperation { Parent: IInvocationOperation invocation } argument
            && IsHandlerArgument(invocation, argument)
                ? invocation
                : null;
    }

    /// <summary>The source method passed as a method group to a registration call (it becomes a handler), or null.</summary>
    public IMethodSymbol? MethodGroupHandler(IInvocationOperation invocation)
    {
        if (!IsRegistration(invocation.TargetMethod))
        {
            return null;
        }

        foreach (var argument in invocation.Arguments)
        {
            if (argument.Parameter is { } parameter && IsHandlerParameter(parameter) && argument.Value.UnwrapDelegate() is IMethodReferenceOperation reference)
            {
                return reference.Method;
            }
        }

        return null;
    }

    /// <summary>"MapGet(\"/orders\")": the registration method and its route pattern when it is a constant.</summary>
    public static string Describe(IInvocationOperation registration)
    {
        var text = new StringBuilder(registration.TargetMethod.Name).Append('(');
        foreach (var argument in registration.Arguments)
        {
            if (argument.Value.ConstantValue is { HasValue: true, Value: string pattern })
            {
                text.Append('"').Append(pattern).Append('"');
                break;
            }
        }

        return text.Append(')').ToString();
    }

    /// <summary>app.Use and app.Run: inline middleware, which no endpoint filter wraps.</summary>
    public static bool IsMiddleware(IMethodSymbol registration) => (registration.ReducedFrom ?? registration).Name is "Use" or "Run";

    private bool IsHandlerArgument(IInvocationOperation invocation, IArgumentOperation argument)
        => IsRegistration(invocation.TargetMethod) && argument.Parameter is { } parameter && IsHandlerParameter(parameter);

    private bool IsRegistration(IMethodSymbol method)
    {
        // Asked for every call: a look at the name's first letter (Map..., Use, Run) rules out nearly all of them.
        var name = method.Name;
        if (name.Length == 0 || name[0] is not ('M' or 'U' or 'R'))
        {
            return false;
        }

        var definition = method.ReducedFrom ?? method;
        var type = definition.ContainingType;
        if (type is null)
        {
            return false;
        }

        if (SymbolEqualityComparer.Default.Equals(type, _symbols.EndpointRouteBuilderExtensions))
        {
            return definition.Name is "Map" or "MapGet" or "MapPost" or "MapPut" or "MapDelete" or "MapPatch" or "MapMethods" or "MapFallback";
        }

        return (SymbolEqualityComparer.Default.Equals(type, _symbols.FallbackEndpointRouteBuilderExtensions) && definition.Name == "MapFallback")
            || (SymbolEqualityComparer.Default.Equals(type, _symbols.UseExtensions) && definition.Name == "Use")
            || (SymbolEqualityComparer.Default.Equals(type, _symbols.RunExtensions) && definition.Name == "Run");
    }

    /// <summary>Delegate (minimal APIs), RequestDelegate, or a Func taking the HttpContext first (app.Use).</summary>
    private bool IsHandlerParameter(IParameterSymbol parameter)
    {
        var type = parameter.Type;
        if (SymbolEqualityComparer.Default.Equals(type, _symbols.Delegate) || SymbolEqualityComparer.Default.Equals(type, _symbols.RequestDelegate))
        {
            return true;
        }

        return type is INamedTypeSymbol { TypeKind: TypeKind.Delegate, IsGenericType: true } named
            && named.TypeArguments.Length > 1
            && SymbolEqualityComparer.Default.Equals(named.TypeArguments[0], _symbols.HttpContext);
    }
}
