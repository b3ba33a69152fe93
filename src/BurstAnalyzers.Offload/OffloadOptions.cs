using System;

namespace BurstAnalyzers.Offload;

/// <summary>Settings of the <see cref="OffloadScheduler"/>, set through <c>services.AddBurstOffload(o => ...)</c>.</summary>
public sealed class OffloadOptions
{
    /// <summary>
    /// The most dedicated threads the scheduler runs at once. Past it, work waits in a queue (never dropped) and the
    /// <c>burst.offload.work_item.queued</c> counter says so. Default: <see cref="DefaultMaxThreads"/>.
    /// </summary>
    public int MaxThreads { get; set; } = DefaultMaxThreads;

    /// <summary>
    /// How long a thread waits for new work before it exits. Default: <see cref="DefaultIdleTimeout"/>.
    /// <see cref="System.Threading.Timeout.InfiniteTimeSpan"/> keeps threads until the scheduler is disposed.
    /// </summary>
    public TimeSpan IdleTimeout { get; set; } = DefaultIdleTimeout;

    /// <summary>
    /// 16 threads per processor, at least 256. Blocked threads use no CPU, so the processor count is not what limits
    /// them; what they cost is memory (tens of KB of committed stack each, see docs/offload.md) and pressure on
    /// whatever they wait for. The floor absorbs a burst of a couple of hundred blocking requests on a small container.
    /// </summary>
    public static int DefaultMaxThreads => Math.Max(256, 16 * Environment.ProcessorCount);

    /// <summary>
    /// 30 seconds: longer than the thread pool's own 20 s, so bursts that come in waves (retries, batch clients) find
    /// their threads still there, and short enough that memory is given back soon after a burst.
    /// </summary>
    public static TimeSpan DefaultIdleTimeout { get; } = TimeSpan.FromSeconds(30);
}
