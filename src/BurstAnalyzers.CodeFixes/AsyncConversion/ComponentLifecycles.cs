using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Handlers;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.FindSymbols;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>
/// A server component's synchronous lifecycle override (OnInitialized, OnParametersSet, OnAfterRender(bool)) becomes
/// its async form (<c>protected override async Task OnInitializedAsync()</c>), which ComponentBase calls right after
/// the synchronous one, whose base is empty: the body runs at the same point. Only where that keeps what the user sees
/// (docs/rules/BURST001.md, "Blazor components"):
/// <list type="bullet">
/// <item>the method overrides ComponentBase's own (its base call is the empty one, and becomes an await of the empty
/// async base), and neither the class nor a base between it and ComponentBase overrides the async form (the body would
/// replace or be replaced by that code);</item>
/// <item>no class in the solution derives from the component (an override there would run instead, or besides);</item>
/// <item>for OnInitialized and OnParametersSet, whose async form ComponentBase renders at its first incomplete await:
/// the body writes nothing the render could read (an assignment only to locals, no call on the component itself or on
/// one of its fields or non-[Inject] properties), so that early render shows what the render after it shows; and for
/// OnInitialized, no class of the component's overrides OnParametersSet or OnParametersSetAsync, which would then run
/// after that render, not before;</item>
/// <item>nothing else names the method (a call, a method group): its calls would bind to ComponentBase's empty one.</item>
/// </list>
/// </summary>
internal static class ComponentLifecycles
{
    /// <summary>
    /// The name the method takes (OnInitializedAsync...), "" when it is a synchronous lifecycle override that cannot
    /// take it, null when it is none.
    /// </summary>
    public static async Task<(string? Name, ImmutableArray<InvocationExpressionSyntax> BaseCalls)> AsyncFormAsync(
        IMethodSymbol method,
        MethodDeclarationSyntax declaration,
        SemanticModel model,
        Solution solution,
        CancellationToken cancellationToken)
    {
        var none = ImmutableArray<InvocationExpressionSyntax>.Empty;
        if (!RequestHandlerModel.ForFix(model.Compilation).IsSynchronousComponentLifecycle(method)
            || BlazorComponents.AsyncLifecycleName(method.Name) is not { } asyncName)
        {
            return (null, none);
        }

        var componentBase = method.OverriddenMethod!.ContainingType.OriginalDefinition;
        var rendersEarly = method.Name != "OnAfterRender";
        if (OverridesBelow(method.ContainingType, componentBase, asyncName)
            || (method.Name == "OnInitialized" && (OverridesBelow(method.ContainingType, componentBase, "OnParametersSet") || OverridesBelow(method.ContainingType, componentBase, "OnParametersSetAsync")))
            || AwaitContext.BodyOf(declaration) is not { } body
            || model.GetOperation(body, cancellationToken) is not { } operation)
        {
            return ("", none);
        }

        var baseCalls = ImmutableArray.CreateBuilder<InvocationExpressionSyntax>();
        foreach (var node in operation.DescendantsAndSelf())
        {
            if (node is IInvocationOperation { Instance: IInstanceReferenceOperation { ReferenceKind: InstanceReferenceKind.ContainingTypeInstance } } call
                && call.Syntax is InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Expression: BaseExpressionSyntax } } baseCall
                && SymbolEqualityComparer.Default.Equals(call.TargetMethod.OriginalDefinition, method.OverriddenMethod!.OriginalDefinition)
                && AwaitContext.FindFunction(baseCall) == declaration)
            {
                baseCalls.Add(baseCall);
            }
            else if (rendersEarly && WritesState(node))
            {
                return ("", none);
            }
        }

        if (await NamedElsewhereAsync(method, solution, cancellationToken).ConfigureAwait(false)
            || (await SymbolFinder.FindDerivedClassesAsync(method.ContainingType, solution, transitive: false, cancellationToken: cancellationToken).ConfigureAwait(false)).Any())
        {
            return ("", none);
        }

        return (asyncName, baseCalls.ToImmutable());
    }

    /// <summary>
    /// Whether a Task-returning method that is not async yet (<c>Task OnInitializedAsync() { …; return
    /// Task.CompletedTask; }</c>) would, made async, let a render show a state its synchronous run never showed:
    /// ComponentBase renders at the first incomplete await of OnInitializedAsync, OnParametersSetAsync and an event
    /// handler, and the body writes the component's state (<see cref="WritesState"/>).
    /// </summary>
    public static bool WouldRenderEarly(IMethodSymbol method, SyntaxNode body, SemanticModel model, CancellationToken cancellationToken)
    {
        if (!RequestHandlerModel.ForFix(model.Compilation).RendersAtFirstAwait(method) || model.GetOperation(body, cancellationToken) is not { } operation)
        {
            return false;
        }

        foreach (var node in operation.DescendantsAndSelf())
        {
            if (WritesState(node))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>Whether the body awaits anywhere already (not counting nested functions').</summary>
    public static bool Awaits(SyntaxNode body)
    {
        foreach (var node in body.DescendantNodesAndSelf(node => !AwaitContext.IsNestedFunction(node)))
        {
            if (node is AwaitExpressionSyntax
                || (node is CommonForEachStatementSyntax forEach && forEach.AwaitKeyword.RawKind != 0)
                || (node is UsingStatementSyntax @using && @using.AwaitKeyword.RawKind != 0)
                || (node is LocalDeclarationStatementSyntax declaration && declaration.AwaitKeyword.RawKind != 0))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>An operation that may change what the component renders, as far as the body shows: an assignment, an
    /// increment or a ref argument to anything but a local, or a call on the component itself (StateHasChanged, a
    /// helper) or on one of its fields or non-[Inject] properties (a list it renders).</summary>
    private static bool WritesState(IOperation operation) => operation switch
    {
        IInvocationOperation call => !LeavesTheComponentAlone(call.Instance),
        IAssignmentOperation assignment => !IsLocal(assignment.Target),
        IIncrementOrDecrementOperation increment => !IsLocal(increment.Target),
        IArgumentOperation { Parameter.RefKind: not RefKind.None } argument => !IsLocal(argument.Value),
        _ => false,
    };

    /// <summary>Whether the component or a base class of it below ComponentBase declares a method named
    /// <paramref name="name"/>.</summary>
    private static bool OverridesBelow(INamedTypeSymbol type, INamedTypeSymbol componentBase, string name)
    {
        for (var current = type; current is not null && !SymbolEqualityComparer.Default.Equals(current.OriginalDefinition, componentBase); current = current.BaseType)
        {
            if (!current.GetMembers(name).IsEmpty)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>A call that changes nothing the component renders, as far as its receiver shows: a static call, or a
    /// call on a local, a parameter, an [Inject] service or something the call itself produced.</summary>
    private static bool LeavesTheComponentAlone(IOperation? instance) => instance switch
    {
        null => true,
        IInstanceReferenceOperation => false,
        IFieldReferenceOperation { Instance: not null } => false,
        IPropertyReferenceOperation { Instance: not null, Property: var property } => property.GetAttributes().Any(a => a.AttributeClass?.Name == "InjectAttribute"),
        IConversionOperation conversion => LeavesTheComponentAlone(conversion.Operand),
        _ => true,
    };

    private static bool IsLocal(IOperation target) => target is ILocalReferenceOperation or IParameterReferenceOperation or IDiscardOperation
        || (target is IConversionOperation conversion && IsLocal(conversion.Operand))
        || (target is ITupleOperation tuple && tuple.Elements.All(IsLocal))
        || target is IDeclarationExpressionOperation;

    /// <summary>Whether anything names the method itself (a call, a method group): it would bind to ComponentBase's
    /// empty method once the body has moved. (Its base calls name ComponentBase's method, which cascades here.)</summary>
    private static async Task<bool> NamedElsewhereAsync(IMethodSymbol method, Solution solution, CancellationToken cancellationToken)
    {
        foreach (var referenced in await SymbolFinder.FindReferencesAsync(method, solution, cancellationToken).ConfigureAwait(false))
        {
            if (SymbolEqualityComparer.Default.Equals(referenced.Definition.OriginalDefinition, method.OriginalDefinition) && referenced.Locations.Any())
            {
                return true;
            }
        }

        return false;
    }
}
