using System;
using System.Collections.Concurrent;
using System.Threading;

namespace BurstAnalyzers.Offload.TestHost.Probes;

/// <summary>Counts, from inside the handlers, how many ran at once and on how many distinct threads.</summary>
public sealed class LoadTracker
{
    private readonly ConcurrentDictionary<int, bool> _threads = new();
    private int _current;
    private int _peak;

    public int Peak => Volatile.Read(ref _peak);

    public int DistinctThreads => _threads.Count;

    public void Run(int sleepMilliseconds)
    {
        _threads.TryAdd(Environment.CurrentManagedThreadId, true);
        int now = Interlocked.Increment(ref _current);
        int peak;
        while (now > (peak = Volatile.Read(ref _peak)) && Interlocked.CompareExchange(ref _peak, now, peak) != peak)
        {
        }

        Thread.Sleep(sleepMilliseconds);
        Interlocked.Decrement(ref _current);
    }
}
