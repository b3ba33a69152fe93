using System;
using System.Collections.Generic;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Blocking;

/// <summary>
/// BURST003: synchronous I/O with an async counterpart. A few APIs whose counterpart has another name are listed
/// (WebClient's *TaskAsync, Ping.SendPingAsync, SmtpClient.SendMailAsync, Process.WaitForExit, HttpRequest.Form);
/// everything else — File, streams, readers and writers, HttpClient.Send, WebRequest, DbConnection/DbCommand/
/// DbDataReader, sockets, Dns, EF Core's SaveChanges/ToList... — is found by binding the counterpart
/// (<see cref="AsyncCounterparts"/>). In-memory streams and readers are exempt (<see cref="InMemoryIo"/>), and so are
/// APIs whose "Async" twin is no I/O alternative (Dispose, the threading types, and <see cref="NotIoTwins"/>).
/// Json.NET's serializer reads and writes synchronously whatever is underneath and has no async API: over a stream that
/// is not in memory it is reported as BURST006 (no async alternative), like the other listed calls.
/// </summary>
internal sealed class SyncIoCalls
{
    private readonly KnownTypes _types;
    private readonly AsyncCounterparts _counterparts;
    private readonly InMemoryIo _inMemory;
    // Read-only after construction and looked up for every call: plain collections, faster than immutable ones.
    private readonly Dictionary<INamedTypeSymbol, Dictionary<string, string>> _renamed = new(SymbolEqualityComparer.Default);
    private readonly INamedTypeSymbol? _process;
    private readonly INamedTypeSymbol? _httpRequest;
    private readonly NotIoTwins _notIo;
    private readonly INamedTypeSymbol? _jsonNetSerializer;
    private readonly INamedTypeSymbol? _jsonNetReader;
    private readonly INamedTypeSymbol? _jsonNetWriter;

    public SyncIoCalls(Compilation compilation, KnownTypes types)
    {
        _types = types;
        var wellKnown = WellKnownTypes.For(compilation);
        _counterparts = new AsyncCounterparts(compilation, types);
        _inMemory = new InMemoryIo(compilation);
        _process = wellKnown.Get(WellKnownTypeNames.SystemDiagnosticsProcess);
        _httpRequest = wellKnown.Get(WellKnownTypeNames.MicrosoftAspNetCoreHttpHttpRequest);
        _notIo = new NotIoTwins(compilation);
        _jsonNetSerializer = wellKnown.Get(WellKnownTypeNames.NewtonsoftJsonJsonSerializer);
        _jsonNetReader = wellKnown.Get(WellKnownTypeNames.NewtonsoftJsonJsonReader);
        _jsonNetWriter = wellKnown.Get(WellKnownTypeNames.NewtonsoftJsonJsonWriter);

        void Rename(string type, params (string Sync, string Async)[] pairs)
        {
            if (wellKnown.Get(type) is { } symbol)
            {
                var map = new Dictionary<string, string>(StringComparer.Ordinal);
                foreach (var (sync, async) in pairs)
                {
                    map[sync] = async;
                }

                _renamed[symbol] = map;
            }
        }

        Rename(
            "System.Net.WebClient",
            ("DownloadString", "DownloadStringTaskAsync"), ("DownloadData", "DownloadDataTaskAsync"), ("DownloadFile", "DownloadFileTaskAsync"),
            ("UploadString", "UploadStringTaskAsync"), ("UploadData", "UploadDataTaskAsync"), ("UploadFile", "UploadFileTaskAsync"),
            ("UploadValues", "UploadValuesTaskAsync"), ("OpenRead", "OpenReadTaskAsync"), ("OpenWrite", "OpenWriteTaskAsync"));
        Rename("System.Net.NetworkInformation.Ping", ("Send", "SendPingAsync"));
        Rename("System.Net.Mail.SmtpClient", ("Send", "SendMailAsync"));
    }

    /// <summary>Every method name <see cref="MatchListed"/> accepts (for <see cref="BlockingCatalog"/>'s name filter).</summary>
    public IEnumerable<string> ListedNames
    {
        get
        {
            yield return "WaitForExit";
            foreach (var name in s_jsonNetSerializerCalls)
            {
                yield return name;
            }

            foreach (var renamed in _renamed.Values)
            {
                foreach (var name in renamed.Keys)
                {
                    yield return name;
                }
            }
        }
    }

    /// <summary>The listed APIs: cheap symbol comparisons, run for every call.</summary>
    public BlockingCall? MatchListed(IInvocationOperation invocation)
    {
        var target = invocation.TargetMethod;
        if (target.ContainingType is not { } type)
        {
            return null;
        }

        if (_renamed.TryGetValue(type, out var map) && map.TryGetValue(target.Name, out var asyncName))
        {
            return new BlockingCall(RuleDescriptors.SyncIo, invocation, SymbolExtensions.TypeAndMember(target), "await " + type.Name + "." + asyncName);
        }

        if (target.Name == "WaitForExit" && KnownTypes.Is(type, _process) && !ZeroTimeout.IsTry(invocation, _types))
        {
            return new BlockingCall(RuleDescriptors.SyncIo, invocation, "Process.WaitForExit", "await Process.WaitForExitAsync");
        }

        if (KnownTypes.Is(type, _jsonNetSerializer) && Array.IndexOf(s_jsonNetSerializerCalls, target.Name) >= 0 && !DoesNoIo(invocation))
        {
            return new BlockingCall(RuleDescriptors.BlockingApi, invocation, "JsonSerializer." + target.Name, JsonNetInstead);
        }

        return null;
    }

    // Json.NET's JsonSerializer reads and writes through a JsonReader/TextReader (or writer) synchronously; it has no
    // async counterpart, so the remedy is an awaited read into memory first, or offloading.
    private static readonly string[] s_jsonNetSerializerCalls = { "Deserialize", "Populate", "Serialize" };

    private const string JsonNetInstead = "read the content into memory with an awaited call first (or use System.Text.Json's async API), or run it on dedicated threads with [OffloadBlocking]";

    public BlockingCall? Match(IPropertyReferenceOperation reference)
        => reference.Property.Name == "Form" && reference.Property.ContainingType.IsOrDerivesFrom(_httpRequest)
            ? new BlockingCall(RuleDescriptors.SyncIo, reference, "HttpRequest.Form", "await Request.ReadFormAsync")
            : null;

    /// <summary>The name of the async method that replaces a reported sync I/O call, for the code fix.</summary>
    public string? AsyncNameFor(IInvocationOperation invocation)
    {
        var target = invocation.TargetMethod;
        if (target.ContainingType is { } type && _renamed.TryGetValue(type, out var map) && map.TryGetValue(target.Name, out var asyncName))
        {
            return asyncName;
        }

        if (target.Name == "WaitForExit" && KnownTypes.Is(target.ContainingType, _process))
        {
            return "WaitForExitAsync";
        }

        return MayHaveCounterpart(invocation) ? _counterparts.Find(invocation)?.Name : null;
    }

    /// <summary>Cheap pre-filter for <see cref="MatchByCounterpart"/>.</summary>
    public bool MayHaveCounterpart(IInvocationOperation invocation)
    {
        var target = invocation.TargetMethod;
        return target.Name != "Dispose"
            && _counterparts.MayHaveCounterpart(target)
            && !IsThreading(target.ContainingNamespace)
            && !_notIo.Contains(target);
    }

    /// <summary>Tasks and synchronization primitives belong to BURST002/BURST004, which list them all (and exempt
    /// zero-timeout tries and completed tasks): their WaitAsync twins must not resurface here.</summary>
    private static bool IsThreading(INamespaceSymbol? ns)
        => ns is { Name: "Threading", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } }
            || ns is { Name: "Tasks", ContainingNamespace: { Name: "Threading", ContainingNamespace: { Name: "System", ContainingNamespace.IsGlobalNamespace: true } } };

    /// <summary>Any other call with an async counterpart found by binding; run only inside handlers.</summary>
    public BlockingCall? MatchByCounterpart(IInvocationOperation invocation)
    {
        if (_counterparts.Find(invocation) is not { } counterpart || DoesNoIo(invocation))
        {
            return null;
        }

        var target = invocation.TargetMethod;
        var owner = (counterpart.ReducedFrom ?? counterpart).ContainingType;
        return new BlockingCall(RuleDescriptors.SyncIo, invocation, SymbolExtensions.TypeAndMember(target), "await " + (owner is null ? "" : owner.Name + ".") + counterpart.Name);
    }

    /// <summary>
    /// No I/O when every stream involved is in memory: the receiver (if it is a stream or reader) and every stream,
    /// reader or writer argument (Json.NET's readers and writers included) — so memory.CopyTo(file) still counts, and
    /// JsonSerializer.Serialize(memory, x) does not. A call that touches no stream at all is judged by its counterpart.
    /// </summary>
    private bool DoesNoIo(IInvocationOperation invocation)
    {
        var receiver = invocation.Instance is null ? null : IOperationExtensions.Receiver(invocation);
        var sawStream = false;
        if (receiver is not null && IsStreamLike(receiver.Type))
        {
            if (!_inMemory.IsInMemory(receiver))
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

            if (!_inMemory.IsInMemory(argument.Value))
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
            || _inMemory.IsReaderOrWriter(type) || type.IsOrDerivesFrom(_jsonNetReader) || type.IsOrDerivesFrom(_jsonNetWriter);
}
