using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.FindSymbols;

namespace BurstAnalyzers.AsyncConversion;

/// <summary>
/// Keeping a plain (non-WCF) interface in step with its implementation, the shape of every service registered for
/// dependency injection: <c>IQuoteService.Latest</c> becomes <c>Task&lt;string&gt; Latest</c> with
/// <c>QuoteService.Latest</c>. Only where nothing else depends on the old shape: the interface is declared in this
/// solution, the method has no default body, the type has no variant type parameters (<c>Task&lt;T&gt;</c> is
/// invariant); its other implementations in the solution change in step (<see cref="InStepMembers"/>), or nothing does.
/// </summary>
internal static class InterfaceContracts
{
    /// <summary>The interface method's own change, where its declaration allows it (in this solution, no default body,
    /// no variance); its implementations are the caller's to change in step.</summary>
    public static async Task<ContractEdit?> DeclarationEditAsync(
        IMethodSymbol interfaceMethod,
        SignatureChange change,
        Solution solution,
        CancellationToken cancellationToken)
    {
        if (interfaceMethod.DeclaringSyntaxReferences.Length != 1
            || HasVariance(interfaceMethod.ContainingType)
            || await interfaceMethod.DeclaringSyntaxReferences[0].GetSyntaxAsync(cancellationToken).ConfigureAwait(false)
                is not MethodDeclarationSyntax { Body: null, ExpressionBody: null } declaration
            || solution.GetDocument(declaration.SyntaxTree) is not { } document)
        {
            return null;
        }

        return new ContractEdit(document.Id, declaration, change, OperationContract: null, NameToKeep: null);
    }

    /// <summary>Whether <paramref name="implementation"/> is the only implementation of the interface method in the
    /// solution: another one would keep the old shape and stop implementing it.</summary>
    public static async Task<bool> IsOnlyImplementationAsync(IMethodSymbol interfaceMethod, IMethodSymbol implementation, Solution solution, CancellationToken cancellationToken)
    {
        var implementations = await SymbolFinder.FindImplementationsAsync(interfaceMethod, solution, cancellationToken: cancellationToken).ConfigureAwait(false);
        foreach (var other in implementations)
        {
            if (!SymbolEqualityComparer.Default.Equals(other.OriginalDefinition, implementation.OriginalDefinition))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>
    /// Whether a class derived from the method's type implements an interface through the inherited method
    /// (<c>class Prices : PricesBase, IPrices { }</c>): the method's new signature would leave that interface unimplemented.
    /// An interface the method's own type implements with it does not count (<c>class PostRepository :
    /// Repository&lt;Post&gt;, IPostRepository</c> where <c>IPostRepository : IRepository&lt;Post&gt;</c>): its declaration is
    /// changed in step with the method, so every construction of it stays implemented.
    /// </summary>
    public static async Task<bool> ImplementsThroughDerivedTypeAsync(IMethodSymbol method, Solution solution, CancellationToken cancellationToken)
    {
        var type = method.ContainingType;
        if (method.IsStatic || type.IsSealed || type.IsStatic || type.TypeKind != TypeKind.Class)
        {
            return false;
        }

        var derived = await SymbolFinder.FindDerivedClassesAsync(type, solution, transitive: true, cancellationToken: cancellationToken).ConfigureAwait(false);
        foreach (var derivedType in derived)
        {
            foreach (var contract in derivedType.AllInterfaces)
            {
                foreach (var member in contract.GetMembers(method.Name))
                {
                    if (derivedType.FindImplementationForInterfaceMember(member) is IMethodSymbol implementation
                        && SymbolEqualityComparer.Default.Equals(implementation.OriginalDefinition, method.OriginalDefinition)
                        && !IsImplementedByOwnType(member, method))
                    {
                        return true;
                    }
                }
            }
        }

        return false;
    }

    private static bool IsImplementedByOwnType(ISymbol contractMember, IMethodSymbol method)
    {
        foreach (var contract in method.ContainingType.AllInterfaces)
        {
            foreach (var member in contract.GetMembers(method.Name))
            {
                if (SymbolEqualityComparer.Default.Equals(member.OriginalDefinition, contractMember.OriginalDefinition)
                    && SymbolEqualityComparer.Default.Equals(method.ContainingType.FindImplementationForInterfaceMember(member), method))
                {
                    return true;
                }
            }
        }

        return false;
    }

    private static bool HasVariance(INamedTypeSymbol type)
    {
        for (var current = type; current is not null; current = current.ContainingType)
        {
            foreach (var parameter in current.TypeParameters)
            {
                if (parameter.Variance != VarianceKind.None)
                {
                    return true;
                }
            }
        }

        return false;
    }
}
