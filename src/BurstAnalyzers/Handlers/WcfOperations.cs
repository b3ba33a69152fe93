using System;
using System.Collections.Concurrent;
using System.Collections.Immutable;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// Recognises WCF and CoreWCF service operations: implementations of [OperationContract] methods of [ServiceContract]
/// interfaces (explicit implementations and inherited contracts included) and [OperationContract] methods declared on
/// a [ServiceContract] class, one-way and REST ([WebGet]/[WebInvoke]) operations included. Both attribute families
/// count, as CoreWCF accepts both.
/// </summary>
internal sealed class WcfOperations : IHandlerFramework
{
    private readonly HandlerFrameworkSymbols _symbols;
    private readonly ConcurrentDictionary<INamedTypeSymbol, ImmutableHashSet<IMethodSymbol>> _operationsByService =
        new(SymbolEqualityComparer.Default);
    private readonly Func<INamedTypeSymbol, ImmutableHashSet<IMethodSymbol>> _collect;

    public WcfOperations(HandlerFrameworkSymbols symbols)
    {
        _symbols = symbols;
        _collect = CollectOperations;
    }

    public bool IsPresent => _symbols.HasWcf;

    public bool IsHandler(IMethodSymbol method) => IsOperation(method);

    public string? DisplayName(IMethodSymbol method) => null;

    public string? RequestTokenOf(INamedTypeSymbol type) => null;

    public ISymbol? OffloadSite(IMethodSymbol method) => null;

    public bool IsOperation(IMethodSymbol method)
    {
        if (!_symbols.HasWcf || method.IsStatic)
        {
            return false;
        }

        if (method.MethodKind is not (MethodKind.Ordinary or MethodKind.ExplicitInterfaceImplementation))
        {
            return false;
        }

        if (method.ContainingType is not { TypeKind: TypeKind.Class or TypeKind.Struct } service)
        {
            return false;
        }

        return _operationsByService.GetOrAdd(service, _collect).Contains(method);
    }

    public bool IsServiceContract(INamedTypeSymbol type)
        => type.HasAny(_symbols.CoreWcfServiceContract, _symbols.ServiceModelServiceContract);

    /// <summary>[OperationContract], or a REST operation's [WebGet] / [WebInvoke], of either attribute family.</summary>
    public bool IsOperationContract(IMethodSymbol method)
        => method.HasAny(_symbols.CoreWcfOperationContract, _symbols.ServiceModelOperationContract)
            || method.HasAny(_symbols.CoreWcfWebGet, _symbols.CoreWcfWebInvoke)
            || method.HasAny(_symbols.ServiceModelWebGet, _symbols.ServiceModelWebInvoke);

    public bool IsOperationContractAttribute(INamedTypeSymbol attributeClass)
        => SymbolEqualityComparer.Default.Equals(attributeClass, _symbols.CoreWcfOperationContract)
            || SymbolEqualityComparer.Default.Equals(attributeClass, _symbols.ServiceModelOperationContract);

    private ImmutableHashSet<IMethodSymbol> CollectOperations(INamedTypeSymbol service)
    {
        // Asked once for every type with code in it; nearly all have no operation, and no set is built for those.
        ImmutableHashSet<IMethodSymbol>.Builder? operations = null;

        if (IsServiceContract(service))
        {
            foreach (var member in service.GetMembers())
            {
                if (member is IMethodSymbol method && IsOperationContract(method))
                {
                    (operations ??= ImmutableHashSet.CreateBuilder<IMethodSymbol>(SymbolEqualityComparer.Default)).Add(method);
                }
            }
        }

        foreach (var contract in service.AllInterfaces)
        {
            if (!IsServiceContract(contract))
            {
                continue;
            }

            foreach (var member in contract.GetMembers())
            {
                if (member is IMethodSymbol operation
                    && IsOperationContract(operation)
                    && service.FindImplementationForInterfaceMember(operation) is IMethodSymbol implementation
                    && SymbolEqualityComparer.Default.Equals(implementation.ContainingType, service))
                {
                    (operations ??= ImmutableHashSet.CreateBuilder<IMethodSymbol>(SymbolEqualityComparer.Default)).Add(implementation);
                }
            }
        }

        return operations?.ToImmutable() ?? ImmutableHashSet<IMethodSymbol>.Empty;
    }
}
