using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// What an ASP.NET Core handler hands to the response's serializer, which runs after the handler returns, on the
/// request thread: the value of an action result (<c>Ok(x)</c>, <c>new ObjectResult(x)</c>, <c>Json(x)</c>,
/// <c>Results.Ok(x)</c>, <c>TypedResults.Ok(x)</c>: a serialized result type's argument typed <c>object</c> or
/// generic; not <c>View(model)</c>, which a view renders), what a
/// controller action returns, and what a minimal API endpoint's lambda returns. The output formatters buffer an
/// <c>IAsyncEnumerable</c> asynchronously (an EF Core query object is one) and enumerate any other sequence
/// synchronously (<see cref="Blocking.DeferredQueries.InMemoryComposition"/> says when that runs a query).
/// </summary>
internal sealed class ResponseValues
{
    private readonly INamedTypeSymbol? _objectResult;
    private readonly INamedTypeSymbol? _jsonResult;
    private readonly INamedTypeSymbol? _result;
    private readonly INamedTypeSymbol? _controllerBase;
    private readonly HandlerDelegates _delegates;

    public ResponseValues(Compilation compilation, HandlerDelegates delegates)
    {
        var types = WellKnownTypes.For(compilation);
        _objectResult = types.Get(WellKnownTypeNames.MicrosoftAspNetCoreMvcObjectResult);
        _jsonResult = types.Get(WellKnownTypeNames.MicrosoftAspNetCoreMvcJsonResult);
        _result = types.Get(WellKnownTypeNames.MicrosoftAspNetCoreHttpIResult);
        _controllerBase = types.Get(WellKnownTypeNames.MicrosoftAspNetCoreMvcControllerBase);
        _delegates = delegates;
    }

    /// <summary>The value <paramref name="operation"/> hands to the response's serializer, or null. Cheap for every
    /// other operation: a type check.</summary>
    public IOperation? SerializedBy(IOperation operation, ISymbol? containingSymbol)
    {
        if (_objectResult is null && _result is null)
        {
            return null;
        }

        switch (operation)
        {
            case IObjectCreationOperation { Type: { } type } creation when ValueArgument(creation.Arguments) is { } value && IsResult(type):
                return value;
            case IInvocationOperation { Type: { } type } invocation when ValueArgument(invocation.Arguments) is { } value && IsResult(type):
                return value;
            case IReturnOperation { Kind: OperationKind.Return, ReturnedValue: { } returned } ret when IsInterfaceTyped(returned) && IsHandlersOwnReturn(ret, containingSymbol):
                return returned;
            default:
                return null;
        }
    }

    /// <summary>A result whose value a formatter or JSON writer serializes: MVC's ObjectResult (Ok, Created…) and
    /// JsonResult, minimal APIs' IResult. Not a view's model: a view renders it (its own rule, not a serializer's).</summary>
    private bool IsResult(ITypeSymbol type)
        => (_objectResult is not null && type.IsOrDerivesFrom(_objectResult))
            || (_jsonResult is not null && type.IsOrDerivesFrom(_jsonResult))
            || (_result is not null && type.IsOrDerivesFrom(_result));

    /// <summary>The value, under its conversions, is typed by an interface (a sequence may be one).</summary>
    private static bool IsInterfaceTyped(IOperation value) => value.Unwrap()?.Type is { TypeKind: TypeKind.Interface };

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
                if (IsInterfaceTyped(argument.Value))
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
