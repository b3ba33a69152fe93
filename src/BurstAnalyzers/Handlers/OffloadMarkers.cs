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

    /// <summary>
    /// app.MapGet(...).WithName(...).OffloadBlocking(): any call chained on the registration's result; or a route group
    /// offloaded as a whole, whose conventions apply to every endpoint mapped on it (see <see cref="IsOffloadedGroup"/>).
    /// </summary>
    private bool IsOffloadedEndpoint(IInvocationOperation registration)
    {
        IOperation current = registration;
        while (current.Parent is IArgumentOperation { Parent: IInvocationOperation chained } argument
               && argument.Parameter is { Ordinal: 0 }
               && (chained.TargetMethod.ReducedFrom ?? chained.TargetMethod).IsExtensionMethod)
        {
            if (MarksOffloaded(chained))
            {
                return true;
            }

            current = chained;
        }

        return IsOffloadedGroup(Receiver(registration), registration, depth: 0);
    }

    private bool MarksOffloaded(IInvocationOperation call)
        => call.TargetMethod.Name == "OffloadBlocking" || (call.TargetMethod.Name == "WithMetadata" && CreatesAttribute(call));

    /// <summary>
    /// Whether the route builder an endpoint is mapped on is an offloaded group: a chain that marks it
    /// (app.MapGroup("/legacy").OffloadBlocking()), a group made from one (legacy.MapGroup("/v1")), or a local of the
    /// same method holding one, or marked by a call on it (legacy.OffloadBlocking();). A group passed in from elsewhere
    /// (a parameter, a field) is not followed.
    /// </summary>
    private bool IsOffloadedGroup(IOperation? builder, IOperation site, int depth)
    {
        // Groups of groups are a handful deep; the bound keeps a local assigned from itself from looping.
        if (builder is null || depth > 8)
        {
            return false;
        }

        builder = Unwrap(builder);
        if (builder is IInvocationOperation call)
        {
            return MarksOffloaded(call) || IsOffloadedGroup(Receiver(call), site, depth + 1);
        }

        if (builder is not ILocalReferenceOperation { Local: var local })
        {
            return false;
        }

        var root = site;
        while (root.Parent is { } parent)
        {
            root = parent;
        }

        foreach (var operation in root.Descendants())
        {
            switch (operation)
            {
                case IVariableDeclaratorOperation declarator when SymbolEqualityComparer.Default.Equals(declarator.Symbol, local):
                    if (IsOffloadedGroup(declarator.GetVariableInitializer()?.Value, site, depth + 1))
                    {
                        return true;
                    }

                    break;
                case ISimpleAssignmentOperation { Target: ILocalReferenceOperation target } assignment when SymbolEqualityComparer.Default.Equals(target.Local, local):
                    if (IsOffloadedGroup(assignment.Value, site, depth + 1))
                    {
                        return true;
                    }

                    break;
                case IInvocationOperation marking when MarksOffloaded(marking)
                    && Receiver(marking) is { } receiver
                    && Unwrap(receiver) is ILocalReferenceOperation marked
                    && SymbolEqualityComparer.Default.Equals(marked.Local, local):
                    return true;
            }
        }

        return false;
    }

    /// <summary>What a call is made on: its instance, or an extension method's first argument.</summary>
    private static IOperation? Receiver(IInvocationOperation call)
        => call.Instance ?? (call.Arguments.Length > 0 && (call.TargetMethod.ReducedFrom ?? call.TargetMethod).IsExtensionMethod ? call.Arguments[0].Value : null);

    private static IOperation Unwrap(IOperation operation)
    {
        while (operation is IConversionOperation conversion)
        {
            operation = conversion.Operand;
        }

        return operation;
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
