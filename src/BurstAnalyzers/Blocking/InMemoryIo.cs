using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Blocking;

/// <summary>
/// Precision for BURST003: reads and writes of in-memory streams and readers (MemoryStream, UnmanagedMemoryStream,
/// StringReader, StringWriter, and Json.NET's JTokenReader/JTokenWriter over a token in memory) do no I/O — nor do
/// StreamReader/StreamWriter/BinaryReader/BinaryWriter/BufferedStream and Json.NET's JsonTextReader/JsonTextWriter built
/// over one, directly or through a local initialised that way. And the stream of a buffered HTTP response: HttpClient's
/// GetAsync/PostAsync/PutAsync/PatchAsync/DeleteAsync/SendAsync read the whole body into memory before they complete,
/// unless given HttpCompletionOption.ResponseHeadersRead, so await response.Content.ReadAsStreamAsync() is a
/// MemoryStream in all but name. Asked by the counterpart search (BURST003) and for Json.NET's serializer (BURST006).
/// </summary>
internal sealed class InMemoryIo
{
    // Locals followed from a stream to where it is made (stream → reader → JSON reader is three), and, apart, from a
    // response's content back to the HttpClient call.
    private const int MaxLocalHops = 4;
    private const int MaxResponseHops = 2;

    private readonly INamedTypeSymbol?[] _inMemory;
    private readonly INamedTypeSymbol?[] _wrappers;
    private readonly INamedTypeSymbol? _httpClient;
    private readonly INamedTypeSymbol? _httpContent;
    private readonly INamedTypeSymbol? _httpResponse;
    private readonly INamedTypeSymbol? _completionOption;
    private readonly CoreLibraryTypes _types;
    private readonly INamedTypeSymbol? _jsonNetReader;
    private readonly INamedTypeSymbol? _jsonNetWriter;

    public InMemoryIo(Compilation compilation, CoreLibraryTypes types)
    {
        _types = types;
        var wellKnown = WellKnownTypes.For(compilation);
        INamedTypeSymbol? Type(string name) => wellKnown.Get(name);
        _inMemory = new[] { Type(WellKnownTypeNames.SystemIOMemoryStream), Type(WellKnownTypeNames.SystemIOUnmanagedMemoryStream), Type(WellKnownTypeNames.SystemIOStringReader), Type(WellKnownTypeNames.SystemIOStringWriter),
            Type(WellKnownTypeNames.NewtonsoftJsonLinqJTokenReader), Type(WellKnownTypeNames.NewtonsoftJsonLinqJTokenWriter) };
        _wrappers = new[] { Type(WellKnownTypeNames.SystemIOStreamReader), Type(WellKnownTypeNames.SystemIOStreamWriter), Type(WellKnownTypeNames.SystemIOBinaryReader), Type(WellKnownTypeNames.SystemIOBinaryWriter), Type(WellKnownTypeNames.SystemIOBufferedStream),
            Type(WellKnownTypeNames.NewtonsoftJsonJsonTextReader), Type(WellKnownTypeNames.NewtonsoftJsonJsonTextWriter) };
        _httpClient = Type(WellKnownTypeNames.SystemNetHttpHttpClient);
        _httpContent = Type(WellKnownTypeNames.SystemNetHttpHttpContent);
        _httpResponse = Type(WellKnownTypeNames.SystemNetHttpHttpResponseMessage);
        _completionOption = Type(WellKnownTypeNames.SystemNetHttpHttpCompletionOption);
        _jsonNetReader = Type(WellKnownTypeNames.NewtonsoftJsonJsonReader);
        _jsonNetWriter = Type(WellKnownTypeNames.NewtonsoftJsonJsonWriter);
    }

    /// <summary>
    /// No I/O when every stream involved is in memory: the receiver (if it is a stream or reader) and every stream,
    /// reader or writer argument (Json.NET's readers and writers included) — so memory.CopyTo(file) still counts, and
    /// JsonSerializer.Serialize(memory, x) does not. A call that touches no stream at all is judged by its counterpart.
    /// </summary>
    public bool DoesNoIo(IInvocationOperation invocation)
    {
        // An extension method's receiver is also its first argument, checked below: same answer either way.
        // Stryker disable once Conditional : equivalent (see above)
        var receiver = invocation.Instance is null ? null : IOperationExtensions.Receiver(invocation);
        var sawStream = false;
        if (receiver is not null && IsStreamLike(receiver.Type))
        {
            if (!IsInMemory(receiver))
            {
                return false;
            }

            sawStream = true;
        }

        foreach (var argument in invocation.Arguments)
        {
            if (!IsStreamLike(argument.Value.Type))
            {
                continue;
            }

            if (!IsInMemory(argument.Value))
            {
                return false;
            }

            sawStream = true;
        }

        return sawStream;
    }

    /// <summary>Streams, text and binary readers and writers, Json.NET's readers and writers: what may be in memory.</summary>
    public bool IsStreamLike(ITypeSymbol? type)
        => type.IsOrDerivesFrom(_types.Stream) || type.IsOrDerivesFrom(_types.TextReader) || type.IsOrDerivesFrom(_types.TextWriter)
            || IsReaderOrWriter(type) || type.IsOrDerivesFrom(_jsonNetReader) || type.IsOrDerivesFrom(_jsonNetWriter);

    public bool IsInMemory(IOperation? operation) => IsInMemory(operation, MaxLocalHops);

    /// <summary>BinaryReader/BinaryWriter: readers and writers that wrap a stream without deriving from Stream.</summary>
    public bool IsReaderOrWriter(ITypeSymbol? type) => IsAny(type, _wrappers);

    private bool IsInMemory(IOperation? operation, int hops)
    {
        operation = IOperationExtensions.Unwrap(operation);
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
            // Stryker disable once Equality : every constructor of the wrapper types takes the stream first; none is parameterless
            case IObjectCreationOperation { Arguments.Length: > 0 } creation when IsAny(creation.Type, _wrappers):
                return IsInMemory(creation.Arguments[0].Value, hops);
            case ILocalReferenceOperation local when hops > 0:
                return IsInMemory(Initializer(local), hops - 1);
            case IAwaitOperation { Operation: IInvocationOperation { TargetMethod.Name: "ReadAsStreamAsync" } read } when read.TargetMethod.ContainingType.IsOrDerivesFrom(_httpContent):
                return IsBufferedResponse(read.Instance);
            default:
                return false;
        }
    }

    /// <summary>response.Content, where response holds the awaited result of an HttpClient call that buffers.</summary>
    private bool IsBufferedResponse(IOperation? content)
    {
        var hops = MaxResponseHops;
        if (IOperationExtensions.Unwrap(content) is not IPropertyReferenceOperation { Property.Name: "Content" } property
            || !property.Property.ContainingType.IsOrDerivesFrom(_httpResponse))
        {
            return false;
        }

        var response = IOperationExtensions.Unwrap(property.Instance);
        while (response is ILocalReferenceOperation local && hops > 0)
        {
            response = IOperationExtensions.Unwrap(Initializer(local));
            hops--;
        }

        if (response is not IAwaitOperation { Operation: var awaited }
            || IOperationExtensions.Unwrap(awaited) is not IInvocationOperation { TargetMethod: { } send } call
            || !send.ContainingType.IsOrDerivesFrom(_httpClient)
            || send.Name is not ("GetAsync" or "PostAsync" or "PutAsync" or "PatchAsync" or "DeleteAsync" or "SendAsync"))
        {
            return false;
        }

        // Buffered unless told to return at the headers: ResponseHeadersRead is 1, ResponseContentRead (the default) 0.
        foreach (var argument in call.Arguments)
        {
            if (CoreLibraryTypes.Is(argument.Value.Type, _completionOption)
                && !(argument.Value.ConstantValue is { HasValue: true, Value: 0 }))
            {
                return false;
            }
        }

        return true;
    }

    private static IOperation? Initializer(ILocalReferenceOperation local)
    {
        if (local.Local.DeclaringSyntaxReferences.Length != 1 || local.SemanticModel is not { } model)
        {
            return null;
        }

        var declarator = local.Local.DeclaringSyntaxReferences[0].GetSyntax();
        return model.SyntaxTree == declarator.SyntaxTree && model.GetOperation(declarator) is IVariableDeclaratorOperation operation
            ? operation.Initializer?.Value
            : null;
    }

    private static bool IsAny(ITypeSymbol? type, INamedTypeSymbol?[] candidates)
    {
        foreach (var candidate in candidates)
        {
            if (type.IsOrDerivesFrom(candidate))
            {
                return true;
            }
        }

        return false;
    }
}
