using System;
using System.Collections.Generic;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Blocking;

/// <summary>
/// BURST003's listed APIs: the few whose async counterpart has another name (WebClient's *TaskAsync,
/// Ping.SendPingAsync, SmtpClient.SendMailAsync, Process.WaitForExit, HttpRequest.Form). Everything else — File,
/// streams, readers and writers, HttpClient.Send, WebRequest, DbConnection/DbCommand/DbDataReader, sockets, Dns, EF
/// Core's SaveChanges/ToList... — is found by binding the counterpart (<see cref="CounterpartSearches"/>).
/// </summary>
internal sealed class SyncIoCalls
{
    private readonly CoreLibraryTypes _types;
    // Read-only after construction and looked up for every call: plain collections, faster than immutable ones.
    private readonly Dictionary<INamedTypeSymbol, Dictionary<string, string>> _renamed = new(SymbolEqualityComparer.Default);
    private readonly INamedTypeSymbol? _process;
    private readonly INamedTypeSymbol? _httpRequest;
    private readonly BoundForms _boundForms;

    public SyncIoCalls(Compilation compilation, CoreLibraryTypes types)
    {
        _types = types;
        var wellKnown = WellKnownTypes.For(compilation);
        _process = wellKnown.Get(WellKnownTypeNames.SystemDiagnosticsProcess);
        _httpRequest = wellKnown.Get(WellKnownTypeNames.MicrosoftAspNetCoreHttpHttpRequest);
        _boundForms = new BoundForms(compilation);

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

        if (target.Name == "WaitForExit" && CoreLibraryTypes.Is(type, _process) && !ZeroTimeout.IsTry(invocation, _types))
        {
            return new BlockingCall(RuleDescriptors.SyncIo, invocation, "Process.WaitForExit", "await Process.WaitForExitAsync");
        }

        return null;
    }

    /// <summary>Request.Form, unless model binding has already read the form (<see cref="BoundForms"/>).</summary>
    public BlockingCall? Match(IPropertyReferenceOperation reference)
        => reference.Property.Name == "Form" && reference.Property.ContainingType.IsOrDerivesFrom(_httpRequest) && !_boundForms.AlreadyRead(reference)
            ? new BlockingCall(RuleDescriptors.SyncIo, reference, "HttpRequest.Form", "await Request.ReadFormAsync")
            : null;

    /// <summary>The name of the async method that replaces a listed call whose twin has another name, or null (a twin
    /// named Name + "Async", such as Process.WaitForExitAsync, is the counterpart search's to find).</summary>
    public string? AsyncNameFor(IInvocationOperation invocation)
    {
        var target = invocation.TargetMethod;
        return target.ContainingType is { } type && _renamed.TryGetValue(type, out var map) && map.TryGetValue(target.Name, out var asyncName)
            ? asyncName
            : null;
    }
}
