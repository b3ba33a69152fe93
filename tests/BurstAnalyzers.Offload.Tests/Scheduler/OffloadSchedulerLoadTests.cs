using System;
using System.Collections.Concurrent;
using System.Diagnostics;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.Tests.Infrastructure;
using Xunit;
using Xunit.Abstractions;

namespace BurstAnalyzers.Offload.Tests.Scheduler;

/// <summary>A large burst: the cap holds, everything completes, nothing is lost.</summary>
public sealed class OffloadSchedulerLoadTests(ITestOutputHelper output)
{
    [Fact]
    public async Task Two_thousand_simultaneous_blocking_calls_never_exceed_the_maximum_and_all_complete()
    {
        const int Calls = 2000;
        const int Submitters = 8;
        const int MaxThreads = 32;
        using TestScheduler test = TestScheduler.Create(MaxThreads);
        var threads = new ConcurrentDictionary<int, bool>();
        int running = 0;
        int peak = 0;
        var tasks = new Task<int>[Calls];

        // Several threads submit at the same moment, as concurrent requests would.
        using var go = new ManualResetEventSlim();
        Thread[] submitters = Enumerable.Range(0, Submitters).Select(s => new Thread(() =>
        {
            go.Wait();
            for (int i = s; i < Calls; i += Submitters)
            {
                int id = i;
                tasks[id] = test.Scheduler.RunAsync(() =>
                {
                    threads.TryAdd(Environment.CurrentManagedThreadId, true);
                    int now = Interlocked.Increment(ref running);
                    int seen;
                    while (now > (seen = Volatile.Read(ref peak)) && Interlocked.CompareExchange(ref peak, now, seen) != seen)
                    {
                    }

                    Thread.Sleep(20);
                    Interlocked.Decrement(ref running);
                    return id;
                });
            }
        })).ToArray();
        foreach (Thread submitter in submitters)
        {
            submitter.Start();
        }

        long startedAt = Stopwatch.GetTimestamp();
        go.Set();
        foreach (Thread submitter in submitters)
        {
            submitter.Join();
        }

        int[] results = await Task.WhenAll(tasks);
        TimeSpan elapsed = Stopwatch.GetElapsedTime(startedAt);
        output.WriteLine($"{Calls} calls of 20 ms on at most {MaxThreads} threads: {elapsed.TotalSeconds:F2} s, peak {peak} running, " +
            $"{threads.Count} threads used, {test.Metrics.Total(MetricNames.Queued)} queued");

        Assert.Equal(Enumerable.Range(0, Calls), results.Order());
        Assert.True(peak <= MaxThreads, $"{peak} ran at once");
        Assert.True(threads.Count <= MaxThreads, $"{threads.Count} distinct threads");
        Assert.True(test.Metrics.Total(MetricNames.ThreadsStarted) <= MaxThreads);
        Assert.True(test.Scheduler.ThreadCount <= MaxThreads);
        Assert.True(test.Metrics.Total(MetricNames.Queued) > 0, "the maximum was never reached");
        Assert.Equal(Calls, test.Metrics.Total(MetricNames.Completed));
        Assert.Equal(0, test.Scheduler.QueueLength);
    }
}
