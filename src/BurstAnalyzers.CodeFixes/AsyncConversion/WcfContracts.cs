using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Blocking;
using BurstAnalyzers.Handlers;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>Keeping a WCF contract in step with an implementation that becomes async.</summary>
internal static class WcfContracts
{
    /// <summary>The edit that keeps an implemented [OperationContract] in step, or null when the interface method may not
    /// change: not a WCF operation, not in this solution, implemented elsewhere too, its new shape would clash with
    /// another operation of the contract, it is one way (<see cref="IsOneWay"/>), or keeping its name for WCF would rename
    /// it on SoapCore. (Its callers are awaited by the caller cascade.)</summary>
    public static async Task<ContractEdit?> EditForAsync(
        IMethodSymbol operation,
        IMethodSymbol implementation,
        SignatureChange change,
        WcfOperations wcf,
        CoreLibraryTypes types,
        Solution solution,
        CancellationToken cancellationToken)
    {
        if (!wcf.IsServiceContract(operation.ContainingType) || OperationContractOf(operation, wcf) is not { } contract)
        {
            return null;
        }

        if (operation.DeclaringSyntaxReferences.Length != 1
            || await operation.DeclaringSyntaxReferences[0].GetSyntaxAsync(cancellationToken).ConfigureAwait(false) is not MethodDeclarationSyntax declaration
            || solution.GetDocument(declaration.SyntaxTree) is not { } document
            || IsOneWay(contract)
            || CollidesWithAnotherOperation(operation, contract, wcf, types))
        {
            return null;
        }

        if (!await InterfaceContracts.IsOnlyImplementationAsync(operation, implementation, solution, cancellationToken).ConfigureAwait(false))
        {
            return null;
        }

        var keepName = WcfOperationNames.NeedsExplicitName(operation, contract);
        if (keepName && !WcfOperationNames.ExplicitNameKeepsSoapCoreName(operation, contract))
        {
            return null; // the Name that keeps WCF's contract would change SoapCore's
        }

        return new ContractEdit(
            document.Id,
            declaration,
            change,
            keepName ? await AttributeSyntaxAsync(contract, cancellationToken).ConfigureAwait(false) : null,
            keepName ? operation.Name : null);
    }

    /// <summary>
    /// <c>[OperationContract(IsOneWay = true)]</c>: the client returns once the message is sent and the service's
    /// reply is never awaited. Whether a Task-returning one-way operation keeps that contract and that client behaviour
    /// on WCF and SoapCore is not shown by the wire-contract tests, so the fix is not offered there; offload is.
    /// </summary>
    public static bool IsOneWay(AttributeData contract)
    {
        foreach (var argument in contract.NamedArguments)
        {
            if (argument.Key == "IsOneWay" && argument.Value.Value is true)
            {
                return true;
            }
        }

        return false;
    }

    public static AttributeData? OperationContractOf(IMethodSymbol method, WcfOperations wcf)
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

    public static async Task<AttributeSyntax?> AttributeSyntaxAsync(AttributeData attribute, CancellationToken cancellationToken)
        => attribute.ApplicationSyntaxReference is { } reference
            ? await reference.GetSyntaxAsync(cancellationToken).ConfigureAwait(false) as AttributeSyntax
            : null;

    /// <summary>
    /// A sync operation may be paired with a Task-returning "XAsync" method of the same operation name; once the sync
    /// one returns a Task too, the contract would declare the operation twice.
    /// </summary>
    public static bool CollidesWithAnotherOperation(IMethodSymbol operation, AttributeData contract, WcfOperations wcf, CoreLibraryTypes types)
    {
        var name = WcfOperationNames.OperationName(operation, contract, returnsTask: false);
        var contractType = operation.ContainingType;
        if (HasOperationNamed(contractType, name, operation, wcf, types))
        {
            return true;
        }

        foreach (var inherited in contractType.AllInterfaces)
        {
            if (HasOperationNamed(inherited, name, operation, wcf, types))
            {
                return true;
            }
        }

        return false;
    }

    private static bool HasOperationNamed(INamedTypeSymbol type, string name, IMethodSymbol except, WcfOperations wcf, CoreLibraryTypes types)
    {
        foreach (var member in type.GetMembers())
        {
            if (member is IMethodSymbol other
                && !SymbolEqualityComparer.Default.Equals(other, except)
                && OperationContractOf(other, wcf) is { } otherContract
                && WcfOperationNames.OperationName(other, otherContract, types.IsTaskLike(other.ReturnType)) == name)
            {
                return true;
            }
        }

        return false;
    }
}
