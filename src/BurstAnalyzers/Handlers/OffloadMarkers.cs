using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// Where [OffloadBlocking] of BurstAnalyzers.Offload is written: on the handler, its class, a WCF contract method it
/// implements, or a minimal API endpoint (on the lambda, or chained as .OffloadBlocking() / .WithMetadata(new
/// OffloadBlockingAttribute())). Whether the runtime acts on it for that kind of handler is the handler model's to say.
/// Matched by full name, so the analyzer needs no reference to the runtime library.
/// </summary>
internal sealed class OffloadMarkers
{
    private readonly INamedTypeSymbol? _attribute;

    public OffloadMarkers(Compilation compilation) => _attribute = WellKnownTypes.For(compilation).Get(WellKnownTypeNames.OffloadBlockingAttribute);

    public bool IsOffloaded(IMethodSymbol handler)
    {
        if (_attribute is null)
        {
            return false;
        }

        if (handler.Has(_attribute) || (handler.ContainingType is { } type && IsOffloaded(type)))
        {
            return true;
        }

        foreach (var contract in handler.ExplicitInterfaceImplementations)
        {
            if (contract.Has(_attribute))
            {
                return true;
            }
        }

        if (handler.ContainingType is { } service)
        {
            foreach (var contractType in service.AllInterfaces)
            {
                foreach (var member in contractType.GetMembers(handler.Name))
                {
                    if (member.Has(_attribute) && SymbolEqualityComparer.Default.Equals(service.FindImplementationForInterfaceMember(member), handler))
                    {
                        return true;
                    }
                }
            }
        }

        return false;
    }

    /// <summary>[OffloadBlocking] on the class or a base class.</summary>
    public bool IsOffloaded(INamedTypeSymbol type) => _attribute is not null && type.HasInherited(_attribute);

    public bool IsOffloaded(IAnonymousFunctionOperation lambda, IInvocationOperation registration)
        => _attribute is not null && (lambda.Symbol.Has(_attribute) || IsOffloadedEndpoint(registration));

    public bool IsOffloaded(IMethodSymbol methodGroup, IInvocationOperation registration)
        => _attribute is not null && (IsOffloaded(methodGroup) || IsOffloadedEndpoint(registration));

    /// <summary>app.MapGet(...).WithName(...).OffloadBlocking(): any call chained on the registration's result.</summary>
    private bool IsOffloadedEndpoint(IInvocationOperation registration)
    {
        IOperation current = registration;
        while (current.Parent is IArgumentOperation { Parent: IInvocationOperation chained } argument
               && argument.Parameter is { Ordinal: 0 }
               && (chained.TargetMethod.ReducedFrom ?? chained.TargetMethod).IsExtensionMethod)
        {
            if (chained.TargetMethod.Name == "OffloadBlocking" || (chained.TargetMethod.Name == "WithMetadata" && CreatesAttribute(chained)))
            {
                return true;
            }

            current = chained;
        }

        return false;
    }

    private bool CreatesAttribute(IInvocationOperation withMetadata)
    {
        foreach (var argument in withMetadata.Arguments)
        {
            foreach (var value in argument.Value.DescendantsAndSelf())
            {
                if (value is IObjectCreationOperation creation && SymbolEqualityComparer.Default.Equals(creation.Type, _attribute))
                {
                    return true;
                }
            }
        }

        return false;
    }
}
