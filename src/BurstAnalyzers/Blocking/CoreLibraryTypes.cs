using System.Runtime.CompilerServices;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Blocking;

/// <summary>The core library types (tasks, threads, streams, spans…) the blocking catalogue and the fixes compare
/// against, resolved once per compilation through <see cref="WellKnownTypes"/>.</summary>
internal sealed class CoreLibraryTypes
{
    // Shared by the catalogue and the fixes: a Fix All asks at every call, function and caller.
    private static readonly ConditionalWeakTable<Compilation, CoreLibraryTypes> s_byCompilation = new();

    private CoreLibraryTypes(Compilation compilation)
    {
        var types = WellKnownTypes.For(compilation);
        Thread = types.Get(WellKnownTypeNames.SystemThreadingThread);
        Task = types.Get(WellKnownTypeNames.SystemThreadingTasksTask);
        TaskOfT = types.Get(WellKnownTypeNames.SystemThreadingTasksTask1);
        ValueTask = types.Get(WellKnownTypeNames.SystemThreadingTasksValueTask);
        ValueTaskOfT = types.Get(WellKnownTypeNames.SystemThreadingTasksValueTask1);
        TimeSpan = types.Get(WellKnownTypeNames.SystemTimeSpan);
        CancellationToken = types.Get(WellKnownTypeNames.SystemThreadingCancellationToken);
        Stream = types.Get(WellKnownTypeNames.SystemIOStream);
        TextReader = types.Get(WellKnownTypeNames.SystemIOTextReader);
        TextWriter = types.Get(WellKnownTypeNames.SystemIOTextWriter);
        Span = types.Get(WellKnownTypeNames.SystemSpan1);
        ReadOnlySpan = types.Get(WellKnownTypeNames.SystemReadOnlySpan1);
        Memory = types.Get(WellKnownTypeNames.SystemMemory1);
        ReadOnlyMemory = types.Get(WellKnownTypeNames.SystemReadOnlyMemory1);
        Obsolete = types.Get(WellKnownTypeNames.SystemObsoleteAttribute);
        TaskStatus = types.Get(WellKnownTypeNames.SystemThreadingTasksTaskStatus);
        List = types.Get(WellKnownTypeNames.SystemCollectionsGenericList1);
        Enumerable = types.Get(WellKnownTypeNames.SystemLinqEnumerable);
        Queryable = types.Get(WellKnownTypeNames.SystemLinqQueryable);
        QueryableInterface = types.Get(WellKnownTypeNames.SystemLinqIQueryable);
    }

    public static CoreLibraryTypes For(Compilation compilation) => s_byCompilation.GetValue(compilation, static c => new CoreLibraryTypes(c));

    public INamedTypeSymbol? Thread { get; }
    public INamedTypeSymbol? Task { get; }
    public INamedTypeSymbol? TaskOfT { get; }
    public INamedTypeSymbol? ValueTask { get; }
    public INamedTypeSymbol? ValueTaskOfT { get; }
    public INamedTypeSymbol? TimeSpan { get; }
    public INamedTypeSymbol? CancellationToken { get; }
    public INamedTypeSymbol? Stream { get; }
    public INamedTypeSymbol? TextReader { get; }
    public INamedTypeSymbol? TextWriter { get; }
    public INamedTypeSymbol? Span { get; }
    public INamedTypeSymbol? ReadOnlySpan { get; }
    public INamedTypeSymbol? Memory { get; }
    public INamedTypeSymbol? ReadOnlyMemory { get; }
    public INamedTypeSymbol? Obsolete { get; }
    public INamedTypeSymbol? TaskStatus { get; }
    public INamedTypeSymbol? List { get; }
    public INamedTypeSymbol? Enumerable { get; }
    public INamedTypeSymbol? Queryable { get; }

    /// <summary>System.Linq.IQueryable: a query some provider runs when it is enumerated.</summary>
    public INamedTypeSymbol? QueryableInterface { get; }

    /// <summary>Task or ValueTask (no result).</summary>
    public bool IsTaskLikeWithoutResult(ITypeSymbol? type) => Is(type, Task) || Is(type, ValueTask);

    /// <summary>Task&lt;T&gt; or ValueTask&lt;T&gt;.</summary>
    public bool IsTaskLikeWithResult(ITypeSymbol? type) => Is(type, TaskOfT) || Is(type, ValueTaskOfT);

    /// <summary>Task, Task&lt;T&gt;, ValueTask or ValueTask&lt;T&gt;.</summary>
    public bool IsTaskLike(ITypeSymbol? type) => IsTaskLikeWithoutResult(type) || IsTaskLikeWithResult(type);

    public static bool Is(ITypeSymbol? type, INamedTypeSymbol? known)
        => type is not null && known is not null && SymbolEqualityComparer.Default.Equals(type.OriginalDefinition, known);
}
