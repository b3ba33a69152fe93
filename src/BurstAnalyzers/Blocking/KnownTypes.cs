using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Blocking;

/// <summary>BCL types the blocking catalogue compares against, resolved once per compilation.</summary>
internal sealed class KnownTypes
{
    public KnownTypes(Compilation compilation)
    {
        INamedTypeSymbol? Type(string name) => compilation.GetTypeByMetadataName(name);

        Thread = Type("System.Threading.Thread");
        Task = Type("System.Threading.Tasks.Task");
        TaskOfT = Type("System.Threading.Tasks.Task`1");
        ValueTask = Type("System.Threading.Tasks.ValueTask");
        ValueTaskOfT = Type("System.Threading.Tasks.ValueTask`1");
        TimeSpan = Type("System.TimeSpan");
        CancellationToken = Type("System.Threading.CancellationToken");
        Stream = Type("System.IO.Stream");
        TextReader = Type("System.IO.TextReader");
        TextWriter = Type("System.IO.TextWriter");
        Span = Type("System.Span`1");
        ReadOnlySpan = Type("System.ReadOnlySpan`1");
        Memory = Type("System.Memory`1");
        ReadOnlyMemory = Type("System.ReadOnlyMemory`1");
        Obsolete = Type("System.ObsoleteAttribute");
    }

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

    public static bool Is(ITypeSymbol? type, INamedTypeSymbol? known)
        => type is not null && known is not null && SymbolEqualityComparer.Default.Equals(type.OriginalDefinition, known);
}
