using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// What an ASP.NET Core handler hands to the response's serializer, which runs after the handler returns, on the
/// request thread: the value of an action result (<c>Ok(x)</c>, <c>new ObjectResult(x)</c>, <c>Json(x)</c>,
/// <c>Results.Ok(x)</c>, <c>TypedResults.Ok(x)</c>: a serialized result type's argument typed <c>object</c> or
/// generic), what a controller action returns, and what a minimal API endpoint's lambda returns. The output formatters
/// buffer an <c>IAsyncEnumerable</c> asynchronously (an EF Core query object is one) and enumerate any other sequence
/// synchronously (<see cref="Blocking.DeferredQueries.InMemoryComposition"/> says when that runs a query). And the
/// model a view renders (<see cref="RenderedModelOf"/>): Razor's <c>@foreach</c> enumerates it synchronously, an EF Core
/// query included.
/// </summary>
internal sealed class ResponseValues
{
    /// <summary>Set on a report whose blocking happens in the response's serialization or a view's rendering, after the
    /// handler returns (a query composed in memory, with DeferredQueries.EnumeratedQueryProperty: the fix materializes it
    /// asynchronously under the in-memory operators; a query handed to a view; a task's Result). No offload fix: the
    /// runtime moves the action, not the result's execution (docs/offload.md).</summary>
    public const string SerializedProperty = "SerializedByResponse";

    /// <summary><see cref="SerializedProperty"/>'s value on a query a view renders: the fix must keep the model object's
    /// type, which the view's <c>@model</c> checks (a serializer takes any sequence).</summary>
    public const string RenderedByView = "view";

    private readonly INamedTypeSymbol? _objectResult;
    private readonly INamedTypeSymbol? _actionResult1;
    private readonly INamedTypeSymbol? _jsonResult;
    private readonly INamedTypeSymbol? _result;
    private readonly INamedTypeSymbol? _controllerBase;
    private readonly INamedTypeSymbol? _task1;
    private readonly INamedTypeSymbol? _valueTask1;
    private readonly INamedTypeSymbol? _controller;
    private readonly INamedTypeSymbol? _viewComponent;
    private readonly HandlerDelegates _delegates;

    // The filters ValueArgument asks, made once (not a delegate per call).
    private static readonly System.Func<IOperation, bool> s_isInterfaceTyped = IsInterfaceTyped;
    private readonly System.Func<IOperation, bool> _isTaskWithResult;

    public ResponseValues(Compilation compilation, HandlerDelegates delegates)
    {
        var types = WellKnownTypes.For(compilation);
        _objectResult = types.Get(WellKnownTypeNames.MicrosoftAspNetCoreMvcObjectResult);
        _actionResult1 = types.Get(WellKnownTypeNames.MicrosoftAspNetCoreMvcActionResult1);
        _jsonResult = types.Get(WellKnownTypeNames.MicrosoftAspNetCoreMvcJsonResult);
        _result = types.Get(WellKnownTypeNames.MicrosoftAspNetCoreHttpIResult);
        _controllerBase = types.Get(WellKnownTypeNames.MicrosoftAspNetCoreMvcControllerBase);
        _task1 = types.Get(WellKnownTypeNames.SystemThreadingTasksTask1);
        _valueTask1 = types.Get(WellKnownTypeNames.SystemThreadingTasksValueTask1);
        _controller = types.Get(WellKnownTypeNames.MicrosoftAspNetCoreMvcController);
        _viewComponent = types.Get(WellKnownTypeNames.MicrosoftAspNetCoreMvcViewComponent);
        _delegates = delegates;
        _isTaskWithResult = IsTaskWithResult;
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
            case IObjectCreationOperation { Type: { } type } creation when ValueArgument(creation.Arguments, s_isInterfaceTyped) is { } value && IsResult(type):
                return value;
            case IInvocationOperation { Type: { } type } invocation when ValueArgument(invocation.Arguments, s_isInterfaceTyped) is { } value && IsResult(type):
                return value;
            case IReturnOperation { Kind: OperationKind.Return, ReturnedValue: { } returned } ret when IsInterfaceTyped(returned) && IsHandlersOwnReturn(ret, containingSymbol):
                return returned;
            default:
                return null;
        }
    }

    /// <summary>
    /// The model handed to a view, or null: <c>View(model)</c>, <c>View("Name", model)</c>, <c>PartialView(model)</c> of
    /// an MVC controller, a view component's <c>View(model)</c>. The view renders after the handler returns, on the
    /// request thread, and what it enumerates (<c>@foreach (var item in Model)</c>) it enumerates synchronously: an EF
    /// Core query handed over as the model runs there. Cheap for every other operation: a name check.
    /// </summary>
    public IOperation? RenderedModelOf(IOperation operation)
    {
        if (operation is not IInvocationOperation { TargetMethod: { Name: "View" or "PartialView" } method } invocation
            || (_controller is null && _viewComponent is null)
            || !(IsDeclaredBy(method, _controller) || IsDeclaredBy(method, _viewComponent)))
        {
            return null;
        }

        foreach (var argument in invocation.Arguments)
        {
            if (argument.Parameter is { Name: "model" } && argument.ArgumentKind != ArgumentKind.DefaultValue)
            {
                return argument.Value;
            }
        }

        return null;
    }

    /// <summary>The method is <paramref name="type"/>'s or overrides it (a base controller of the application's own).</summary>
    private static bool IsDeclaredBy(IMethodSymbol method, INamedTypeSymbol? type)
    {
        for (var current = type is null ? null : method.OriginalDefinition; current is not null; current = current.OverriddenMethod?.OriginalDefinition)
        {
            if (SymbolEqualityComparer.Default.Equals(current.ContainingType, type))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// A task handed to the response's serializer, or null: <c>new ObjectResult(users.FindByEmailAsync(email))</c>,
    /// <c>Ok(task)</c>, an action typed <c>object</c> or <c>ActionResult&lt;object&gt;</c> (or async, either in a task)
    /// returning one. The serializers write a
    /// <c>Task&lt;T&gt;</c>'s (or a <c>ValueTask&lt;T&gt;</c>'s) public properties, <c>Result</c> among them, whose
    /// getter waits for the task on the request thread. Almost always a forgotten await; no fix, since awaiting it
    /// would change what the response contains.
    /// </summary>
    public IOperation? SerializedTaskBy(IOperation operation, ISymbol? containingSymbol)
    {
        if (_task1 is null || (_objectResult is null && _result is null))
        {
            return null;
        }

        // The argument first: a parameter typed object or generic rules out nearly every call before the result's type.
        return operation switch
        {
            IObjectCreationOperation { Type: { } type } creation when ValueArgument(creation.Arguments, _isTaskWithResult) is { } value && IsResult(type) => value,
            IInvocationOperation { Type: { } type } invocation when ValueArgument(invocation.Arguments, _isTaskWithResult) is { } value && IsResult(type) => value,
            IReturnOperation { Kind: OperationKind.Return, ReturnedValue: { } returned } ret
                when containingSymbol is IMethodSymbol method
                    && IsSerializedAsItIs(method)
                    && IsTaskWithResult(returned)
                    && !IsInNestedFunction(ret)
                    && IsHandlersOwnReturn(ret, containingSymbol) => returned,
            _ => null,
        };
    }

    /// <summary>What the method returns is the response's value whatever its type: typed <c>object</c> or
    /// <c>ActionResult&lt;object&gt;</c>, or async and typed either in a <c>Task&lt;T&gt;</c> or <c>ValueTask&lt;T&gt;</c>
    /// (MVC awaits the task the method returns, not a task it returns inside one).</summary>
    private bool IsSerializedAsItIs(IMethodSymbol method)
    {
        var type = method.ReturnType;
        if (method.IsAsync && type is INamedTypeSymbol { TypeArguments.Length: 1 } task
            && (SymbolEqualityComparer.Default.Equals(task.OriginalDefinition, _task1) || SymbolEqualityComparer.Default.Equals(task.OriginalDefinition, _valueTask1)))
        {
            type = task.TypeArguments[0];
        }

        return type.SpecialType == SpecialType.System_Object
            || (_actionResult1 is not null && type is INamedTypeSymbol { TypeArguments.Length: 1 } result
                && SymbolEqualityComparer.Default.Equals(result.OriginalDefinition, _actionResult1)
                && result.TypeArguments[0].SpecialType == SpecialType.System_Object);
    }

    private bool IsTaskWithResult(IOperation value)
    {
        for (var type = value.Unwrap()?.Type as INamedTypeSymbol; type is not null; type = type.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(type.OriginalDefinition, _task1)
                || SymbolEqualityComparer.Default.Equals(type.OriginalDefinition, _valueTask1))
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsInNestedFunction(IOperation operation)
    {
        for (var current = operation.Parent; current is not null; current = current.Parent)
        {
            if (current is IAnonymousFunctionOperation or ILocalFunctionOperation)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>A result whose value a formatter or JSON writer serializes: MVC's ObjectResult (Ok, Created…) and
    /// JsonResult, minimal APIs' IResult. Not a view's model: a view renders it (its own rule, not a serializer's).</summary>
    private bool IsResult(ITypeSymbol type)
        => (_objectResult is not null && type.IsOrDerivesFrom(_objectResult))
            || (_jsonResult is not null && type.IsOrDerivesFrom(_jsonResult))
            || (_result is not null && type.IsOrDerivesFrom(_result));

    /// <summary>The value, under its conversions, is typed by an interface (a sequence may be one).</summary>
    private static bool IsInterfaceTyped(IOperation value) => value.Unwrap()?.Type is { TypeKind: TypeKind.Interface };

    /// <summary>The argument a result serializes, when <paramref name="isOfInterest"/>: the one its parameter takes as
    /// <c>object</c> or as a type parameter (a route name or a location is a string; route values are an object too,
    /// but never a sequence or a task).</summary>
    private static IOperation? ValueArgument(System.Collections.Immutable.ImmutableArray<IArgumentOperation> arguments, System.Func<IOperation, bool> isOfInterest)
    {
        foreach (var argument in arguments)
        {
            if (argument.Parameter?.OriginalDefinition.Type is { } type
                && (type.SpecialType == SpecialType.System_Object || type.TypeKind == TypeKind.TypeParameter)
                && argument.ArgumentKind != ArgumentKind.DefaultValue)
            {
                if (isOfInterest(argument.Value))
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
