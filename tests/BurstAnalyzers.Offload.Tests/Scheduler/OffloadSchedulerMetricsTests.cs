using System;
using System.Diagnostics;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.Tests.Infrastructure;
using BurstAnalyzers.Tests.Shared;
using Xunit;

namespace BurstAnalyzers.Offload.Tests.Scheduler;

/// <summary>The instruments dotnet-counters and OpenTelemetry see, under the meter "BurstAnalyzers.Offload".</summary>
public sealed class OffloadSchedulerMetricsTests
{
    [Fact]
    public void The_documented_instruments_are_published_with_their_units()
    {
        using TestScheduler test = TestScheduler.Create(maxThreads: 2);

        Assert.Equal(
            new[]
            {
                (MetricNames.QueueLength, "{work_item}"),
                (MetricNames.QueueWaitTime, "s"),
                (MetricNames.ThreadCount, "{thread}"),
                (MetricNames.ThreadsStarted, "{thread}"),
                (MetricNames.Completed, "{work_item}"),
                (MetricNames.Queued, "{work_item}"),
                (MetricNames.Rejected, "{work_item}"),
                (MetricNames.Running, "{work_item}"),
            },
            test.Metrics.Instruments.Values.Select(i => (i.Name, i.Unit ?? "")).OrderBy(i => i.Name, StringComparer.Ordinal));
        Assert.Equal("BurstAnalyzers.Offload", OffloadScheduler.MeterName);
    }

    [Fact]
    public async Task Gauges_counters_and_the_queue_wait_histogram_follow_the_work()
    {
        using TestScheduler test = TestScheduler.Create(maxThreads: 2);
        using var release = new ManualResetEventSlim();

        Task[] work = Enumerable.Range(0, 3).Select(_ => test.Scheduler.RunAsync(release.Wait)).ToArray();
        long queuedSince = Stopwatch.GetTimestamp();

        Assert.Equal(2, test.Metrics.Observe(MetricNames.ThreadCount));
        Assert.Equal(2, test.Metrics.Observe(MetricNames.Running));
        Assert.Equal(1, test.Metrics.Observe(MetricNames.QueueLength));
        Assert.Equal(1, test.Metrics.Total(MetricNames.Queued));

        TimeSpan heldAtLeast = Stopwatch.GetElapsedTime(queuedSince);
        release.Set();
        await Task.WhenAll(work);
        Eventually.True(() => test.Metrics.Observe(MetricNames.Running) == 0, "running drops to 0");

        Assert.Equal(0, test.Metrics.Observe(MetricNames.QueueLength));
        Assert.Equal(2, test.Metrics.Observe(MetricNames.ThreadCount));
        Assert.Equal(3, test.Metrics.Total(MetricNames.Completed));
        Assert.Equal(2, test.Metrics.Total(MetricNames.ThreadsStarted));
        double[] waits = test.Metrics.Recorded(MetricNames.QueueWaitTime).ToArray();
        Assert.Equal(3, waits.Length);
        Assert.True(waits.Max() >= heldAtLeast.TotalSeconds, $"the queued item waited {waits.Max()} s, held {heldAtLeast.TotalSeconds} s");
    }
}
