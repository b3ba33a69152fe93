using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>
/// What making one function — a method, a local function or a lambda — async takes: its new signature, the interface
/// methods (WCF contracts too) that change in step, and the symbols whose callers must now await. Decided by
/// <see cref="FunctionAnalysis"/>.
/// </summary>
internal sealed class FunctionEdit
{
    public FunctionEdit(
        DocumentId documentId,
        SyntaxNode declaration,
        SignatureChange change,
        bool returnsValue,
        ImmutableArray<ContractEdit> contractEdits,
        ImmutableArray<IMethodSymbol> awaitedBy,
        string? proposedName = null,
        bool nameRequired = false,
        ImmutableArray<InvocationExpressionSyntax> baseCalls = default,
        ParameterSyntax? addedParameter = null,
        StatementSyntax? tail = null,
        (TypeSyntax Old, TypeSyntax New)? baseTypeEdit = null,
        CompanionMethod? companion = null,
        ImmutableArray<FunctionEdit> inStep = default,
        bool awaitless = false)
    {
        InStep = inStep.IsDefault ? ImmutableArray<FunctionEdit>.Empty : inStep;
        Awaitless = awaitless;
        Companion = companion;
        BaseTypeEdit = baseTypeEdit;
        AddedParameter = addedParameter;
        Tail = tail;
        BaseCalls = baseCalls.IsDefault ? ImmutableArray<InvocationExpressionSyntax>.Empty : baseCalls;
        ProposedName = proposedName;
        NameRequired = nameRequired;
        DocumentId = documentId;
        Declaration = declaration;
        Change = change;
        ReturnsValue = returnsValue;
        ContractEdits = contractEdits;
        AwaitedBy = awaitedBy;
    }

    public DocumentId DocumentId { get; }

    /// <summary>A MethodDeclarationSyntax, LocalFunctionStatementSyntax or AnonymousFunctionExpressionSyntax.</summary>
    public SyntaxNode Declaration { get; }

    public SignatureChange Change { get; }

    /// <summary>For <see cref="SignatureChange.AddAsync"/>: whether it returns Task&lt;T&gt; (returns are unwrapped) or Task.</summary>
    public bool ReturnsValue { get; }

    public ImmutableArray<ContractEdit> ContractEdits { get; }

    /// <summary>The <c>...Async</c> name the function takes if every call of it can take it too (see <see cref="AsyncNames"/>).</summary>
    public string? ProposedName { get; }

    /// <summary>The framework finds the function by <see cref="ProposedName"/> in its new shape (a view component's
    /// Invoke becomes InvokeAsync): it is renamed even when nothing calls it, and where the name is not free at every
    /// call there is no fix.</summary>
    public bool NameRequired { get; }

    /// <summary>An override that takes the framework's other method (a component's OnInitialized becomes its
    /// OnInitializedAsync override, <see cref="ComponentLifecycles"/>): its calls of the base method it overrode, which
    /// become awaits of the base method it now overrides. Nothing else calls it; it is renamed with no
    /// <see cref="AwaitedBy"/>.</summary>
    public ImmutableArray<InvocationExpressionSyntax> BaseCalls { get; }

    /// <summary>A parameter the framework's async form adds (a filter's <c>next</c>, <see cref="FilterAsyncForms"/>).</summary>
    public ParameterSyntax? AddedParameter { get; }

    /// <summary>A statement that closes the body in the framework's async form (a filter's call of <c>next</c>).</summary>
    public StatementSyntax? Tail { get; }

    /// <summary>A base list entry of the function's class that changes with it (IActionFilter → IAsyncActionFilter,
    /// <see cref="FilterAsyncForms"/>), in the function's own document.</summary>
    public (TypeSyntax Old, TypeSyntax New)? BaseTypeEdit { get; }

    /// <summary>The async interface's other method, added beside the synchronous one it calls unless this fix converts
    /// that one too (IPageFilter → IAsyncPageFilter, <see cref="FilterAsyncForms"/>).</summary>
    public CompanionMethod? Companion { get; }

    /// <summary>The other members of the function's override family or interface implementations, changed in step
    /// (<see cref="InStepMembers"/>): each an <see cref="Awaitless"/> edit, unless the fix awaits in it too.</summary>
    public ImmutableArray<FunctionEdit> InStep { get; }

    /// <summary>A member changed in step only, with nothing to await: it returns a completed task
    /// (<c>Task.FromResult&lt;T&gt;(x)</c>, <c>Task.CompletedTask</c>) instead of becoming async.</summary>
    public bool Awaitless { get; }

    /// <summary>Symbols whose every call must become an await, because their return type changes.</summary>
    public ImmutableArray<IMethodSymbol> AwaitedBy { get; }
}
