using System;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Offload.Tests.Scheduler;

/// <summary>Past MaxQueueLength waiting items, work is refused at once, never run, and counted; nothing queued is lost.</summary>
public sealed class OffloadSchedulerQueueLimitTests
{
    [Fact]
    public async Task Work_past_the_queue_limit_fails_at_once_with_OffloadQueueFullException_and_never_runs()
    {
        using TestScheduler test = TestScheduler.Create(maxThreads: 1, maxQueueLength: 2);
        using var release = new ManualResetEventSlim();
        int ran = 0;

        Task blocker = test.Scheduler.RunAsync(release.Wait);
        Task[] queued = Enumerable.Range(0, 2).Select(_ => test.Scheduler.RunAsync(() => Interlocked.Increment(ref ran))).ToArray();
        Task refused = test.Scheduler.RunAsync(() => Interlocked.Increment(ref ran));

        // Decided at submission: the refused task is already faulted while the others wait.
        Assert.True(refused.IsFaulted);
        OffloadQueueFullException error = await Assert.ThrowsAsync<OffloadQueueFullException>(() => refused);
        Assert.Contains("2 work items wait", error.Message, StringComparison.Ordinal);
        Assert.Equal(TimeSpan.FromSeconds(1), error.RetryAfter); // nothing has run yet: no average, the minimum
        Assert.Equal(2, test.Scheduler.QueueLength);
        Assert.Equal(1, test.Metrics.Total(MetricNames.Rejected));
        Assert.Equal(2, test.Metrics.Total(MetricNames.Queued));

        release.Set();
        await blocker;
        await Task.WhenAll(queued);
        Assert.Equal(2, ran);
        Assert.Equal(3, test.Metrics.Total(MetricNames.Completed));
    }

    [Fact]
    public async Task A_limit_of_zero_refuses_work_whenever_every_thread_is_busy_and_accepts_it_again_once_one_is_free()
    {
        using TestScheduler test = TestScheduler.Create(maxThreads: 1, maxQueueLength: 0);
        using var release = new ManualResetEventSlim();

        Task blocker = test.Scheduler.RunAsync(release.Wait);
        await Assert.ThrowsAsync<OffloadQueueFullException>(() => test.Scheduler.RunAsync(() => 1));

        release.Set();
        await blocker;
        Assert.Equal(2, await test.Scheduler.RunAsync(() => 2));
        Assert.Equal(1, test.Metrics.Total(MetricNames.Rejected));
        Assert.Equal(0, test.Metrics.Total(MetricNames.Queued));
    }

    [Fact]
    public async Task Retry_After_is_the_queue_drain_time_at_the_average_run_time()
    {
        using TestScheduler test = TestScheduler.Create(maxThreads: 1, maxQueueLength: 3);
        // One item of known length sets the average (the first sample is taken as is).
        await test.Scheduler.RunAsync(() => Thread.Sleep(1000));

        using var release = new ManualResetEventSlim();
        Task blocker = test.Scheduler.RunAsync(release.Wait);
        Task[] queued = Enumerable.Range(0, 3).Select(_ => test.Scheduler.RunAsync(() => { })).ToArray();
        OffloadQueueFullException error = await Assert.ThrowsAsync<OffloadQueueFullException>(() => test.Scheduler.RunAsync(() => { }));
        release.Set();
        await Task.WhenAll(queued.Append(blocker));

        // 3 queued + this one, at >= 1 s each on 1 thread: at least 4 s, in whole seconds.
        Assert.True(error.RetryAfter >= TimeSpan.FromSeconds(4), $"Retry-After {error.RetryAfter}");
        Assert.Equal(0, error.RetryAfter.Ticks % TimeSpan.TicksPerSecond);
    }
}
