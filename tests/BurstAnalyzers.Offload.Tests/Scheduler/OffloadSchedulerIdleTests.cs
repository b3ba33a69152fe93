using System;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.Tests.Infrastructure;
using BurstAnalyzers.Tests.Shared;
using Xunit;

namespace BurstAnalyzers.Offload.Tests.Scheduler;

/// <summary>Idle threads exit after the idle timeout; new work then starts new ones.</summary>
public sealed class OffloadSchedulerIdleTests
{
    [Fact]
    public async Task Idle_threads_retire_after_the_idle_timeout_and_new_work_starts_new_ones()
    {
        using TestScheduler test = TestScheduler.Create(maxThreads: 8, idleTimeout: TimeSpan.FromSeconds(1));
        using var release = new ManualResetEventSlim();

        Task[] burst = Enumerable.Range(0, 3).Select(_ => test.Scheduler.RunAsync(release.Wait)).ToArray();
        release.Set();
        await Task.WhenAll(burst);

        // Just finished: idle, not yet retired.
        Assert.Equal(3, test.Scheduler.ThreadCount);

        Eventually.True(() => test.Scheduler.ThreadCount == 0, "all idle threads retired");
        Assert.Equal(0, test.Metrics.Observe(MetricNames.ThreadCount));

        string? name = await test.Scheduler.RunAsync(() => Thread.CurrentThread.Name);
        Assert.Equal("BurstOffload #4", name);
        Assert.Equal(4, test.Metrics.Total(MetricNames.ThreadsStarted));
    }

    [Fact]
    public async Task Threads_are_kept_while_work_keeps_arriving_within_the_idle_timeout()
    {
        using TestScheduler test = TestScheduler.Create(maxThreads: 8, idleTimeout: TimeSpan.FromSeconds(30));

        for (int i = 0; i < 20; i++)
        {
            await test.Scheduler.RunAsync(() => { });
        }

        Assert.Equal(1, test.Scheduler.ThreadCount);
        Assert.Equal(1, test.Metrics.Total(MetricNames.ThreadsStarted));
    }
}
