using System;
using System.Collections.Generic;
using BurstAnalyzers.Internals;
using BurstAnalyzers.Options;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Blocking;

/// <summary>
/// BURST006: calls that block and have no honest async alternative, so the remedy is offloading them. Built in:
/// Console reads (console input is synchronous whatever API wraps it), Thread.SpinWait, Parallel.For/ForEach/Invoke
/// (they block the caller and take more pool threads), SerialPort reads, Process.WaitForInputIdle, the file system's
/// changes and listings that have no async API (File.Delete, Move, Copy; Directory.CreateDirectory, GetFiles, ...: each a
/// synchronous system call, which on a network share or a busy disk holds the thread as long as any read), the XML
/// loads given a URI or path (XDocument/XElement/XmlDocument.Load(string): a download or file read), and Json.NET's
/// serializer, which reads and writes synchronously whatever is underneath and has no async API (over a stream that is
/// not in memory). Extended by burst_analyzers.additional_blocking_apis (<see cref="MatchConfigured"/>): the built-in
/// list and the user's are judged in this one place.
/// </summary>
internal sealed class KnownBlockingApis
{
    private const string Offload = "run it on dedicated threads with [OffloadBlocking]";

    private const string FileSystemInstead = "the file system has no async API for it; " + Offload;

    // XDocument.Load("https://...") downloads (or reads a file) synchronously; the async loads take a stream or reader,
    // not a URI, so the remedy is an awaited read first.
    private const string XmlUriInstead = "read the content with an awaited HttpClient or File call first and parse it from memory (XDocument.Parse, or LoadAsync over the stream), or " + Offload;

    // Json.NET's JsonSerializer reads and writes through a JsonReader/TextReader (or writer) synchronously; it has no
    // async counterpart, so the remedy is an awaited read into memory first, or offloading.
    private static readonly string[] s_jsonNetSerializerCalls = { "Deserialize", "Populate", "Serialize" };

    private const string JsonNetInstead = "read the content into memory with an awaited call first (or use System.Text.Json's async API), or run it on dedicated threads with [OffloadBlocking]";

    // Read-only after construction, and looked up for every call: a plain dictionary is several times faster than an immutable one.
    private readonly Dictionary<INamedTypeSymbol, (HashSet<string> Names, string Instead)> _builtIn = new(SymbolEqualityComparer.Default);
    private readonly CoreLibraryTypes _types;
    private readonly InMemoryIo _inMemory;
    private readonly INamedTypeSymbol? _jsonNetSerializer;
    private readonly INamedTypeSymbol?[] _xmlUriLoaders;

    public KnownBlockingApis(Compilation compilation, CoreLibraryTypes types, InMemoryIo inMemory)
    {
        _types = types;
        _inMemory = inMemory;
        var wellKnown = WellKnownTypes.For(compilation);
        _jsonNetSerializer = wellKnown.Get(WellKnownTypeNames.NewtonsoftJsonJsonSerializer);
        _xmlUriLoaders = new[] { wellKnown.Get("System.Xml.Linq.XDocument"), wellKnown.Get("System.Xml.Linq.XElement"), wellKnown.Get("System.Xml.XmlDocument") };
        void AddWith(string instead, string type, params string[] methods)
        {
            if (wellKnown.Get(type) is { } symbol)
            {
                _builtIn[symbol] = (new HashSet<string>(methods, StringComparer.Ordinal), instead);
            }
        }

        void Add(string type, params string[] methods) => AddWith(Offload, type, methods);

        Add("System.Console", "Read", "ReadLine", "ReadKey");
        Add("System.Threading.Thread", "SpinWait");
        Add("System.Threading.Tasks.Parallel", "For", "ForEach", "Invoke");
        Add("System.IO.Ports.SerialPort", "Read", "ReadLine", "ReadByte", "ReadChar", "ReadTo", "ReadExisting");
        Add("System.Diagnostics.Process", "WaitForInputIdle");

        // Calls that change the file system or list it, eagerly: Directory.EnumerateFiles and its kin do their I/O where
        // the result is enumerated. Not File.Exists/Directory.Exists: a query of one entry's metadata, which the OS
        // answers from its cache, and the idiomatic guard of an awaited read (reporting it would leave every converted
        // method reported).
        AddWith(FileSystemInstead, "System.IO.File", "Delete", "Move", "Copy", "Replace");
        AddWith(FileSystemInstead, "System.IO.Directory", "CreateDirectory", "Delete", "Move", "GetFiles", "GetDirectories", "GetFileSystemEntries");
        AddWith(FileSystemInstead, "System.IO.FileInfo", "Delete", "MoveTo", "CopyTo", "Replace");
        AddWith(FileSystemInstead, "System.IO.DirectoryInfo", "Create", "CreateSubdirectory", "Delete", "MoveTo", "GetFiles", "GetDirectories", "GetFileSystemInfos");
    }

    /// <summary>Every method name <see cref="Match"/> accepts (for <see cref="BlockingCatalog"/>'s name filter).</summary>
    public IEnumerable<string> Names
    {
        get
        {
            foreach (var name in s_jsonNetSerializerCalls)
            {
                yield return name;
            }

            yield return "Load";

            foreach (var (names, _) in _builtIn.Values)
            {
                foreach (var name in names)
                {
                    yield return name;
                }
            }
        }
    }

    public BlockingCall? Match(IInvocationOperation invocation)
    {
        var target = invocation.TargetMethod;
        if (target.ContainingType is not { } type)
        {
            return null;
        }

        if (_builtIn.TryGetValue(type, out var entry) && entry.Names.Contains(target.Name) && !ZeroTimeout.IsTry(invocation, _types))
        {
            return new BlockingCall(RuleDescriptors.BlockingApi, invocation, SymbolExtensions.TypeAndMember(target), entry.Instead);
        }

        if (target.Name == "Load" && target.Parameters.Length > 0 && target.Parameters[0].Type.SpecialType == SpecialType.System_String
            && IsXmlUriLoader(type))
        {
            return new BlockingCall(RuleDescriptors.BlockingApi, invocation, SymbolExtensions.TypeAndMember(target), XmlUriInstead);
        }

        return CoreLibraryTypes.Is(type, _jsonNetSerializer) && Array.IndexOf(s_jsonNetSerializerCalls, target.Name) >= 0 && !_inMemory.DoesNoIo(invocation)
            ? new BlockingCall(RuleDescriptors.BlockingApi, invocation, "JsonSerializer." + target.Name, JsonNetInstead)
            : null;
    }

    private bool IsXmlUriLoader(INamedTypeSymbol type)
    {
        foreach (var loader in _xmlUriLoaders)
        {
            if (SymbolEqualityComparer.Default.Equals(loader, type.OriginalDefinition))
            {
                return true;
            }
        }

        return false;
    }

    public static BlockingCall? MatchConfigured(IOperation operation, BurstConfiguration configuration)
    {
        if (configuration.AdditionalBlockingApis.IsEmpty)
        {
            return null;
        }

        ISymbol? api = operation switch
        {
            IInvocationOperation invocation => invocation.TargetMethod,
            IPropertyReferenceOperation reference => reference.Property.GetMethod,
            _ => null,
        };

        return api is not null && configuration.AdditionalBlockingApis.Contains(api.OriginalDefinition)
            ? new BlockingCall(RuleDescriptors.BlockingApi, operation, SymbolExtensions.TypeAndMember(api is IMethodSymbol { AssociatedSymbol: { } property } ? property : api), Offload)
            : null;
    }
}
