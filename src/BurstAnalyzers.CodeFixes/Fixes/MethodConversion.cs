using System.Collections.Generic;
using System.Collections.Immutable;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Handlers;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.FindSymbols;

namespace BurstAnalyzers.Fixes;

/// <summary>
/// Decides whether one handler method can become async without breaking the solution or a WCF contract, and what that
/// takes. Conservative by design: whenever a dependent (caller, override, other implementation, non-WCF interface)
/// would need changing too, the method is not converted and no fix is offered.
/// </summary>
internal sealed class MethodConversion
{
    private MethodConversion(DocumentId documentId, MethodDeclarationSyntax declaration, SignatureChange change, ImmutableArray<ContractEdit> contractEdits)
    {
        DocumentId = documentId;
        Declaration = declaration;
        Change = change;
        ContractEdits = contractEdits;
    }

    public DocumentId DocumentId { get; }

    public MethodDeclarationSyntax Declaration { get; }

    public SignatureChange Change { get; }

    public ImmutableArray<ContractEdit> ContractEdits { get; }

    public static async Task<MethodConversion?> AnalyzeAsync(
        Document document,
        SemanticModel model,
        MethodDeclarationSyntax declaration,
        CancellationToken cancellationToken)
    {
        if (model.GetDeclaredSymbol(declaration, cancellationToken) is not { } method
            || !HasConvertibleShape(method, declaration)
            || AsyncBodyRules.ForbidsAsync(declaration, model, cancellationToken)
            || ClassifyReturn(method) is not { } change)
        {
            return null;
        }

        if (change == SignatureChange.None)
        {
            return new MethodConversion(document.Id, declaration, change, ImmutableArray<ContractEdit>.Empty);
        }

        // From here on the signature changes: nothing may depend on the old one.
        var solution = document.Project.Solution;
        var contractEdits = ImmutableArray.CreateBuilder<ContractEdit>();
        var wcf = RequestHandlerModel.ForFix(model.Compilation).Wcf;

        if (wcf is not null && wcf.IsServiceContract(method.ContainingType) && OperationContractOf(method, wcf) is { } ownContract)
        {
            if (CollidesWithAnotherOperation(method, ownContract, wcf))
            {
                return null;
            }

            if (WcfOperationNames.NeedsExplicitName(method, ownContract))
            {
                contractEdits.Add(new ContractEdit(document.Id, declaration, SignatureChange.None, await AttributeSyntaxAsync(ownContract, cancellationToken).ConfigureAwait(false), method.Name));
            }
        }

        foreach (var implemented in ImplementedInterfaceMethods(method))
        {
            var edit = await ContractEditForAsync(implemented, method, change, wcf, solution, cancellationToken).ConfigureAwait(false);
            if (edit is null)
            {
                return null;
            }

            contractEdits.Add(edit);
        }

        if (await IsReferencedAsync(method, solution, cancellationToken).ConfigureAwait(false))
        {
            return null;
        }

        return new MethodConversion(document.Id, declaration, change, contractEdits.ToImmutable());
    }

    private static bool HasConvertibleShape(IMethodSymbol method, MethodDeclarationSyntax declaration)
    {
        if (declaration.Body is null && declaration.ExpressionBody is null)
        {
            return false;
        }

        if (method.MethodKind is not (MethodKind.Ordinary or MethodKind.ExplicitInterfaceImplementation)
            || method.IsOverride || method.IsVirtual || method.IsAbstract || method.IsExtern
            || method.ReturnsByRef || method.ReturnsByRefReadonly
            || method.PartialDefinitionPart is not null || method.PartialImplementationPart is not null
            || method.ContainingType.TypeKind != TypeKind.Class)
        {
            return false;
        }

        foreach (var parameter in method.Parameters)
        {
            if (parameter.RefKind != RefKind.None || parameter.Type.IsRefLikeType)
            {
                return false;
            }
        }

        return !IsUnsafe(declaration);
    }

    private static bool IsUnsafe(MethodDeclarationSyntax declaration)
    {
        for (SyntaxNode? node = declaration; node is not null; node = node.Parent)
        {
            if (node is MemberDeclarationSyntax member && member.Modifiers.Any(SyntaxKind.UnsafeKeyword))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>What the return type becomes, or null when this fix cannot make the method async (issue: a Task-returning
    /// method that is not async needs its returns rewritten; that is not done here).</summary>
    private static SignatureChange? ClassifyReturn(IMethodSymbol method)
    {
        if (method.ReturnsVoid)
        {
            return SignatureChange.VoidToTask;
        }

        if (method.IsAsync)
        {
            return SignatureChange.None;
        }

        var returnType = method.ReturnType;
        if (returnType.TypeKind == TypeKind.Error || returnType.IsRefLikeType || returnType is IPointerTypeSymbol or IFunctionPointerTypeSymbol || IsAwaitable(returnType))
        {
            return null;
        }

        return SignatureChange.ValueToTaskOfT;
    }

    private static bool IsAwaitable(ITypeSymbol type)
    {
        for (var current = type; current is not null; current = current.BaseType)
        {
            foreach (var member in current.GetMembers("GetAwaiter"))
            {
                if (member is IMethodSymbol { IsStatic: false, Parameters.IsEmpty: true })
                {
                    return true;
                }
            }
        }

        return false;
    }

    private static IEnumerable<IMethodSymbol> ImplementedInterfaceMethods(IMethodSymbol method)
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

    /// <summary>The edit that keeps an implemented [OperationContract] in step, or null when the interface method may not
    /// change: not a WCF operation, not in this solution, implemented elsewhere too, called somewhere, or its new shape
    /// would clash with another operation of the contract.</summary>
    private static async Task<ContractEdit?> ContractEditForAsync(
        IMethodSymbol operation,
        IMethodSymbol implementation,
        SignatureChange change,
        WcfOperations? wcf,
        Solution solution,
        CancellationToken cancellationToken)
    {
        if (wcf is null || !wcf.IsServiceContract(operation.ContainingType) || OperationContractOf(operation, wcf) is not { } contract)
        {
            return null;
        }

        if (operation.DeclaringSyntaxReferences.Length != 1
            || await operation.DeclaringSyntaxReferences[0].GetSyntaxAsync(cancellationToken).ConfigureAwait(false) is not MethodDeclarationSyntax declaration
            || solution.GetDocument(declaration.SyntaxTree) is not { } document)
        {
            return null;
        }

        if (CollidesWithAnotherOperation(operation, contract, wcf))
        {
            return null;
        }

        var implementations = await SymbolFinder.FindImplementationsAsync(operation, solution, cancellationToken: cancellationToken).ConfigureAwait(false);
        foreach (var other in implementations)
        {
            if (!SymbolEqualityComparer.Default.Equals(other.OriginalDefinition, implementation.OriginalDefinition))
            {
                return null;
            }
        }

        if (await IsReferencedAsync(operation, solution, cancellationToken).ConfigureAwait(false))
        {
            return null;
        }

        var keepName = WcfOperationNames.NeedsExplicitName(operation, contract);
        return new ContractEdit(
            document.Id,
            declaration,
            change,
            keepName ? await AttributeSyntaxAsync(contract, cancellationToken).ConfigureAwait(false) : null,
            keepName ? operation.Name : null);
    }

    private static AttributeData? OperationContractOf(IMethodSymbol method, WcfOperations wcf)
    {
        foreach (var attribute in method.GetAttributes())
        {
            if (attribute.AttributeClass is { } attributeClass && wcf.IsOperationContractAttribute(attributeClass))
            {
                return attribute;
            }
        }

        return null;
    }

    private static async Task<AttributeSyntax?> AttributeSyntaxAsync(AttributeData attribute, CancellationToken cancellationToken)
        => attribute.ApplicationSyntaxReference is { } reference
            ? await reference.GetSyntaxAsync(cancellationToken).ConfigureAwait(false) as AttributeSyntax
            : null;

    /// <summary>
    /// A sync operation may be paired with a Task-returning "XAsync" method of the same operation name; once the sync
    /// one returns a Task too, the contract would declare the operation twice.
    /// </summary>
    private static bool CollidesWithAnotherOperation(IMethodSymbol operation, AttributeData contract, WcfOperations wcf)
    {
        var name = WcfOperationNames.OperationName(operation, contract, returnsTask: false);
        var contractType = operation.ContainingType;
        return HasOperationNamed(contractType, name, operation, wcf) || HasInheritedOperationNamed(contractType, name, operation, wcf);
    }

    private static bool HasInheritedOperationNamed(INamedTypeSymbol contractType, string name, IMethodSymbol except, WcfOperations wcf)
    {
        foreach (var inherited in contractType.AllInterfaces)
        {
            if (HasOperationNamed(inherited, name, except, wcf))
            {
                return true;
            }
        }

        return false;
    }

    private static bool HasOperationNamed(INamedTypeSymbol type, string name, IMethodSymbol except, WcfOperations wcf)
    {
        foreach (var member in type.GetMembers())
        {
            if (member is IMethodSymbol other
                && !SymbolEqualityComparer.Default.Equals(other, except)
                && OperationContractOf(other, wcf) is { } otherContract
                && WcfOperationNames.OperationName(other, otherContract, IsAwaitable(other.ReturnType)) == name)
            {
                return true;
            }
        }

        return false;
    }

    private static async Task<bool> IsReferencedAsync(ISymbol symbol, Solution solution, CancellationToken cancellationToken)
    {
        var references = await SymbolFinder.FindReferencesAsync(symbol, solution, cancellationToken).ConfigureAwait(false);
        foreach (var referenced in references)
        {
            foreach (var location in referenced.Locations)
            {
                if (!location.IsImplicit)
                {
                    return true;
                }
            }
        }

        return false;
    }
}
