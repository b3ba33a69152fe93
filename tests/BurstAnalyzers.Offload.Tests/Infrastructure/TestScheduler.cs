using System;
using System.Diagnostics.Metrics;
using System.Threading;
using Microsoft.Extensions.DependencyInjection;

namespace BurstAnalyzers.Offload.Tests.Infrastructure;

/// <summary>A scheduler with a meter factory of its own, and a recorder listening to exactly its instruments.</summary>
internal sealed class TestScheduler : IDisposable
{
    private readonly ServiceProvider _services;

    private TestScheduler(int maxThreads, TimeSpan idleTimeout, int maxQueueLength)
    {
        _services = new ServiceCollection().AddMetrics().BuildServiceProvider();
        IMeterFactory meterFactory = _services.GetRequiredService<IMeterFactory>();
        Metrics = new OffloadMeterRecorder(meterFactory);
        Scheduler = new OffloadScheduler(new OffloadOptions { MaxThreads = maxThreads, IdleTimeout = idleTimeout, MaxQueueLength = maxQueueLength }, meterFactory);
    }

    public OffloadScheduler Scheduler { get; }

    public OffloadMeterRecorder Metrics { get; }

    /// <param name="maxThreads">The cap.</param>
    /// <param name="idleTimeout">Default: infinite, so no thread retires during the test unless it is about that.</param>
    /// <param name="maxQueueLength">Default: unbounded, so no work is refused unless the test is about that.</param>
    public static TestScheduler Create(int maxThreads, TimeSpan? idleTimeout = null, int maxQueueLength = int.MaxValue) =>
        new(maxThreads, idleTimeout ?? Timeout.InfiniteTimeSpan, maxQueueLength);

    public void Dispose()
    {
        Scheduler.Dispose();
        Metrics.Dispose();
        _services.Dispose();
    }
}
