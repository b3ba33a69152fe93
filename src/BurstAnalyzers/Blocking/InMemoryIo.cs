using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Blocking;

/// <summary>
/// Precision for BURST003: reads and writes of in-memory streams and readers (MemoryStream, UnmanagedMemoryStream,
/// StringReader, StringWriter, and Json.NET's JTokenReader/JTokenWriter over a token in memory) do no I/O — nor do
/// StreamReader/StreamWriter/BinaryReader/BinaryWriter/BufferedStream and Json.NET's JsonTextReader/JsonTextWriter built
/// over one, directly or through a local initialised that way.
/// </summary>
internal sealed class InMemoryIo
{
    private const int MaxLocalHops = 3;

    private readonly INamedTypeSymbol?[] _inMemory;
    private readonly INamedTypeSymbol?[] _wrappers;

    public InMemoryIo(Compilation compilation)
    {
        INamedTypeSymbol? Type(string name) => compilation.GetTypeByMetadataName(name);
        _inMemory = new[] { Type("System.IO.MemoryStream"), Type("System.IO.UnmanagedMemoryStream"), Type("System.IO.StringReader"), Type("System.IO.StringWriter"),
            Type("Newtonsoft.Json.Linq.JTokenReader"), Type("Newtonsoft.Json.Linq.JTokenWriter") };
        _wrappers = new[] { Type("System.IO.StreamReader"), Type("System.IO.StreamWriter"), Type("System.IO.BinaryReader"), Type("System.IO.BinaryWriter"), Type("System.IO.BufferedStream"),
            Type("Newtonsoft.Json.JsonTextReader"), Type("Newtonsoft.Json.JsonTextWriter") };
    }

    public bool IsInMemory(IOperation? operation) => IsInMemory(operation, MaxLocalHops);

    /// <summary>BinaryReader/BinaryWriter: readers and writers that wrap a stream without deriving from Stream.</summary>
    public bool IsReaderOrWriter(ITypeSymbol? type) => IsAny(type, _wrappers);

    private bool IsInMemory(IOperation? operation, int hops)
    {
        operation = OperationShapes.Unwrap(operation);
        if (operation is null)
        {
            return false;
        }

        if (IsAny(operation.Type, _inMemory))
        {
            return true;
        }

        switch (operation)
        {
            case IObjectCreationOperation { Arguments.Length: > 0 } creation when IsAny(creation.Type, _wrappers):
                return IsInMemory(creation.Arguments[0].Value, hops);
            case ILocalReferenceOperation local when hops > 0:
                return IsInMemory(Initializer(local), hops - 1);
            default:
                return false;
        }
    }

    private static IOperation? Initializer(ILocalReferenceOperation local)
    {
        if (local.Local.DeclaringSyntaxReferences.Length != 1 || local.SemanticModel is not { } model)
        {
            return null;
        }

        var declarator = local.Local.DeclaringSyntaxReferences[0].GetSyntax();
        return model.SyntaxTree == declarator.SyntaxTree && model.GetOperation(declarator) is IVariableDeclaratorOperation operation
            ? operation.Initializer?.Value ?? (operation.Parent as IVariableDeclarationOperation)?.Initializer?.Value
            : null;
    }

    private static bool IsAny(ITypeSymbol? type, INamedTypeSymbol?[] candidates)
    {
        foreach (var candidate in candidates)
        {
            if (type.IsOrDerivesFromType(candidate))
            {
                return true;
            }
        }

        return false;
    }
}
