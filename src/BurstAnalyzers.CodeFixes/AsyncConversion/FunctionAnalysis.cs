using System.Collections.Generic;
using System.Collections.Immutable;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Blocking;
using BurstAnalyzers.Handlers;
using BurstAnalyzers.Internals;
using BurstAnalyzers.Options;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.FindSymbols;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>
/// Decides whether one function — a method, a local function or a lambda — can become async, and what that takes
/// (<see cref="FunctionEdit"/>). Conservative by design: whenever something the fix cannot rewrite depends on the old
/// shape (a framework-owned signature, a member of its override family or another implementation of its interface that
/// cannot change in step, <see cref="InStepMembers"/>), it declines.
/// </summary>
internal static class FunctionAnalysis
{
    public static Task<FunctionEdit?> AnalyzeAsync(Document document, SemanticModel model, SyntaxNode declaration, PublicApiScope publicApi, CancellationToken cancellationToken)
    {
        var types = CoreLibraryTypes.For(model.Compilation);
        if (AwaitContext.BodyOf(declaration) is not { } body || AsyncBodyRules.ForbidsAsync(body, model, cancellationToken))
        {
            return Task.FromResult<FunctionEdit?>(null);
        }

        return declaration switch
        {
            MethodDeclarationSyntax method => AnalyzeMethodAsync(document, model, method, types, publicApi, cancellationToken),
            LocalFunctionStatementSyntax local => Task.FromResult(AnalyzeLocalFunction(document, model, local, types, cancellationToken)),
            AnonymousFunctionExpressionSyntax lambda => Task.FromResult(AnalyzeLambda(document, model, lambda, types, cancellationToken)),
            _ => Task.FromResult<FunctionEdit?>(null),
        };
    }

    private static async Task<FunctionEdit?> AnalyzeMethodAsync(
        Document document,
        SemanticModel model,
        MethodDeclarationSyntax declaration,
        CoreLibraryTypes types,
        PublicApiScope publicApi,
        CancellationToken cancellationToken)
    {
        if (model.GetDeclaredSymbol(declaration, cancellationToken) is not { } method
            || !MayChangeShape(method, declaration, model.Compilation)
            || Classify(method, types) is not { } change)
        {
            return null;
        }

        if (change is SignatureChange.None or SignatureChange.AddAsync)
        {
            // A component's OnInitializedAsync, OnParametersSetAsync or event handler that awaits nothing yet renders at
            // its first await once it does: not where that render could show a state its synchronous run never showed.
            if (AwaitContext.BodyOf(declaration) is { } body
                && (change == SignatureChange.AddAsync || !ComponentLifecycles.Awaits(body))
                && ComponentLifecycles.WouldRenderEarly(method, body, model, cancellationToken))
            {
                return null;
            }

            // async is not part of the signature: overrides and interface implementations may gain it.
            return new FunctionEdit(document.Id, declaration, change, types.IsTaskLikeWithResult(method.ReturnType), ImmutableArray<ContractEdit>.Empty, ImmutableArray<IMethodSymbol>.Empty);
        }

        // An action filter's OnActionExecuting becomes its OnActionExecutionAsync override, a component's OnInitialized its
        // OnInitializedAsync override, or nothing: an override keeps its signature.
        if (change == SignatureChange.VoidToTask)
        {
            if (await FilterAsyncForms.AsyncFormAsync(method, declaration, model, document.Project.Solution, cancellationToken).ConfigureAwait(false) is { } filterForm)
            {
                return filterForm.Name is null
                    ? null
                    : new FunctionEdit(document.Id, declaration, change, returnsValue: false, ImmutableArray<ContractEdit>.Empty, ImmutableArray<IMethodSymbol>.Empty, filterForm.Name, nameRequired: true, addedParameter: filterForm.AddedParameter, tail: filterForm.Tail, baseTypeEdit: filterForm.BaseTypeEdit, companion: filterForm.Companion);
            }

            var (lifecycleName, baseCalls) = await ComponentLifecycles.AsyncFormAsync(method, declaration, model, document.Project.Solution, cancellationToken).ConfigureAwait(false);
            if (lifecycleName is not null)
            {
                return lifecycleName.Length == 0
                    ? null
                    : new FunctionEdit(document.Id, declaration, change, returnsValue: false, ImmutableArray<ContractEdit>.Empty, ImmutableArray<IMethodSymbol>.Empty, lifecycleName, nameRequired: true, baseCalls);
            }
        }

        // A packaged library's public API may be called from outside the solution (burst_analyzers.public_api_in_libraries).
        if (!publicApi.MayChange(method, document, model))
        {
            return null;
        }

        var viewComponentInvoke = ViewComponentInvokeName(method, change, model.Compilation);
        if (viewComponentInvoke == "")
        {
            return null;
        }

        // A virtual method nothing in the solution overrides changes like any other (AccountGo's EfRepository<T>.GetById);
        // code outside the solution that could override it is the public API policy's question, asked above.
        // An abstract, overridden virtual or overriding method changes with its whole family: the member at its top and
        // every override in the solution, all or none (InStepMembers).
        var solution = document.Project.Solution;
        var contractEdits = ImmutableArray.CreateBuilder<ContractEdit>();
        var awaitedBy = ImmutableArray.CreateBuilder<IMethodSymbol>();
        var inStep = ImmutableArray.CreateBuilder<FunctionEdit>();
        awaitedBy.Add(method);
        if (method.IsAbstract
            || await InterfaceContracts.ImplementsThroughDerivedTypeAsync(method, solution, cancellationToken).ConfigureAwait(false))
        {
            return null;
        }

        if (method.IsOverride || (method.IsVirtual && await IsOverriddenAsync(method, solution, cancellationToken).ConfigureAwait(false)))
        {
            if (ImplementedInterfaceMethods(method).GetEnumerator().MoveNext()
                || await InStepMembers.OverrideFamilyAsync(method, change, document.Project, publicApi, cancellationToken).ConfigureAwait(false) is not { } family)
            {
                return null;
            }

            family.AddTo(contractEdits, awaitedBy, inStep);
        }

        var wcf = RequestHandlerModel.ForFix(model.Compilation).Wcf;

        if (wcf.IsServiceContract(method.ContainingType) && WcfContracts.OperationContractOf(method, wcf) is { } ownContract)
        {
            if (WcfContracts.IsOneWay(ownContract) || WcfContracts.CollidesWithAnotherOperation(method, ownContract, wcf, types))
            {
                return null;
            }

            if (WcfOperationNames.NeedsExplicitName(method, ownContract))
            {
                if (!WcfOperationNames.ExplicitNameKeepsSoapCoreName(method, ownContract))
                {
                    return null; // the Name that keeps WCF's contract would change SoapCore's
                }

                contractEdits.Add(new ContractEdit(document.Id, declaration, SignatureChange.None, await WcfContracts.AttributeSyntaxAsync(ownContract, cancellationToken).ConfigureAwait(false), method.Name));
            }
        }

        foreach (var implemented in ImplementedInterfaceMethods(method))
        {
            // The interface changes with its implementation: a packaged library's public interface keeps its shape
            // even where the implementation is internal.
            if (!await publicApi.MayChangeAsync(implemented, solution, cancellationToken).ConfigureAwait(false))
            {
                return null;
            }

            if (wcf.IsServiceContract(implemented.ContainingType))
            {
                if (await WcfContracts.EditForAsync(implemented, method, change, wcf, types, solution, cancellationToken).ConfigureAwait(false) is not { } wcfEdit)
                {
                    return null;
                }

                contractEdits.Add(wcfEdit);
                awaitedBy.Add(implemented);
                continue;
            }

            // The interface's other implementations in the solution change in step with it, all or none.
            if (await InterfaceContracts.DeclarationEditAsync(implemented, change, solution, cancellationToken).ConfigureAwait(false) is not { } edit
                || await InStepMembers.OtherImplementationsAsync(implemented, method, change, document.Project, publicApi, cancellationToken).ConfigureAwait(false) is not { } others)
            {
                return null;
            }

            contractEdits.Add(edit);
            awaitedBy.Add(implemented);
            others.AddTo(contractEdits, awaitedBy, inStep);
        }

        if (viewComponentInvoke is not null)
        {
            return contractEdits.Count == 0 && inStep.Count == 0
                ? new FunctionEdit(document.Id, declaration, change, returnsValue: false, contractEdits.ToImmutable(), awaitedBy.ToImmutable(), viewComponentInvoke, nameRequired: true)
                : null;
        }

        // A member changed with its contract or family keeps its name, as the contract's.
        var proposedName = contractEdits.Count == 0 && inStep.Count == 0 ? AsyncNames.Propose(method, model, document) : null;
        return new FunctionEdit(document.Id, declaration, change, returnsValue: false, contractEdits.ToImmutable(), awaitedBy.ToImmutable(), proposedName, inStep: inStep.ToImmutable());
    }

    private static FunctionEdit? AnalyzeLocalFunction(Document document, SemanticModel model, LocalFunctionStatementSyntax local, CoreLibraryTypes types, CancellationToken cancellationToken)
    {
        if (model.GetDeclaredSymbol(local, cancellationToken) is not IMethodSymbol function
            || !HasAsyncCompatibleParameters(function)
            || local.Modifiers.Any(SyntaxKind.UnsafeKeyword)
            || Classify(function, types) is not { } change)
        {
            return null;
        }

        var retyped = change is SignatureChange.VoidToTask or SignatureChange.ValueToTaskOfT;
        var awaitedBy = retyped ? ImmutableArray.Create(function) : ImmutableArray<IMethodSymbol>.Empty;
        var proposedName = retyped ? AsyncNames.Propose(function, model, document) : null;
        return new FunctionEdit(document.Id, local, change, types.IsTaskLikeWithResult(function.ReturnType), ImmutableArray<ContractEdit>.Empty, awaitedBy, proposedName);
    }

    /// <summary>
    /// A lambda can become async when its delegate type already returns a Task (RequestDelegate, app.Use, Task.Run),
    /// or when it is a minimal API handler given as a Delegate, which the framework accepts in either shape.
    /// </summary>
    private static FunctionEdit? AnalyzeLambda(Document document, SemanticModel model, AnonymousFunctionExpressionSyntax lambda, CoreLibraryTypes types, CancellationToken cancellationToken)
    {
        if (model.GetSymbolInfo(lambda, cancellationToken).Symbol is not IMethodSymbol function
            || !HasAsyncCompatibleParameters(function)
            || lambda is ParenthesizedLambdaExpressionSyntax { ReturnType: not null }
            || IsExpressionTree(model.GetTypeInfo(lambda, cancellationToken).ConvertedType))
        {
            return null;
        }

        SignatureChange change;
        if (lambda.AsyncKeyword.IsKind(SyntaxKind.AsyncKeyword))
        {
            if (function.ReturnsVoid)
            {
                return null; // an async void lambda: its delegate type cannot return a Task
            }

            change = SignatureChange.None;
        }
        else if (types.IsTaskLike(function.ReturnType))
        {
            change = SignatureChange.AddAsync;
        }
        else if (IsMinimalApiHandler(lambda, model, cancellationToken))
        {
            change = SignatureChange.AsyncLambda;
        }
        else
        {
            return null;
        }

        return new FunctionEdit(document.Id, lambda, change, types.IsTaskLikeWithResult(function.ReturnType), ImmutableArray<ContractEdit>.Empty, ImmutableArray<IMethodSymbol>.Empty);
    }

    public static bool IsMinimalApiHandler(AnonymousFunctionExpressionSyntax lambda, SemanticModel model, CancellationToken cancellationToken)
        => model.GetOperation(lambda, cancellationToken) is Microsoft.CodeAnalysis.Operations.IAnonymousFunctionOperation operation
            && RequestHandlerModel.ForFix(model.Compilation).Delegates.RegistrationOf(operation) is not null;

    /// <summary>What the return type becomes, or null when the function cannot be made async.</summary>
    internal static SignatureChange? Classify(IMethodSymbol function, CoreLibraryTypes types)
    {
        if (function.ReturnsVoid)
        {
            return SignatureChange.VoidToTask;
        }

        if (function.IsAsync)
        {
            return SignatureChange.None;
        }

        var returnType = function.ReturnType;
        if (types.IsTaskLike(returnType))
        {
            return SignatureChange.AddAsync;
        }

        if (function.ReturnsByRef || function.ReturnsByRefReadonly || returnType.TypeKind == TypeKind.Error || returnType.IsRefLikeType
            || returnType is IPointerTypeSymbol or IFunctionPointerTypeSymbol || returnType.HasMemberNamed("GetAwaiter"))
        {
            return null;
        }

        return SignatureChange.ValueToTaskOfT;
    }

    /// <summary>An <c>Expression&lt;TDelegate&gt;</c>: its lambda is data, and cannot await.</summary>
    private static bool IsExpressionTree(ITypeSymbol? type)
        => type is INamedTypeSymbol { Name: "Expression", Arity: 1, ContainingNamespace: { Name: "Expressions", ContainingNamespace: { Name: "Linq", ContainingNamespace.Name: "System" } } };

    /// <summary>What every method whose signature a fix changes must be, itself or in step with another
    /// (<see cref="InStepMembers"/>): an ordinary method or explicit interface implementation of a class, with a body
    /// written in one part, parameters an async method can take, no unsafe code, and not one a framework calls by its
    /// signature.</summary>
    internal static bool MayChangeShape(IMethodSymbol method, MethodDeclarationSyntax declaration, Compilation compilation)
        => method.MethodKind is MethodKind.Ordinary or MethodKind.ExplicitInterfaceImplementation
            && !method.IsExtern && method.PartialDefinitionPart is null && method.PartialImplementationPart is null
            && method.ContainingType.TypeKind == TypeKind.Class
            && HasAsyncCompatibleParameters(method)
            && !IsUnsafe(declaration)
            && !IsFrameworkOwned(method, compilation);

    private static bool HasAsyncCompatibleParameters(IMethodSymbol function)
    {
        foreach (var parameter in function.Parameters)
        {
            if (parameter.RefKind != RefKind.None || parameter.Type.IsRefLikeType)
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>
    /// ASMX web methods: their synchronous shape is the web service's contract, owned by the framework. (The other
    /// framework-owned signatures — filters, tag helpers, hub callbacks — are overrides or implementations of the
    /// framework's interfaces, which the fix leaves unchanged but for adding async; a view component's Invoke is
    /// renamed with its new shape, <see cref="ViewComponentInvokeName"/>, and a component's synchronous lifecycle override
    /// becomes its async form, <see cref="ComponentLifecycles"/>.)
    /// </summary>
    private static bool IsFrameworkOwned(IMethodSymbol method, Compilation compilation)
        => method.Has(HandlerFrameworkSymbols.For(compilation).AsmxWebMethod);

    /// <summary>
    /// A view component's synchronous Invoke: MVC rejects an Invoke that returns a Task, and finds an InvokeAsync that
    /// returns Task&lt;T&gt; with the same parameters. So it becomes <c>async Task&lt;T&gt; InvokeAsync</c>, or nothing:
    /// "" when it cannot (a void Invoke, which MVC rejects anyway, or a type that already has an InvokeAsync, where
    /// MVC would find two), null when the method is no view component's Invoke.
    /// </summary>
    private static string? ViewComponentInvokeName(IMethodSymbol method, SignatureChange change, Compilation compilation)
    {
        if (!RequestHandlerModel.ForFix(compilation).IsSynchronousViewComponentInvoke(method))
        {
            return null;
        }

        const string InvokeAsync = "InvokeAsync";
        return change == SignatureChange.ValueToTaskOfT && !method.ContainingType.HasMemberNamedInHierarchy(InvokeAsync) ? InvokeAsync : "";
    }

    private static bool IsUnsafe(SyntaxNode declaration)
    {
        for (var node = declaration; node is not null; node = node.Parent)
        {
            if (node is MemberDeclarationSyntax member && member.Modifiers.Any(SyntaxKind.UnsafeKeyword))
            {
                return true;
            }
        }

        return false;
    }

    internal static async Task<bool> IsOverriddenAsync(IMethodSymbol method, Solution solution, CancellationToken cancellationToken)
    {
        foreach (var _ in await SymbolFinder.FindOverridesAsync(method, solution, cancellationToken: cancellationToken).ConfigureAwait(false))
        {
            return true;
        }

        return false;
    }

    internal static IEnumerable<IMethodSymbol> ImplementedInterfaceMethods(IMethodSymbol method)
    {
        var seen = new HashSet<IMethodSymbol>(SymbolEqualityComparer.Default);
        foreach (var explicitImplementation in method.ExplicitInterfaceImplementations)
        {
            if (seen.Add(explicitImplementation))
            {
                yield return explicitImplementation;
            }
        }

        foreach (var contract in method.ContainingType.AllInterfaces)
        {
            foreach (var member in contract.GetMembers(method.Name))
            {
                if (member is IMethodSymbol interfaceMethod
                    && SymbolEqualityComparer.Default.Equals(method.ContainingType.FindImplementationForInterfaceMember(interfaceMethod), method)
                    && seen.Add(interfaceMethod))
                {
                    yield return interfaceMethod;
                }
            }
        }
    }
}
