using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Blocking;

/// <summary>
/// Precision for BURST002: reading a task's result does not block when the task is already complete on that path —
/// Task.FromResult, Task.CompletedTask, a ValueTask made from a value, a local awaited (directly, through an awaited
/// Task.WhenAll, or by Wait() or Task.WaitAll() without a timeout, which return only once it is complete) in an earlier
/// straight-line statement, or inside <c>if (t.IsCompleted)</c> /
/// <c>IsCompletedSuccessfully</c>, or after <c>if (!t.IsCompleted) return;</c> or <c>if (!t.IsCompleted) { await t; }</c>,
/// or the antecedent a ContinueWith
/// continuation is given (it runs only once that task has finished). And the elements of a collection of tasks: in
/// <c>foreach (var t in tasks)</c>, <c>tasks[i]</c> or a LINQ lambda over <c>tasks</c> after an earlier
/// <c>await Task.WhenAll(tasks)</c> or <c>Task.WaitAll(tasks)</c> (a local array or list — a lazy <c>IEnumerable</c>
/// would make new tasks — that nothing changes after it, or a copy of one), and the elements a LINQ <c>Where</c> kept
/// by a completion check (<c>tasks.Where(t =&gt; t.IsCompletedSuccessfully).Select(t =&gt; t.Result)</c>). Completion checks are
/// IsCompleted, IsCompletedSuccessfully, IsFaulted, IsCanceled and <c>Status == TaskStatus.RanToCompletion</c> (or
/// Faulted, Canceled). Only runs for calls already found in a handler, so its walks stay off the hot path.
/// </summary>
internal static class CompletedTasks
{
    public static bool IsKnownComplete(IOperation? task, IOperation use, CoreLibraryTypes types)
    {
        task = IOperationExtensions.Unwrap(task);
        switch (task)
        {
            case IInvocationOperation { TargetMethod: { IsStatic: true, Name: "FromResult" or "FromException" or "FromCanceled" } method }
                when CoreLibraryTypes.Is(method.ContainingType, types.Task) || CoreLibraryTypes.Is(method.ContainingType, types.ValueTask):
                return true;
            case IPropertyReferenceOperation { Property: { IsStatic: true, Name: "CompletedTask" } property }
                when CoreLibraryTypes.Is(property.ContainingType, types.Task) || CoreLibraryTypes.Is(property.ContainingType, types.ValueTask):
                return true;
            case IObjectCreationOperation { Arguments.Length: 1 } creation
                when CoreLibraryTypes.Is(creation.Type, types.ValueTaskOfT) && !IsTask(creation.Arguments[0].Value.Type, types):
                return true;
            case IDefaultValueOperation defaultValue when CoreLibraryTypes.Is(defaultValue.Type, types.ValueTask) || CoreLibraryTypes.Is(defaultValue.Type, types.ValueTaskOfT):
                return true;
            case ILocalReferenceOperation local:
                return IsCompletedBefore(local.Local, use, types) || TaskCollections.IsIterationOverCompleted(local, types);
            case IParameterReferenceOperation parameter:
                return IsContinuationAntecedent(parameter.Parameter, types) || IsCompletedBefore(parameter.Parameter, use, types)
                    || TaskCollections.IsLambdaOverCompleted(parameter.Parameter, use, types);
            case IArrayElementReferenceOperation element:
                return TaskCollections.HoldsCompletedOnly(element.ArrayReference, types);
            case IPropertyReferenceOperation { Property.IsIndexer: true, Instance: { } collection }:
                return TaskCollections.HoldsCompletedOnly(collection, types);
            default:
                return false;
        }
    }

    /// <summary>t in task.ContinueWith(t =&gt; t.Result): the first parameter of a lambda given to Task.ContinueWith.</summary>
    private static bool IsContinuationAntecedent(IParameterSymbol parameter, CoreLibraryTypes types)
    {
        if (parameter.Ordinal != 0
            || parameter.ContainingSymbol is not IMethodSymbol { MethodKind: MethodKind.AnonymousFunction } lambda
            || lambda.DeclaringSyntaxReferences.Length != 1)
        {
            return false;
        }

        // The lambda's syntax is an argument of the ContinueWith call: ((argument) argumentList) invocation.
        var syntax = lambda.DeclaringSyntaxReferences[0].GetSyntax();
        for (var node = syntax.Parent; node is not null; node = node.Parent)
        {
            if (node is Microsoft.CodeAnalysis.CSharp.Syntax.InvocationExpressionSyntax
                {
                    Expression: Microsoft.CodeAnalysis.CSharp.Syntax.MemberAccessExpressionSyntax { Name.Identifier.ValueText: "ContinueWith" },
                })
            {
                return CoreLibraryTypes.Is(parameter.Type, types.Task) || CoreLibraryTypes.Is(parameter.Type, types.TaskOfT);
            }

            if (node is not (Microsoft.CodeAnalysis.CSharp.Syntax.ArgumentSyntax or Microsoft.CodeAnalysis.CSharp.Syntax.ArgumentListSyntax
                or Microsoft.CodeAnalysis.CSharp.Syntax.CastExpressionSyntax or Microsoft.CodeAnalysis.CSharp.Syntax.ParenthesizedExpressionSyntax))
            {
                return false;
            }
        }

        return false;
    }

    internal static bool IsCompletedBefore(ISymbol task, IOperation use, CoreLibraryTypes types)
    {
        for (IOperation? child = use, parent = use.Parent; parent is not null; child = parent, parent = parent.Parent)
        {
            if (parent is IAnonymousFunctionOperation or ILocalFunctionOperation)
            {
                return false;
            }

            if (parent is IConditionalOperation conditional && conditional.WhenTrue == child && TestsCompleted(conditional.Condition, task, expected: true, types))
            {
                return true;
            }

            if (parent is IBlockOperation block && AnEarlierStatementCompletes(block, child, task, types))
            {
                return true;
            }
        }

        return false;
    }

    private static bool AnEarlierStatementCompletes(IBlockOperation block, IOperation current, ISymbol task, CoreLibraryTypes types)
    {
        foreach (var statement in block.Operations)
        {
            if (statement == current)
            {
                return false;
            }

            if (IsEarlyExitUnlessCompleted(statement, task, types) || IsCompletedUnlessCompleted(statement, task, types) || CompletesInStraightLine(statement, task, types))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary><c>if (!t.IsCompleted) return/throw;</c></summary>
    private static bool IsEarlyExitUnlessCompleted(IOperation statement, ISymbol task, CoreLibraryTypes types)
        => statement is IConditionalOperation { WhenFalse: null } guard
            && TestsCompleted(guard.Condition, task, expected: false, types)
            && AlwaysExits(guard.WhenTrue);

    /// <summary><c>if (!t.IsCompleted) { ... await t; }</c>: complete after the if, whichever way it went.</summary>
    private static bool IsCompletedUnlessCompleted(IOperation statement, ISymbol task, CoreLibraryTypes types)
        => statement is IConditionalOperation { WhenFalse: null } guard
            && TestsCompleted(guard.Condition, task, expected: false, types)
            && (guard.WhenTrue is IBlockOperation body
                ? AnEarlierStatementCompletesAll(body, task, types)
                : CompletesInStraightLine(guard.WhenTrue, task, types));

    private static bool AnEarlierStatementCompletesAll(IBlockOperation body, ISymbol task, CoreLibraryTypes types)
    {
        foreach (var statement in body.Operations)
        {
            if (CompletesInStraightLine(statement, task, types))
            {
                return true;
            }
        }

        return false;
    }

    private static bool AlwaysExits(IOperation operation) => operation switch
    {
        IReturnOperation or IThrowOperation => true,
        IBranchOperation => true,
        IExpressionStatementOperation { Operation: IThrowOperation } => true,
        IBlockOperation block => block.Operations.Length > 0 && AlwaysExits(block.Operations[block.Operations.Length - 1]),
        _ => false,
    };

    internal static bool TestsCompleted(IOperation condition, ISymbol task, bool expected, CoreLibraryTypes types)
    {
        condition = IOperationExtensions.Unwrap(condition)!;
        switch (condition)
        {
            case IPropertyReferenceOperation { Property.Name: "IsCompleted" or "IsCompletedSuccessfully" or "IsFaulted" or "IsCanceled" } property:
                return expected && Refers(property.Instance, task);
            case IBinaryOperation { OperatorKind: BinaryOperatorKind.Equals or BinaryOperatorKind.NotEquals } comparison:
                // t.Status == TaskStatus.RanToCompletion (or Faulted, Canceled): a final state; != tests the opposite.
                return (comparison.OperatorKind == BinaryOperatorKind.Equals) == expected
                    && (IsFinalStatus(comparison.LeftOperand, comparison.RightOperand, task, types) || IsFinalStatus(comparison.RightOperand, comparison.LeftOperand, task, types));
            case IUnaryOperation { OperatorKind: UnaryOperatorKind.Not } negation:
                return TestsCompleted(negation.Operand, task, !expected, types);
            case IBinaryOperation { OperatorKind: BinaryOperatorKind.ConditionalAnd } both when expected:
                return TestsCompleted(both.LeftOperand, task, true, types) || TestsCompleted(both.RightOperand, task, true, types);
            case IBinaryOperation { OperatorKind: BinaryOperatorKind.ConditionalOr } either when !expected:
                return TestsCompleted(either.LeftOperand, task, false, types) || TestsCompleted(either.RightOperand, task, false, types);
            default:
                return false;
        }
    }

    private static bool IsFinalStatus(IOperation status, IOperation value, ISymbol task, CoreLibraryTypes types)
        => IOperationExtensions.Unwrap(status) is IPropertyReferenceOperation { Property.Name: "Status" } property
            && Refers(property.Instance, task)
            && IOperationExtensions.Unwrap(value) is IFieldReferenceOperation { Field: { Name: "RanToCompletion" or "Faulted" or "Canceled" } field }
            && CoreLibraryTypes.Is(field.ContainingType, types.TaskStatus);

    /// <summary>An await of the task (or of Task.WhenAll over it), or t.Wait() or Task.WaitAll over it without a
    /// timeout, that the statement always executes.</summary>
    internal static bool CompletesInStraightLine(IOperation statement, ISymbol task, CoreLibraryTypes types)
    {
        foreach (var operation in statement.DescendantsAndSelf())
        {
            var completes = operation switch
            {
                IAwaitOperation awaited => AwaitsTask(awaited.Operation, task, types),
                IInvocationOperation { TargetMethod: { Name: "Wait", IsStatic: false } wait } invocation
                    => CoreLibraryTypes.Is(wait.ContainingType, types.Task) && !HasTimeout(invocation) && Refers(invocation.Instance, task),
                IInvocationOperation { TargetMethod: { Name: "WaitAll", IsStatic: true } waitAll } invocation
                    => CoreLibraryTypes.Is(waitAll.ContainingType, types.Task) && !HasTimeout(invocation) && IsGiven(invocation, task),
                _ => false,
            };

            if (completes && IsStraightLine(operation, statement))
            {
                return true;
            }
        }

        return false;
    }

    private static bool AwaitsTask(IOperation awaited, ISymbol task, CoreLibraryTypes types)
    {
        awaited = IOperationExtensions.Unwrap(awaited)!;
        if (awaited is IInvocationOperation { TargetMethod.Name: "ConfigureAwait" } configure)
        {
            awaited = IOperationExtensions.Unwrap(configure.Instance)!;
        }

        if (Refers(awaited, task))
        {
            return true;
        }

        return awaited is IInvocationOperation { TargetMethod: { Name: "WhenAll", IsStatic: true } whenAll } call
            && CoreLibraryTypes.Is(whenAll.ContainingType, types.Task)
            && IsGiven(call, task);
    }

    /// <summary>The task among the arguments of Task.WhenAll or WaitAll (alone, in an array, in a list...); not one named
    /// only in a lambda there, which may never run (<c>ids.Select(id =&gt; t.ContinueWith(...))</c> over no ids).</summary>
    private static bool IsGiven(IInvocationOperation call, ISymbol task)
    {
        foreach (var argument in call.Arguments)
        {
            foreach (var element in argument.Value.DescendantsAndSelf())
            {
                if (element is ILocalReferenceOperation or IParameterReferenceOperation && Refers(element, task) && !IsInLambda(element, argument))
                {
                    return true;
                }
            }
        }

        return false;
    }

    private static bool IsInLambda(IOperation operation, IOperation root)
    {
        for (var current = operation.Parent; current is not null && current != root; current = current.Parent)
        {
            if (current is IAnonymousFunctionOperation or ILocalFunctionOperation)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>No branch, loop, handler or lambda between the operation and its statement: it runs whenever the statement does.</summary>
    internal static bool IsStraightLine(IOperation operation, IOperation statement)
    {
        for (var current = operation; current is not null && current != statement; current = current.Parent)
        {
            if (current.Parent is IConditionalOperation conditional && conditional.Condition != current
                || current.Parent is ILoopOperation or ISwitchOperation or ITryOperation or ICatchClauseOperation
                || current.Parent is IAnonymousFunctionOperation or ILocalFunctionOperation
                || current.Parent is IConditionalAccessOperation access && access.WhenNotNull == current
                || current.Parent is ICoalesceOperation coalesce && coalesce.WhenNull == current
                || current.Parent is IBinaryOperation { OperatorKind: BinaryOperatorKind.ConditionalAnd or BinaryOperatorKind.ConditionalOr } binary && binary.RightOperand == current)
            {
                return false;
            }
        }

        return true;
    }

    internal static bool HasTimeout(IInvocationOperation wait)
    {
        foreach (var argument in wait.Arguments)
        {
            if (argument.Parameter is { } parameter && ZeroTimeout.IsTimeoutParameter(parameter))
            {
                return true;
            }
        }

        return false;
    }

    internal static bool Refers(IOperation? operation, ISymbol task) => IOperationExtensions.Unwrap(operation) switch
    {
        ILocalReferenceOperation local => SymbolEqualityComparer.Default.Equals(local.Local, task),
        IParameterReferenceOperation parameter => SymbolEqualityComparer.Default.Equals(parameter.Parameter, task),
        _ => false,
    };

    /// <summary>new ValueTask&lt;T&gt;(task) wraps a Task (Task, Task&lt;T&gt; or a type derived from Task), which may be
    /// pending; any other argument is the result itself. Not <see cref="CoreLibraryTypes.IsTaskLike"/>: that constructor
    /// takes a Task, never a ValueTask.</summary>
    private static bool IsTask(ITypeSymbol? type, CoreLibraryTypes types)
        => type is not null && (CoreLibraryTypes.Is(type, types.Task) || CoreLibraryTypes.Is(type, types.TaskOfT) || CoreLibraryTypes.Is(type.BaseType, types.Task));
}
