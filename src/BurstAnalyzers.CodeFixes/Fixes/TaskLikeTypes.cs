using System.Runtime.CompilerServices;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Fixes;

/// <summary>Task, Task&lt;T&gt;, ValueTask and ValueTask&lt;T&gt; of one compilation.</summary>
internal sealed class TaskLikeTypes
{
    // Resolved once per compilation: a Fix All asks for them at every site, container and caller.
    private static readonly ConditionalWeakTable<Compilation, TaskLikeTypes> ByCompilation = new();

    private TaskLikeTypes(Compilation compilation)
    {
        Task = compilation.GetTypeByMetadataName("System.Threading.Tasks.Task");
        TaskOfT = compilation.GetTypeByMetadataName("System.Threading.Tasks.Task`1");
        ValueTask = compilation.GetTypeByMetadataName("System.Threading.Tasks.ValueTask");
        ValueTaskOfT = compilation.GetTypeByMetadataName("System.Threading.Tasks.ValueTask`1");
        CancellationToken = compilation.GetTypeByMetadataName("System.Threading.CancellationToken");
    }

    public static TaskLikeTypes For(Compilation compilation) => ByCompilation.GetValue(compilation, static c => new TaskLikeTypes(c));

    public INamedTypeSymbol? Task { get; }
    public INamedTypeSymbol? TaskOfT { get; }
    public INamedTypeSymbol? ValueTask { get; }
    public INamedTypeSymbol? ValueTaskOfT { get; }
    public INamedTypeSymbol? CancellationToken { get; }

    /// <summary>Task or ValueTask (no result).</summary>
    public bool IsVoidLike(ITypeSymbol? type) => Is(type, Task) || Is(type, ValueTask);

    /// <summary>Task&lt;T&gt; or ValueTask&lt;T&gt;.</summary>
    public bool IsGeneric(ITypeSymbol? type) => Is(type, TaskOfT) || Is(type, ValueTaskOfT);

    public bool IsTaskLike(ITypeSymbol? type) => IsVoidLike(type) || IsGeneric(type);

    public static bool Is(ITypeSymbol? type, INamedTypeSymbol? known)
        => type is not null && known is not null && SymbolEqualityComparer.Default.Equals(type.OriginalDefinition, known);
}
