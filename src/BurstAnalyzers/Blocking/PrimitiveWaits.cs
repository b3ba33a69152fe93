using BurstAnalyzers.Internals;
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

    private readonly CoreLibraryTypes _types;
    private readonly INamedTypeSymbol? _waitHandle;
    private readonly INamedTypeSymbol? _semaphoreSlim;
    private readonly INamedTypeSymbol? _manualResetEventSlim;
    private readonly INamedTypeSymbol? _countdownEvent;
    private readonly INamedTypeSymbol? _barrier;
    private readonly INamedTypeSymbol? _monitor;
    private readonly INamedTypeSymbol? _spinWait;
    private readonly INamedTypeSymbol? _readerWriterLockSlim;

    public PrimitiveWaits(Compilation compilation, CoreLibraryTypes types)
    {
        _types = types;
        var wellKnown = WellKnownTypes.For(compilation);
        _waitHandle = wellKnown.Get(WellKnownTypeNames.SystemThreadingWaitHandle);
        _semaphoreSlim = wellKnown.Get(WellKnownTypeNames.SystemThreadingSemaphoreSlim);
        _manualResetEventSlim = wellKnown.Get(WellKnownTypeNames.SystemThreadingManualResetEventSlim);
        _countdownEvent = wellKnown.Get(WellKnownTypeNames.SystemThreadingCountdownEvent);
        _barrier = wellKnown.Get(WellKnownTypeNames.SystemThreadingBarrier);
        _monitor = wellKnown.Get(WellKnownTypeNames.SystemThreadingMonitor);
        _spinWait = wellKnown.Get(WellKnownTypeNames.SystemThreadingSpinWait);
        _readerWriterLockSlim = wellKnown.Get(WellKnownTypeNames.SystemThreadingReaderWriterLockSlim);
    }

    /// <summary>Every method name <see cref="Match"/> accepts (for <see cref="BlockingCatalog"/>'s name filter).</summary>
    public static readonly string[] Names =
    {
        "WaitOne", "SignalAndWait", "Join", "SpinUntil", "EnterReadLock", "EnterWriteLock", "EnterUpgradeableReadLock",

        // Stryker disable String : TaskWaits lists these too, and the catalogue's filter is the union of the lists
        "Wait", "WaitAll", "WaitAny",

        // Stryker restore String
    };

    public BlockingCall? Match(IInvocationOperation invocation)
    {
        var target = invocation.TargetMethod;
        var type = target.ContainingType;
        var instead = target.Name switch
        {
            "WaitOne" or "WaitAll" or "WaitAny" or "SignalAndWait" when type.IsOrDerivesFrom(_waitHandle) => AsyncSignal,
            "Wait" when CoreLibraryTypes.Is(type, _semaphoreSlim) => "'await SemaphoreSlim.WaitAsync'",
            "Wait" when CoreLibraryTypes.Is(type, _manualResetEventSlim) || CoreLibraryTypes.Is(type, _countdownEvent) || CoreLibraryTypes.Is(type, _monitor) => AsyncSignal,
            "SignalAndWait" when CoreLibraryTypes.Is(type, _barrier) => AsyncSignal,
            "Join" when CoreLibraryTypes.Is(type, _types.Thread) => "await the work as a Task",
            "SpinUntil" when CoreLibraryTypes.Is(type, _spinWait) => AsyncSignal,
            "EnterReadLock" or "EnterWriteLock" or "EnterUpgradeableReadLock" when CoreLibraryTypes.Is(type, _readerWriterLockSlim) => "an async lock (SemaphoreSlim.WaitAsync)",
            _ => null,
        };

        return instead is null || ZeroTimeout.IsTry(invocation, _types)
            ? null
            : new BlockingCall(RuleDescriptors.PrimitiveWait, invocation, SymbolExtensions.TypeAndMember(target), instead);
    }
}
