using System;

namespace BurstAnalyzers.Offload;

/// <summary>Settings of the <see cref="OffloadScheduler"/>, set through <c>services.AddBurstOffload(o => ...)</c>.</summary>
public sealed class OffloadOptions
{
    /// <summary>
    /// The most dedicated threads the scheduler runs at once. Past it, work waits in a queue, up to
    /// <see cref="MaxQueueLength"/>, and the <c>burst.offload.work_item.queued</c> counter says so. Default:
    /// <see cref="DefaultMaxThreads"/>.
    /// </summary>
    public int MaxThreads { get; set; } = DefaultMaxThreads;

    private int? _maxQueueLength;

    /// <summary>
    /// The most work items that wait for a thread once all <see cref="MaxThreads"/> are busy. Past it, new work is not
    /// run: it fails with <see cref="OffloadQueueFullException"/>, which an offloaded ASP.NET Core handler answers with
    /// 503 Service Unavailable and Retry-After and a SoapCore operation with a SOAP fault; the
    /// <c>burst.offload.work_item.rejected</c> counter says so. 0 rejects whenever every thread is busy;
    /// <see cref="int.MaxValue"/> never rejects. Default, until set: <see cref="DefaultQueuedPerThread"/> times
    /// <see cref="MaxThreads"/>.
    /// </summary>
    public int MaxQueueLength
    {
        get => _maxQueueLength ?? (int)Math.Min(int.MaxValue, (long)DefaultQueuedPerThread * MaxThreads);
        set => _maxQueueLength = value;
    }

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
    /// 8 waiting work items per thread: the last one admitted starts after about 8 times the handler's own time (8 s
    /// behind handlers that block 1 s), well inside the 30-100 s after which clients commonly give up, so a burst past
    /// it is answered at once with 503 instead of after the client's timeout. Measured: 2,000 simultaneous requests
    /// blocking 500 ms on 32 threads were all served, the last after 32 s; with 8 per thread (256), 308 were served, the
    /// last after 6.2 s, and 1,692 got 503 within 2.5 s (docs/offload.md, "Queue limit").
    /// </summary>
    public const int DefaultQueuedPerThread = 8;

    /// <summary>
    /// 30 seconds: longer than the thread pool's own 20 s, so bursts that come in waves (retries, batch clients) find
    /// their threads still there, and short enough that memory is given back soon after a burst.
    /// </summary>
    public static TimeSpan DefaultIdleTimeout { get; } = TimeSpan.FromSeconds(30);
}
