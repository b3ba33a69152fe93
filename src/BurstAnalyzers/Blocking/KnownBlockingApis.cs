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
/// (they block the caller and take more pool threads), SerialPort reads, Process.WaitForInputIdle. Extended by
/// burst_analyzers.additional_blocking_apis.
/// </summary>
internal sealed class KnownBlockingApis
{
    private const string Offload = "run it on dedicated threads with [OffloadBlocking]";

    // Read-only after construction, and looked up for every call: a plain dictionary is several times faster than an immutable one.
    private readonly Dictionary<INamedTypeSymbol, HashSet<string>> _builtIn = new(SymbolEqualityComparer.Default);
    private readonly KnownTypes _types;

    public KnownBlockingApis(Compilation compilation, KnownTypes types)
    {
        _types = types;
        var wellKnown = WellKnownTypes.For(compilation);
        void Add(string type, params string[] methods)
        {
            if (wellKnown.Get(type) is { } symbol)
            {
                _builtIn[symbol] = new HashSet<string>(methods, StringComparer.Ordinal);
            }
        }

        Add("System.Console", "Read", "ReadLine", "ReadKey");
        Add("System.Threading.Thread", "SpinWait");
        Add("System.Threading.Tasks.Parallel", "For", "ForEach", "Invoke");
        Add("System.IO.Ports.SerialPort", "Read", "ReadLine", "ReadByte", "ReadChar", "ReadTo", "ReadExisting");
        Add("System.Diagnostics.Process", "WaitForInputIdle");
    }

    /// <summary>Every method name <see cref="Match"/> accepts (for <see cref="BlockingCatalog"/>'s name filter).</summary>
    public IEnumerable<string> Names
    {
        get
        {
            foreach (var names in _builtIn.Values)
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
        return target.ContainingType is { } type && _builtIn.TryGetValue(type, out var names) && names.Contains(target.Name)
            && !ZeroTimeout.IsTry(invocation, _types)
            ? new BlockingCall(RuleDescriptors.BlockingApi, invocation, SymbolExtensions.TypeAndMember(target), Offload)
            : null;
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
