using System.Collections.Generic;
using System.Runtime.CompilerServices;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Handlers;

/// <summary>
/// Where [OffloadBlocking] of BurstAnalyzers.Offload is written: on the handler or a method it overrides, its class, a
/// WCF contract method it implements, or a minimal API endpoint (on the lambda, chained as .OffloadBlocking() /
/// .WithMetadata(new OffloadBlockingAttribute()), or on the route group it is mapped on). Whether the runtime acts on
/// it for that kind of handler is the handler model's to say. Matched by full name, so the analyzer needs no reference
/// to the runtime library.
/// </summary>
internal sealed class OffloadMarkers
{
    private readonly INamedTypeSymbol? _attribute;

    // Per operation tree the driver delivers (a method body, top-level statements): its locals holding an offloaded
    // route group, found in one pass and asked for by every endpoint mapped in it.
    private readonly ConditionalWeakTable<IOperation, HashSet<ILocalSymbol>> _groupsByTree = new();
    private readonly ConditionalWeakTable<IOperation, HashSet<ILocalSymbol>>.CreateValueCallback _findGroups;

    public OffloadMarkers(Compilation compilation)
    {
        _attribute = WellKnownTypes.For(compilation).Get(WellKnownTypeNames.OffloadBlockingAttribute);
        _findGroups = FindOffloadedGroups;
    }

    /// <summary>Whether the compilation can see the attribute at all (BurstAnalyzers.Offload, or a type of that name).</summary>
    public bool IsReferenced => _attribute is not null;

    /// <summary>
    /// On the method, a method it overrides, or its class or a base class: how MVC, Razor Pages and the hub filter
    /// read it (the attribute is inherited).
    /// </summary>
    public bool IsOffloaded(IMethodSymbol handler)
    {
        if (_attribute is null)
        {
            return false;
        }

        for (var method = handler; method is not null; method = method.OverriddenMethod)
        {
            if (method.Has(_attribute))
            {
                return true;
            }
        }

        return handler.ContainingType is { } type && IsOffloaded(type);
    }

    /// <summary>As <see cref="IsOffloaded(IMethodSymbol)"/>, or on the contract method it implements: the SoapCore invoker reads the contract too.</summary>
    public bool IsOffloadedOperation(IMethodSymbol operation)
    {
        if (_attribute is null)
        {
            return false;
        }

        if (IsOffloaded(operation))
        {
            return true;
        }

        foreach (var contract in operation.ExplicitInterfaceImplementations)
        {
            if (contract.Has(_attribute))
            {
                return true;
            }
        }

        if (operation.ContainingType is { } service)
        {
            foreach (var contractType in service.AllInterfaces)
            {
                foreach (var member in contractType.GetMembers(operation.Name))
                {
                    if (member.Has(_attribute) && SymbolEqualityComparer.Default.Equals(service.FindImplementationForInterfaceMember(member), operation))
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

    /// <summary>A minimal API endpoint's lambda; never inline middleware (app.Use, app.Run), which no filter wraps.</summary>
    public bool IsOffloaded(IAnonymousFunctionOperation lambda, IInvocationOperation registration)
        => _attribute is not null && !HandlerDelegates.IsMiddleware(registration.TargetMethod) && (lambda.Symbol.Has(_attribute) || IsOffloadedEndpoint(registration));

    public bool IsOffloaded(IMethodSymbol methodGroup, IInvocationOperation registration)
        => _attribute is not null && !HandlerDelegates.IsMiddleware(registration.TargetMethod) && (IsOffloaded(methodGroup) || IsOffloadedEndpoint(registration));

    /// <summary>
    /// app.MapGet(...).WithName(...).OffloadBlocking(): any call chained on the registration's result; or a route group
    /// offloaded as a whole, whose conventions apply to every endpoint mapped on it.
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

        // The common receiver, app (a parameter, or a top-level local never marked), is answered without the tree.
        var receiver = Receiver(registration);
        return receiver is not null && IsOffloadedGroup(receiver, OffloadedGroupsOf(registration));
    }

    private bool MarksOffloaded(IInvocationOperation call)
        => call.TargetMethod.Name == "OffloadBlocking" || (call.TargetMethod.Name == "WithMetadata" && CreatesAttribute(call));

    /// <summary>
    /// A route builder that is an offloaded group: a chain that marks it (app.MapGroup("/legacy").OffloadBlocking()), a
    /// group made from one (legacy.MapGroup("/v1")), or a local of <paramref name="offloadedLocals"/>.
    /// </summary>
    private bool IsOffloadedGroup(IOperation builder, HashSet<ILocalSymbol> offloadedLocals)
    {
        for (IOperation? current = Unwrap(builder); current is not null; current = Receiver(current) is { } next ? Unwrap(next) : null)
        {
            if (current is IInvocationOperation call && MarksOffloaded(call))
            {
                return true;
            }

            if (current is ILocalReferenceOperation local)
            {
                return offloadedLocals.Contains(local.Local);
            }
        }

        return false;
    }

    /// <summary>
    /// The locals of the registration's operation tree that hold an offloaded group: marked by a call on them
    /// (legacy.OffloadBlocking();), or whose every assigned value is an offloaded group (a local later given a plain
    /// group is not, wherever the endpoints are mapped: the analysis does not follow the order of statements). Found
    /// as the largest set that is consistent, so a group made from itself (g = g.MapGroup("/v2")) stays offloaded. A
    /// group held in a parameter or field is not followed.
    /// </summary>
    private HashSet<ILocalSymbol> OffloadedGroupsOf(IOperation site)
    {
        var root = site;
        while (root.Parent is { } parent)
        {
            root = parent;
        }

        return _groupsByTree.GetValue(root, _findGroups);
    }

    private HashSet<ILocalSymbol> FindOffloadedGroups(IOperation root)
    {
        var marked = new HashSet<ILocalSymbol>(SymbolEqualityComparer.Default);
        var values = new Dictionary<ILocalSymbol, List<IOperation>>(SymbolEqualityComparer.Default);
        foreach (var operation in root.Descendants())
        {
            switch (operation)
            {
                case IVariableDeclaratorOperation declarator when declarator.GetVariableInitializer() is { } initializer:
                    Add(values, declarator.Symbol, initializer.Value);
                    break;
                case ISimpleAssignmentOperation { Target: ILocalReferenceOperation target } assignment:
                    Add(values, target.Local, assignment.Value);
                    break;
                case IInvocationOperation call when MarksOffloaded(call) && Receiver(call) is { } receiver && Unwrap(receiver) is ILocalReferenceOperation local:
                    marked.Add(local.Local);
                    break;
            }
        }

        // Start from every local that could be one; drop those with a value that is not, until nothing changes.
        var offloaded = new HashSet<ILocalSymbol>(marked, SymbolEqualityComparer.Default);
        foreach (var local in values.Keys)
        {
            offloaded.Add(local);
        }

        bool changed = true;
        while (changed)
        {
            changed = false;
            foreach (var entry in values)
            {
                if (!marked.Contains(entry.Key) && offloaded.Contains(entry.Key) && !AllOffloaded(entry.Value, offloaded))
                {
                    offloaded.Remove(entry.Key);
                    changed = true;
                }
            }
        }

        return offloaded;
    }

    private bool AllOffloaded(List<IOperation> values, HashSet<ILocalSymbol> offloaded)
    {
        foreach (var value in values)
        {
            if (!IsOffloadedGroup(value, offloaded))
            {
                return false;
            }
        }

        return true;
    }

    private static void Add(Dictionary<ILocalSymbol, List<IOperation>> values, ILocalSymbol local, IOperation value)
    {
        if (!values.TryGetValue(local, out var list))
        {
            list = new List<IOperation>(1);
            values[local] = list;
        }

        list.Add(value);
    }

    /// <summary>What a call is made on: its instance, or an extension method's first argument.</summary>
    private static IOperation? Receiver(IOperation operation)
        => operation is not IInvocationOperation call ? null
            : call.Instance ?? (call.Arguments.Length > 0 && (call.TargetMethod.ReducedFrom ?? call.TargetMethod).IsExtensionMethod ? call.Arguments[0].Value : null);

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
