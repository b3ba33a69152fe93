using System;
using System.Diagnostics.Metrics;
using System.Threading;
using Microsoft.Extensions.DependencyInjection;

namespace BurstAnalyzers.Offload.Tests.Infrastructure;

/// <summary>A scheduler with a meter factory of its own, and a recorder listening to exactly its instruments.</summary>
internal sealed class TestScheduler : IDisposable
{
    private readonly ServiceProvider _services;

    private TestScheduler(int maxThreads, TimeSpan idleTimeout)
    {
        _services = new ServiceCollection().AddMetrics().BuildServiceProvider();
        IMeterFactory meterFactory = _services.GetRequiredService<IMeterFactory>();
        Metrics = new OffloadMeterRecorder(meterFactory);
        Scheduler = new OffloadScheduler(new OffloadOptions { MaxThreads = maxThreads, IdleTimeout = idleTimeout }, meterFactory);
    }

    public OffloadScheduler Scheduler { get; }

    public OffloadMeterRecorder Metrics { get; }

    /// <param name="maxThreads">The cap.</param>
    /// <param name="idleTimeout">Default: infinite, so no thread retires during the test unless it is about that.</param>
    public static TestScheduler Create(int maxThreads, TimeSpan? idleTimeout = null) =>
        new(maxThreads, idleTimeout ?? Timeout.InfiniteTimeSpan);

    public void Dispose()
    {
        Scheduler.Dispose();
        Metrics.Dispose();
        _services.Dispose();
    }
}
