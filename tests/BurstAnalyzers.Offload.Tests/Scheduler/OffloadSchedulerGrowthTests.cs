using System;
using System.Diagnostics;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.Tests.Infrastructure;
using BurstAnalyzers.Tests.Shared;
using Xunit;
using Xunit.Abstractions;

namespace BurstAnalyzers.Offload.Tests.Scheduler;

/// <summary>Threads start as soon as work arrives, and are reused.</summary>
public sealed class OffloadSchedulerGrowthTests(ITestOutputHelper output)
{
    [Fact]
    public async Task Twenty_blocking_items_all_start_at_once_without_injection_delay()
    {
        const int Items = 20;
        using TestScheduler test = TestScheduler.Create(maxThreads: 64);
        using var release = new ManualResetEventSlim();
        using var allStarted = new CountdownEvent(Items);
        long[] startedAt = new long[Items];

        long submittedAt = Stopwatch.GetTimestamp();
        Task[] work = Enumerable.Range(0, Items).Select(i => test.Scheduler.RunAsync(() =>
        {
            startedAt[i] = Stopwatch.GetTimestamp();
            allStarted.Signal();
            release.Wait();
        })).ToArray();

        // Every item blocks until all have started: on the thread pool past its minimum this takes about one injection
        // step (0.5-1 s) per extra thread, i.e. many seconds for 20.
        bool started = allStarted.Wait(Eventually.Deadline);
        release.Set();
        await Task.WhenAll(work);

        Assert.True(started, "not all 20 blocking items started");
        TimeSpan spread = Stopwatch.GetElapsedTime(submittedAt, startedAt.Max());
        output.WriteLine($"20 blocking items: last one started {spread.TotalMilliseconds:F1} ms after submission");
        Assert.True(spread < TimeSpan.FromSeconds(1), $"last item started after {spread.TotalMilliseconds:F0} ms");
        Assert.Equal(Items, test.Scheduler.ThreadCount);
        Assert.Equal(Items, test.Metrics.Total(MetricNames.ThreadsStarted));
    }

    [Fact]
    public async Task Work_runs_on_dedicated_background_threads_not_thread_pool_threads()
    {
        using TestScheduler test = TestScheduler.Create(maxThreads: 4);

        (bool pool, bool background, string? name, bool offload) seen = await test.Scheduler.RunAsync(() =>
            (Thread.CurrentThread.IsThreadPoolThread, Thread.CurrentThread.IsBackground, Thread.CurrentThread.Name, test.Scheduler.IsOffloadThread));

        Assert.False(seen.pool);
        Assert.True(seen.background);
        Assert.StartsWith("BurstOffload #", seen.name, StringComparison.Ordinal);
        Assert.True(seen.offload);
        Assert.False(test.Scheduler.IsOffloadThread);
    }

    [Fact]
    public async Task An_idle_thread_is_reused_instead_of_starting_another()
    {
        using TestScheduler test = TestScheduler.Create(maxThreads: 8);

        int[] threadIds = new int[5];
        for (int i = 0; i < threadIds.Length; i++)
        {
            threadIds[i] = await test.Scheduler.RunAsync(() => Environment.CurrentManagedThreadId);
        }

        Assert.Single(threadIds.Distinct());
        Assert.Equal(1, test.Scheduler.ThreadCount);
        Assert.Equal(1, test.Metrics.Total(MetricNames.ThreadsStarted));
    }
}
