using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Blocking;

/// <summary>
/// BURST004: blocking waits on synchronization primitives — WaitHandle.WaitOne/WaitAll/WaitAny/SignalAndWait (every
/// event, mutex and semaphore derives from it), SemaphoreSlim.Wait, ManualResetEventSlim.Wait, CountdownEvent.Wait,
/// Barrier.SignalAndWait, Monitor.Wait, Thread.Join, SpinWait.SpinUntil, ReaderWriterLockSlim.Enter*Lock — except
/// zero-timeout tries.
/// </summary>
internal sealed class PrimitiveWaits
{
    private const string AsyncSignal = "an async signal (SemaphoreSlim.WaitAsync, TaskCompletionSource) or [OffloadBlocking]";

    private readonly KnownTypes _types;
    private readonly INamedTypeSymbol? _waitHandle;
    private readonly INamedTypeSymbol? _semaphoreSlim;
    private readonly INamedTypeSymbol? _manualResetEventSlim;
    private readonly INamedTypeSymbol? _countdownEvent;
    private readonly INamedTypeSymbol? _barrier;
    private readonly INamedTypeSymbol? _monitor;
    private readonly INamedTypeSymbol? _spinWait;
    private readonly INamedTypeSymbol? _readerWriterLockSlim;

    public PrimitiveWaits(Compilation compilation, KnownTypes types)
    {
        _types = types;
        _waitHandle = compilation.GetTypeByMetadataName("System.Threading.WaitHandle");
        _semaphoreSlim = compilation.GetTypeByMetadataName("System.Threading.SemaphoreSlim");
        _manualResetEventSlim = compilation.GetTypeByMetadataName("System.Threading.ManualResetEventSlim");
        _countdownEvent = compilation.GetTypeByMetadataName("System.Threading.CountdownEvent");
        _barrier = compilation.GetTypeByMetadataName("System.Threading.Barrier");
        _monitor = compilation.GetTypeByMetadataName("System.Threading.Monitor");
        _spinWait = compilation.GetTypeByMetadataName("System.Threading.SpinWait");
        _readerWriterLockSlim = compilation.GetTypeByMetadataName("System.Threading.ReaderWriterLockSlim");
    }

    /// <summary>Every method name <see cref="Match"/> accepts (for <see cref="BlockingCatalog"/>'s name filter).</summary>
    public static readonly string[] Names =
    {
        "WaitOne", "WaitAll", "WaitAny", "SignalAndWait", "Wait", "Join", "SpinUntil", "EnterReadLock", "EnterWriteLock", "EnterUpgradeableReadLock",
    };

    public BlockingCall? Match(IInvocationOperation invocation)
    {
        var target = invocation.TargetMethod;
        var type = target.ContainingType;
        var instead = target.Name switch
        {
            "WaitOne" or "WaitAll" or "WaitAny" or "SignalAndWait" when type.IsOrDerivesFromType(_waitHandle) => AsyncSignal,
            "Wait" when KnownTypes.Is(type, _semaphoreSlim) => "await SemaphoreSlim.WaitAsync",
            "Wait" when KnownTypes.Is(type, _manualResetEventSlim) || KnownTypes.Is(type, _countdownEvent) || KnownTypes.Is(type, _monitor) => AsyncSignal,
            "SignalAndWait" when KnownTypes.Is(type, _barrier) => AsyncSignal,
            "Join" when KnownTypes.Is(type, _types.Thread) => "await the work as a Task",
            "SpinUntil" when KnownTypes.Is(type, _spinWait) => AsyncSignal,
            "EnterReadLock" or "EnterWriteLock" or "EnterUpgradeableReadLock" when KnownTypes.Is(type, _readerWriterLockSlim) => "an async lock (SemaphoreSlim.WaitAsync)",
            _ => null,
        };

        return instead is null || ZeroTimeout.IsTry(invocation, _types)
            ? null
            : new BlockingCall(RuleDescriptors.PrimitiveWait, invocation, OperationShapes.TypeAndMember(target), instead);
    }
}

internal static class TypeChecks
{
    public static bool IsOrDerivesFromType(this ITypeSymbol? type, INamedTypeSymbol? baseType)
    {
        for (var current = type; current is not null && baseType is not null; current = current.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(current.OriginalDefinition, baseType))
            {
                return true;
            }
        }

        return false;
    }
}
