using System.Collections.Generic;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Blocking;

/// <summary>
/// BURST002: synchronous waits on tasks — Task.Wait, Task&lt;T&gt;.Result, ValueTask&lt;T&gt;.Result,
/// GetAwaiter().GetResult() on Task/ValueTask (ConfigureAwait awaiters too), Task.WaitAll, Task.WaitAny — except on a
/// task already complete on that path (see <see cref="CompletedTasks"/>) and zero-timeout tries.
/// </summary>
internal sealed class TaskWaits
{
    private const string AwaitTheTask = "await the task";

    private readonly CoreLibraryTypes _types;
    private readonly HashSet<INamedTypeSymbol> _awaiters = new(SymbolEqualityComparer.Default);

    public TaskWaits(Compilation compilation, CoreLibraryTypes types)
    {
        _types = types;
        var wellKnown = WellKnownTypes.For(compilation);
        foreach (var name in new[]
        {
            "System.Runtime.CompilerServices.TaskAwaiter",
            "System.Runtime.CompilerServices.TaskAwaiter`1",
            "System.Runtime.CompilerServices.ValueTaskAwaiter",
            "System.Runtime.CompilerServices.ValueTaskAwaiter`1",
            "System.Runtime.CompilerServices.ConfiguredTaskAwaitable+ConfiguredTaskAwaiter",
            "System.Runtime.CompilerServices.ConfiguredTaskAwaitable`1+ConfiguredTaskAwaiter",
            "System.Runtime.CompilerServices.ConfiguredValueTaskAwaitable+ConfiguredValueTaskAwaiter",
            "System.Runtime.CompilerServices.ConfiguredValueTaskAwaitable`1+ConfiguredValueTaskAwaiter",
        })
        {
            if (wellKnown.Get(name) is { } awaiter)
            {
                _awaiters.Add(awaiter);
            }
        }
    }

    /// <summary>Every method name <see cref="Match(IInvocationOperation)"/> accepts (for <see cref="BlockingCatalog"/>'s name filter).</summary>
    public static readonly string[] Names =
    {
        "GetResult",

        // Stryker disable String : PrimitiveWaits lists these too, and the catalogue's filter is the union of the lists
        "Wait", "WaitAll", "WaitAny",

        // Stryker restore String
    };

    public BlockingCall? Match(IInvocationOperation invocation)
    {
        var target = invocation.TargetMethod;
        switch (target.Name)
        {
            case "Wait" when !target.IsStatic && CoreLibraryTypes.Is(target.ContainingType, _types.Task):
                return ZeroTimeout.IsTry(invocation, _types) ? null : Call(invocation, "Task.Wait", AwaitTheTask, invocation.Instance);
            case "WaitAll" when target.IsStatic && CoreLibraryTypes.Is(target.ContainingType, _types.Task):
                return ZeroTimeout.IsTry(invocation, _types) ? null : new BlockingCall(RuleDescriptors.TaskWait, invocation, "Task.WaitAll", "await 'Task.WhenAll'");
            case "WaitAny" when target.IsStatic && CoreLibraryTypes.Is(target.ContainingType, _types.Task):
                return ZeroTimeout.IsTry(invocation, _types) ? null : new BlockingCall(RuleDescriptors.TaskWait, invocation, "Task.WaitAny", "await 'Task.WhenAny'");
            case "GetResult" when !target.IsStatic && target.ContainingType is { } awaiter && _awaiters.Contains(awaiter.OriginalDefinition):
                return Call(invocation, "GetAwaiter().GetResult()", AwaitTheTask, AwaitedTask(invocation.Instance));
            default:
                return null;
        }
    }

    public BlockingCall? Match(IPropertyReferenceOperation reference)
    {
        var property = reference.Property;
        // Stryker disable once Logical : Task<T> and ValueTask<T> have no instance property but Result, and no static one named so
        if (property.Name != "Result" || property.IsStatic)
        {
            return null;
        }

        var type = property.ContainingType;
        if (CoreLibraryTypes.Is(type, _types.TaskOfT))
        {
            return Call(reference, "Task.Result", AwaitTheTask, reference.Instance);
        }

        return CoreLibraryTypes.Is(type, _types.ValueTaskOfT) ? Call(reference, "ValueTask.Result", AwaitTheTask, reference.Instance) : null;
    }

    private BlockingCall? Call(IOperation operation, string call, string instead, IOperation? task)
        => CompletedTasks.IsKnownComplete(task, operation, _types) ? null : new BlockingCall(RuleDescriptors.TaskWait, operation, call, instead);

    /// <summary>t in t.GetAwaiter() and t.ConfigureAwait(false).GetAwaiter().</summary>
    private static IOperation? AwaitedTask(IOperation? awaiterSource)
    {
        if (IOperationExtensions.Unwrap(awaiterSource) is IInvocationOperation { TargetMethod.Name: "GetAwaiter" } getAwaiter)
        {
            var source = IOperationExtensions.Unwrap(getAwaiter.Instance);
            return source is IInvocationOperation { TargetMethod.Name: "ConfigureAwait" } configure ? configure.Instance : source;
        }

        return null;
    }
}
