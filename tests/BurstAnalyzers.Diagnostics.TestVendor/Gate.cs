using System.Threading;

namespace Vendor.Sdk;

/// <summary>
/// Synchronous waits inside the "vendor SDK" that are not task waits — what the in-process detector cannot name and
/// burst-attach can: a monitor, an event, a contended lock.
/// </summary>
public static class Gate
{
    private static readonly object s_monitor = new();
    private static readonly object s_ledger = new();

    /// <summary>Waits on a monitor nobody pulses, as a pool of connections waits for a free one.</summary>
    public static int WaitMonitor(int latencyMs)
    {
        lock (s_monitor)
        {
            Monitor.Wait(s_monitor, latencyMs);
        }

        return latencyMs;
    }

    /// <summary>Waits on an event nobody sets, as a client waits for a reply signalled by its reader thread.</summary>
    public static int WaitEvent(int latencyMs)
    {
        using var reply = new ManualResetEvent(false);
        reply.WaitOne(latencyMs);
        return latencyMs;
    }

    /// <summary>Holds a process-wide lock while it works: every other caller contends for it.</summary>
    public static int Post(int holdMs)
    {
        lock (s_ledger)
        {
            Thread.Sleep(holdMs);
        }

        return holdMs;
    }
}
