using System;
using System.Collections.Generic;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Blocking;

/// <summary>
/// <see cref="CompletedTasks"/> for the elements of a collection of tasks. A collection is complete after an earlier
/// straight-line <c>await Task.WhenAll(tasks)</c> or <c>Task.WaitAll(tasks)</c> (no timeout) when it is a local or
/// parameter of a concrete type (an array or a list: a lazy <c>IEnumerable</c> would start new tasks when enumerated
/// again) and nothing after it can change it: no assignment, no mutating call (<c>Add</c>, <c>Insert</c>,
/// <c>tasks[0] = …</c>), no passing it anywhere but to LINQ or Task.WhenAll/WhenAny/WaitAll/WaitAny, no alias. So is a
/// local initialized with a copy of a complete collection (<c>var copy = tasks.ToArray();</c>) that nothing changes
/// after. Their elements are then complete in <c>foreach</c>, indexing and the lambdas of LINQ calls over them, through
/// the operators that keep elements (Where, OrderBy, Take, ToList...) and List's ToArray. A LINQ <c>Where</c> whose
/// predicate checks completion keeps only completed tasks, awaited or not.
/// </summary>
internal static class TaskCollections
{
    // LINQ operators whose results are elements of their source.
    private static readonly HashSet<string> s_keepElements = new(StringComparer.Ordinal)
    {
        "Where", "OrderBy", "OrderByDescending", "ThenBy", "ThenByDescending", "Skip", "Take", "SkipWhile", "TakeWhile",
        "Distinct", "Reverse", "AsEnumerable", "ToList", "ToArray", "ToHashSet", "Cast", "OfType",
    };

    // Instance methods of arrays and lists that leave the collection as it is.
    private static readonly HashSet<string> s_readOnlyMethods = new(StringComparer.Ordinal)
    {
        "ToArray", "Contains", "IndexOf", "LastIndexOf", "Find", "FindAll", "FindIndex", "FindLast", "Exists", "TrueForAll",
        "ConvertAll", "ForEach", "GetRange", "GetEnumerator", "CopyTo", "GetLength", "GetValue",
    };

    /// <summary>t in <c>foreach (var t in tasks)</c> over a completed collection.</summary>
    public static bool IsIterationOverCompleted(ILocalReferenceOperation local, CoreLibraryTypes types)
    {
        for (var parent = local.Parent; parent is not null; parent = parent.Parent)
        {
            if (parent is IForEachLoopOperation loop && Contains(loop.Locals, local.Local))
            {
                return HoldsCompletedOnly(loop.Collection, types);
            }
        }

        return false;
    }

    /// <summary>t in <c>tasks.Select(t =&gt; t.Result)</c>: the first parameter of a lambda given to a LINQ call whose
    /// source holds completed tasks only.</summary>
    public static bool IsLambdaOverCompleted(IParameterSymbol parameter, IOperation use, CoreLibraryTypes types)
    {
        if (parameter.Ordinal != 0 || parameter.ContainingSymbol is not IMethodSymbol { MethodKind: MethodKind.AnonymousFunction } lambda)
        {
            return false;
        }

        for (var node = use.Parent; node is not null; node = node.Parent)
        {
            if (node is IAnonymousFunctionOperation function && SymbolEqualityComparer.Default.Equals(function.Symbol, lambda))
            {
                var argument = node.Parent is IDelegateCreationOperation creation ? creation.Parent : node.Parent;
                return argument is IArgumentOperation { Parent: IInvocationOperation call } given
                    && IsLinq(call.TargetMethod, types)
                    && call.Arguments.Length > 1
                    && call.Arguments[0] != given
                    && HoldsCompletedOnly(call.Arguments[0].Value, types);
            }
        }

        return false;
    }

    /// <summary>A local or parameter array or list awaited with Task.WhenAll (or waited for with WaitAll) in an earlier
    /// statement and unchanged since, or a local initialized with a copy of one and unchanged since.</summary>
    private static bool IsCompletedCollection(IOperation? collection, CoreLibraryTypes types)
    {
        ISymbol? symbol = IOperationExtensions.Unwrap(collection) switch
        {
            ILocalReferenceOperation local => local.Local,
            IParameterReferenceOperation parameter when parameter.Parameter.RefKind == RefKind.None => parameter.Parameter,
            _ => null,
        };
        var type = symbol switch
        {
            ILocalSymbol local => local.Type,
            IParameterSymbol parameter => parameter.Type,
            _ => null,
        };
        if (symbol is null || type is null || type.TypeKind is TypeKind.Interface or TypeKind.TypeParameter || (symbol is ILocalSymbol { IsRef: true }))
        {
            return false;
        }

        if (AwaitedBefore(symbol, collection!, types) is { } awaiting)
        {
            return !ChangedAfter(symbol, awaiting, types);
        }

        return symbol is ILocalSymbol copy && CopiedBefore(copy, collection!, types) is { } declaration && !ChangedAfter(copy, declaration, types);
    }

    /// <summary>A collection whose elements are all complete: a complete collection, an operator that keeps elements (or
    /// a copy: ToList, ToArray, List's ToArray) over one, or a Where that keeps completed tasks only.</summary>
    public static bool HoldsCompletedOnly(IOperation? source, CoreLibraryTypes types)
    {
        source = IOperationExtensions.Unwrap(source);
        if (source is IInvocationOperation call && IsLinq(call.TargetMethod, types) && call.Arguments.Length > 0)
        {
            if (call.TargetMethod.Name == "Where" && call.Arguments.Length == 2 && IsCompletionCheck(call.Arguments[1].Value, types))
            {
                return true;
            }

            return s_keepElements.Contains(call.TargetMethod.Name) && HoldsCompletedOnly(call.Arguments[0].Value, types);
        }

        if (source is IInvocationOperation { TargetMethod: { Name: "ToArray", IsStatic: false, Parameters.Length: 0 } toArray, Instance: { } list }
            && CoreLibraryTypes.Is(toArray.ContainingType, types.List))
        {
            return HoldsCompletedOnly(list, types);
        }

        return IsCompletedCollection(source, types);
    }

    /// <summary>The statement before the use, in the same flow, that declares the local with an initializer holding
    /// completed tasks only (<c>var copy = tasks.ToArray();</c>); null if none.</summary>
    private static IOperation? CopiedBefore(ILocalSymbol local, IOperation use, CoreLibraryTypes types)
    {
        for (IOperation? child = use, parent = use.Parent; parent is not null; child = parent, parent = parent.Parent)
        {
            if (parent is IAnonymousFunctionOperation or ILocalFunctionOperation)
            {
                return null;
            }

            if (parent is not IBlockOperation block)
            {
                continue;
            }

            foreach (var statement in block.Operations)
            {
                if (statement == child)
                {
                    break;
                }

                if (statement is IVariableDeclarationGroupOperation group && Initializer(group, local) is { } initializer)
                {
                    // The initializer lies before the use, so a copy of a copy looks further back each time.
                    return HoldsCompletedOnly(initializer, types) ? statement : null;
                }
            }
        }

        return null;
    }

    private static IOperation? Initializer(IVariableDeclarationGroupOperation group, ILocalSymbol local)
    {
        foreach (var declaration in group.Declarations)
        {
            foreach (var declarator in declaration.Declarators)
            {
                if (SymbolEqualityComparer.Default.Equals(declarator.Symbol, local))
                {
                    return declarator.Initializer?.Value ?? declaration.Initializer?.Value;
                }
            }
        }

        return null;
    }

    /// <summary><c>t =&gt; t.IsCompletedSuccessfully</c>, <c>t =&gt; t.Status == TaskStatus.RanToCompletion</c>...</summary>
    private static bool IsCompletionCheck(IOperation predicate, CoreLibraryTypes types)
        => IOperationExtensions.UnwrapDelegate(predicate) is IAnonymousFunctionOperation { Symbol.Parameters.Length: 1 } function
            && function.Body.Operations.Length == 1
            && function.Body.Operations[0] is IReturnOperation { ReturnedValue: { } returned }
            && CompletedTasks.TestsCompleted(returned, function.Symbol.Parameters[0], expected: true, types);

    private static IOperation? AwaitedBefore(ISymbol collection, IOperation use, CoreLibraryTypes types)
    {
        for (IOperation? child = use, parent = use.Parent; parent is not null; child = parent, parent = parent.Parent)
        {
            if (parent is IAnonymousFunctionOperation or ILocalFunctionOperation)
            {
                return null;
            }

            if (parent is IBlockOperation block)
            {
                foreach (var statement in block.Operations)
                {
                    if (statement == child)
                    {
                        break;
                    }

                    if (AwaitsWhenAll(statement, collection, types))
                    {
                        return statement;
                    }
                }
            }
        }

        return null;
    }

    /// <summary><c>await Task.WhenAll(tasks)</c> (ConfigureAwait allowed) or <c>Task.WaitAll(tasks)</c> without a
    /// timeout (with one it may return with tasks pending), always executed by the statement.</summary>
    private static bool AwaitsWhenAll(IOperation statement, ISymbol collection, CoreLibraryTypes types)
    {
        foreach (var operation in statement.DescendantsAndSelf())
        {
            IInvocationOperation? call;
            if (operation is IAwaitOperation awaited)
            {
                var value = IOperationExtensions.Unwrap(awaited.Operation);
                if (value is IInvocationOperation { TargetMethod.Name: "ConfigureAwait" } configure)
                {
                    value = IOperationExtensions.Unwrap(configure.Instance);
                }

                call = value is IInvocationOperation { TargetMethod.Name: "WhenAll", Arguments.Length: 1 } whenAll ? whenAll : null;
            }
            else
            {
                call = operation is IInvocationOperation { TargetMethod.Name: "WaitAll", Arguments.Length: > 0 } waitAll && !CompletedTasks.HasTimeout(waitAll) ? waitAll : null;
            }

            if (call is { TargetMethod.IsStatic: true }
                && CoreLibraryTypes.Is(call.TargetMethod.ContainingType, types.Task)
                && CompletedTasks.Refers(call.Arguments[0].Value, collection)
                && CompletedTasks.IsStraightLine(operation, statement))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>Any use after the awaiting (or copying) statement that may change the collection (in a loop, "after"
    /// covers the next iteration too: a change anywhere later in the function counts).</summary>
    private static bool ChangedAfter(ISymbol collection, IOperation awaiting, CoreLibraryTypes types)
    {
        var root = awaiting;
        while (root.Parent is not null)
        {
            root = root.Parent;
        }

        var end = awaiting.Syntax.Span.End;
        foreach (var operation in root.DescendantsAndSelf())
        {
            if (operation.Syntax.SpanStart >= end
                && operation is ILocalReferenceOperation or IParameterReferenceOperation
                && CompletedTasks.Refers(operation, collection)
                && MayChange(operation, types))
            {
                return true;
            }
        }

        return false;
    }

    private static bool MayChange(IOperation reference, CoreLibraryTypes types)
    {
        var child = reference;
        var parent = reference.Parent;
        while (parent is IConversionOperation)
        {
            child = parent;
            parent = parent.Parent;
        }

        switch (parent)
        {
            case IAssignmentOperation assignment:
                return assignment.Target == child;
            case IArrayElementReferenceOperation or IPropertyReferenceOperation { Property.IsIndexer: true }:
                return parent.Parent is IAssignmentOperation elementAssignment && elementAssignment.Target == parent;
            case IPropertyReferenceOperation:
            case IForEachLoopOperation:
            case IBinaryOperation:
            case IIsPatternOperation:
            case IIsTypeOperation:
                return false;
            case IInvocationOperation call when call.Instance == child:
                return !s_readOnlyMethods.Contains(call.TargetMethod.Name);
            case IArgumentOperation argument:
                return argument.Parameter?.RefKind is not RefKind.None and not null
                    || argument.Parent is not IInvocationOperation { TargetMethod: var method }
                    || !(IsLinq(method, types) || (method is { IsStatic: true, Name: "WhenAll" or "WhenAny" or "WaitAll" or "WaitAny" } && CoreLibraryTypes.Is(method.ContainingType, types.Task)));
            default:
                return true; // returned, stored, aliased, captured by ref: anything may change it later
        }
    }

    // Stryker disable once NullCoalescing : a reduced extension's containing type is its declaring class's
    private static bool IsLinq(IMethodSymbol method, CoreLibraryTypes types)
        => CoreLibraryTypes.Is((method.ReducedFrom ?? method).ContainingType, types.Enumerable);

    private static bool Contains(System.Collections.Immutable.ImmutableArray<ILocalSymbol> locals, ILocalSymbol local)
    {
        foreach (var candidate in locals)
        {
            if (SymbolEqualityComparer.Default.Equals(candidate, local))
            {
                return true;
            }
        }

        return false;
    }
}
