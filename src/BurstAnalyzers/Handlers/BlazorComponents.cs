using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// Blazor components that run on the server (<see cref="HandlerFrameworkSymbols.ServerComponentBase"/>: the one answer
/// to "where do they run"). A circuit's renderer runs a component's code on a pool thread, one at a time per circuit:
/// blocking there holds a pool thread for every user of the circuit. The handlers of a class deriving from ComponentBase
/// are its lifecycle overrides (OnInitialized, OnParametersSet, OnAfterRender, their async forms, SetParametersAsync)
/// and its event handlers: what compiled Razor passes to <c>EventCallback.Factory.Create</c> (<c>@onclick="Save"</c>,
/// a component parameter of type EventCallback) — a method of the component by method group, found in the component's
/// own code, or a lambda — and what <c>@bind:after</c> runs after a bound value is set (compiled Razor hands it to
/// RuntimeHelpers.InvokeSynchronousDelegate or InvokeAsynchronousDelegate inside the binder's setter). BuildRenderTree,
/// the constructor, ShouldRender and helpers are not.
/// </summary>
internal sealed class BlazorComponents : IHandlerFramework
{
    // What compiled Razor calls for @bind:after (ASP.NET Core 7 and later): its delegate runs in the binder's setter.
    private const string RuntimeHelpersName = "Microsoft.AspNetCore.Components.CompilerServices.RuntimeHelpers";

    private readonly HandlerFrameworkSymbols _symbols;
    private readonly Compilation _compilation;
    private readonly INamedTypeSymbol? _runtimeHelpers;
    private readonly ConcurrentDictionary<INamedTypeSymbol, HashSet<IMethodSymbol>> _eventHandlersOf = new(SymbolEqualityComparer.Default);
    private readonly Func<INamedTypeSymbol, HashSet<IMethodSymbol>> _findEventHandlers;

    public BlazorComponents(Compilation compilation, HandlerFrameworkSymbols symbols)
    {
        _compilation = compilation;
        _symbols = symbols;
        _runtimeHelpers = symbols.ServerComponentBase is null ? null : WellKnownTypes.For(compilation).Get(RuntimeHelpersName);
        _findEventHandlers = FindEventHandlers;
    }

    /// <summary>The synchronous lifecycle methods and the async form ComponentBase calls right after each.</summary>
    public static string? AsyncLifecycleName(string name) => name switch
    {
        "OnInitialized" => "OnInitializedAsync",
        "OnParametersSet" => "OnParametersSetAsync",
        "OnAfterRender" => "OnAfterRenderAsync",
        _ => null,
    };

    public bool IsPresent => _symbols.ServerComponentBase is not null;

    public string? DisplayName(IMethodSymbol method) => null;

    public string? RequestTokenOf(INamedTypeSymbol type) => null;

    public ISymbol? OffloadSite(IMethodSymbol method) => null;

    /// <summary>Whether <paramref name="type"/> is a component that runs on the server.</summary>
    public bool IsServerComponent(INamedTypeSymbol? type)
        => _symbols.ServerComponentBase is { } componentBase && type is not null && type.IsOrDerivesFrom(componentBase);

    public bool IsHandler(IMethodSymbol method) => IsLifecycleMethod(method) || IsEventHandler(method);

    /// <summary>An override of one of ComponentBase's lifecycle methods, in a server component.</summary>
    public bool IsLifecycleMethod(IMethodSymbol method)
        => method.IsOverride
            && method.Name is "OnInitialized" or "OnInitializedAsync" or "OnParametersSet" or "OnParametersSetAsync"
                or "OnAfterRender" or "OnAfterRenderAsync" or "SetParametersAsync"
            && FrameworkMethods.Overrides(method, _symbols.ServerComponentBase);

    /// <summary>
    /// A synchronous lifecycle override (OnInitialized, OnParametersSet, OnAfterRender) that overrides ComponentBase's
    /// own, empty method: its async form is the framework's other way to write it.
    /// </summary>
    public bool IsSynchronousLifecycleOfComponentBase(IMethodSymbol method)
        => AsyncLifecycleName(method.Name) is not null
            && IsLifecycleMethod(method)
            && SymbolEqualityComparer.Default.Equals(method.OverriddenMethod?.ContainingType.OriginalDefinition, _symbols.ServerComponentBase);

    /// <summary>A handler ComponentBase renders at the first incomplete await of: an OnInitializedAsync or
    /// OnParametersSetAsync override, or an event handler (a method; ComponentBase.HandleEventAsync renders after the
    /// handler's synchronous part).</summary>
    public bool RendersAtFirstAwait(IMethodSymbol method)
        => (method.Name is "OnInitializedAsync" or "OnParametersSetAsync" && IsLifecycleMethod(method)) || IsEventHandler(method);

    /// <summary>A method of a server component that its own code binds to an event (<c>EventCallback.Factory.Create(this,
    /// Save)</c>, as compiled Razor does for <c>@onclick="Save"</c>).</summary>
    public bool IsEventHandler(IMethodSymbol method)
        => _symbols.EventCallbackFactory is not null
            && method.MethodKind == MethodKind.Ordinary
            && method.ContainingType is { } type
            && IsServerComponent(type)
            && _eventHandlersOf.GetOrAdd(type.OriginalDefinition, _findEventHandlers).Contains(method.OriginalDefinition);

    /// <summary>A lambda passed to an EventCallbackFactory method (<c>@onclick="() => Save(1)"</c>) in a server
    /// component.</summary>
    public bool IsEventCallback(IAnonymousFunctionOperation lambda)
    {
        if (_symbols.EventCallbackFactory is null || !IsServerComponent(lambda.Symbol.ContainingType))
        {
            return false;
        }

        var current = lambda.Parent;
        while (current is IDelegateCreationOperation or IConversionOperation)
        {
            current = current.Parent;
        }

        return current is IArgumentOperation { Parent: IInvocationOperation invocation }
            && (IsEventCallbackFactoryMethod(invocation.TargetMethod) || IsBindAfterInvoker(invocation.TargetMethod));
    }

    /// <summary>"Counter event handler": a lambda bound to an event, by its component.</summary>
    public static string DescribeEventCallback(IAnonymousFunctionOperation lambda) => lambda.Symbol.ContainingType.Name + " event handler";

    /// <summary>EventCallbackFactory's Create, Create&lt;T&gt;, CreateInferred&lt;T&gt;, and the extension methods on it
    /// (CreateBinder, the event-args overloads).</summary>
    private bool IsEventCallbackFactoryMethod(IMethodSymbol method)
    {
        var definition = method.ReducedFrom ?? method;
        return SymbolEqualityComparer.Default.Equals(definition.ContainingType, _symbols.EventCallbackFactory)
            || (definition.IsExtensionMethod && definition.Parameters.Length > 0
                && SymbolEqualityComparer.Default.Equals(definition.Parameters[0].Type, _symbols.EventCallbackFactory));
    }

    /// <summary>RuntimeHelpers.InvokeSynchronousDelegate or InvokeAsynchronousDelegate: what compiled Razor calls with a
    /// <c>@bind:after</c> delegate once the bound value is set.</summary>
    private bool IsBindAfterInvoker(IMethodSymbol method)
        => method.Name is "InvokeSynchronousDelegate" or "InvokeAsynchronousDelegate"
            && SymbolEqualityComparer.Default.Equals(method.ContainingType, _runtimeHelpers);

    /// <summary>
    /// The methods a component's own code passes to an EventCallbackFactory method by method group, or to the runtime
    /// helper that runs a <c>@bind:after</c> delegate. Compiled Razor writes
    /// the call in the component's class (BuildRenderTree), so only its own declarations are read; calls are found by
    /// their name (Create…) and bound one at a time.
    /// </summary>
    private HashSet<IMethodSymbol> FindEventHandlers(INamedTypeSymbol type)
    {
        var found = new HashSet<IMethodSymbol>(SymbolEqualityComparer.Default);
        foreach (var reference in type.DeclaringSyntaxReferences)
        {
            SemanticModel? model = null;
            foreach (var node in reference.GetSyntax().DescendantNodes())
            {
                if (node is not InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax access } invocation
                    || !(access.Name.Identifier.ValueText.StartsWith("Create", StringComparison.Ordinal)
                        || (_runtimeHelpers is not null && access.Name.Identifier.ValueText.StartsWith("Invoke", StringComparison.Ordinal)))
                    || !HasMethodGroupArgument(invocation))
                {
                    continue;
                }

                model ??= _compilation.GetSemanticModel(reference.SyntaxTree);
                if (model.GetOperation(invocation) is not IInvocationOperation operation
                    || !(IsEventCallbackFactoryMethod(operation.TargetMethod) || IsBindAfterInvoker(operation.TargetMethod)))
                {
                    continue;
                }

                foreach (var argument in operation.Arguments)
                {
                    if (argument.Value.UnwrapDelegate() is IMethodReferenceOperation { Method: { } bound })
                    {
                        found.Add(bound.OriginalDefinition);
                    }
                }
            }
        }

        return found;
    }

    private static bool HasMethodGroupArgument(InvocationExpressionSyntax invocation)
    {
        foreach (var argument in invocation.ArgumentList.Arguments)
        {
            if (argument.Expression is IdentifierNameSyntax or GenericNameSyntax or MemberAccessExpressionSyntax)
            {
                return true;
            }
        }

        return false;
    }
}
