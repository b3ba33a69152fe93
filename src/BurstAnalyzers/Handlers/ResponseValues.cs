using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// What an ASP.NET Core handler hands to the response's serializer, which runs after the handler returns, on the
/// request thread: the value of an action result (<c>Ok(x)</c>, <c>new ObjectResult(x)</c>, <c>Json(x)</c>,
/// <c>Results.Ok(x)</c>, <c>TypedResults.Ok(x)</c>: a result type's argument typed <c>object</c> or generic), what a
/// controller action returns, and what a minimal API endpoint's lambda returns. The output formatters buffer an
/// <c>IAsyncEnumerable</c> asynchronously (an EF Core query object is one) and enumerate any other sequence
/// synchronously (<see cref="Blocking.DeferredQueries.InMemoryComposition"/> says when that runs a query).
/// </summary>
internal sealed class ResponseValues
{
    private readonly INamedTypeSymbol? _actionResult;
    private readonly INamedTypeSymbol? _result;
    private readonly INamedTypeSymbol? _controllerBase;
    private readonly HandlerDelegates _delegates;

    public ResponseValues(Compilation compilation, HandlerDelegates delegates)
    {
        var types = WellKnownTypes.For(compilation);
        _actionResult = types.Get(WellKnownTypeNames.MicrosoftAspNetCoreMvcIActionResult);
        _result = types.Get(WellKnownTypeNames.MicrosoftAspNetCoreHttpIResult);
        _controllerBase = types.Get(WellKnownTypeNames.MicrosoftAspNetCoreMvcControllerBase);
        _delegates = delegates;
    }

    /// <summary>The value <paramref name="operation"/> hands to the response's serializer, or null. Cheap for every
    /// other operation: a type check.</summary>
    public IOperation? SerializedBy(IOperation operation, ISymbol? containingSymbol)
    {
        if (_actionResult is null && _result is null)
        {
            return null;
        }

        switch (operation)
        {
            case IObjectCreationOperation { Type: { } type } creation when ValueArgument(creation.Arguments) is { } value && IsResult(type):
                return value;
            case IInvocationOperation { Type: { } type } invocation when ValueArgument(invocation.Arguments) is { } value && IsResult(type):
                return value;
            case IReturnOperation { Kind: OperationKind.Return, ReturnedValue: { } returned } ret when IsHandlersOwnReturn(ret, containingSymbol):
                return returned;
            default:
                return null;
        }
    }

    private bool IsResult(ITypeSymbol type)
        => (_actionResult is not null && type.IsOrDerivesFrom(_actionResult)) || (_result is not null && type.IsOrDerivesFrom(_result));

    /// <summary>The argument a result serializes: the one its parameter takes as <c>object</c> or as a type parameter
    /// (a route name or a location is a string; route values are an object too, but never a sequence).</summary>
    private static IOperation? ValueArgument(System.Collections.Immutable.ImmutableArray<IArgumentOperation> arguments)
    {
        foreach (var argument in arguments)
        {
            if (argument.Parameter?.OriginalDefinition.Type is { } type
                && (type.SpecialType == SpecialType.System_Object || type.TypeKind == TypeKind.TypeParameter)
                && argument.ArgumentKind != ArgumentKind.DefaultValue)
            {
                var value = argument.Value;
                while (value is IConversionOperation { IsImplicit: true } conversion)
                {
                    value = conversion.Operand;
                }

                if (value.Type is { TypeKind: TypeKind.Interface })
                {
                    return argument.Value;
                }
            }
        }

        return null;
    }

    /// <summary>A return of a controller action (a method of a ControllerBase) or of a minimal API endpoint's lambda,
    /// not of a lambda or local function inside it.</summary>
    private bool IsHandlersOwnReturn(IReturnOperation ret, ISymbol? containingSymbol)
    {
        for (var current = ret.Parent; current is not null; current = current.Parent)
        {
            switch (current)
            {
                case IAnonymousFunctionOperation lambda:
                    return _delegates.RegistrationOf(lambda) is not null;
                case ILocalFunctionOperation:
                    return false;
            }
        }

        return _controllerBase is not null && containingSymbol is IMethodSymbol { ContainingType: { } type } && type.IsOrDerivesFrom(_controllerBase);
    }
}
