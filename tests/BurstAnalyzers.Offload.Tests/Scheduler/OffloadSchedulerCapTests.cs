using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Offload.Tests.Scheduler;

/// <summary>Never more threads than the maximum; past it, work queues in order and is counted.</summary>
public sealed class OffloadSchedulerCapTests
{
    [Fact]
    public async Task Work_past_the_maximum_waits_in_the_queue_and_is_counted()
    {
        using TestScheduler test = TestScheduler.Create(maxThreads: 4);
        using var release = new ManualResetEventSlim();
        var threads = new ConcurrentDictionary<int, bool>();
        int running = 0;
        int peak = 0;

        Task[] work = Enumerable.Range(0, 10).Select(_ => test.Scheduler.RunAsync(() =>
        {
            threads.TryAdd(Environment.CurrentManagedThreadId, true);
            int now = Interlocked.Increment(ref running);
            InterlockedMax(ref peak, now);
            release.Wait();
            Interlocked.Decrement(ref running);
        })).ToArray();

        // Submission decides at once: 4 items got a thread, 6 wait.
        Assert.Equal(4, test.Scheduler.ThreadCount);
        Assert.Equal(4, test.Scheduler.RunningCount);
        Assert.Equal(6, test.Scheduler.QueueLength);
        Assert.Equal(6, test.Metrics.Total(MetricNames.Queued));
        Assert.Equal(6, test.Metrics.Observe(MetricNames.QueueLength));

        release.Set();
        await Task.WhenAll(work);

        Assert.True(peak <= 4, $"{peak} items ran at once");
        Assert.Equal(4, threads.Count);
        Assert.Equal(4, test.Metrics.Total(MetricNames.ThreadsStarted));
        Assert.Equal(10, test.Metrics.Total(MetricNames.Completed));
        Assert.Equal(0, test.Scheduler.QueueLength);
    }

    [Fact]
    public async Task Queued_work_runs_in_submission_order_and_none_is_lost()
    {
        using TestScheduler test = TestScheduler.Create(maxThreads: 1);
        using var release = new ManualResetEventSlim();
        var order = new List<int>();

        Task blocker = test.Scheduler.RunAsync(release.Wait);
        Task<int>[] queued = Enumerable.Range(0, 50).Select(i => test.Scheduler.RunAsync(() =>
        {
            order.Add(i); // one thread: no lock needed
            return i;
        })).ToArray();
        Assert.Equal(50, test.Scheduler.QueueLength);

        release.Set();
        await blocker;
        int[] results = await Task.WhenAll(queued);

        Assert.Equal(Enumerable.Range(0, 50), results);
        Assert.Equal(Enumerable.Range(0, 50), order);
    }

    private static void InterlockedMax(ref int target, int value)
    {
        int seen;
        while (value > (seen = Volatile.Read(ref target)) && Interlocked.CompareExchange(ref target, value, seen) != seen)
        {
        }
    }
}
