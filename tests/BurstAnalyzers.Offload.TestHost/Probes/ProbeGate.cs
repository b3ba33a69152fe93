using System;
using System.Threading;

namespace BurstAnalyzers.Offload.TestHost.Probes;

/// <summary>
/// Lets a test hold offloaded handlers inside their blocking call and count how many ever ran: a handler that waits
/// here occupies an offload thread until the test opens the gate.
/// </summary>
public sealed class ProbeGate : IDisposable
{
    private readonly ManualResetEventSlim _open = new();
    private int _entered;

    public int Entered => Volatile.Read(ref _entered);

    public void Pass(TimeSpan timeout)
    {
        Interlocked.Increment(ref _entered);
        _open.Wait(timeout);
    }

    public void Open() => _open.Set();

    public void Dispose() => _open.Dispose();
}
