using System;
using System.Diagnostics;
using System.Diagnostics.Metrics;
using System.Globalization;
using System.Linq;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.TestHost.Probes;
using BurstAnalyzers.Offload.Tests.Infrastructure;
using Microsoft.Extensions.DependencyInjection;
using Xunit;
using Xunit.Abstractions;

namespace BurstAnalyzers.Offload.Tests.Burst;

/// <summary>A load held end to end: 2,000 simultaneous requests to an offloaded endpoint that blocks.</summary>
public sealed class HttpLoadTests(ITestOutputHelper output)
{
    [Fact]
    public async Task Two_thousand_simultaneous_blocking_requests_all_complete_on_no_more_threads_than_the_maximum()
    {
        const int Requests = 2000;
        const int MaxThreads = 32;
        await using InProcessHost host = await InProcessHost.StartAsync(o =>
        {
            o.MaxThreads = MaxThreads;
            o.IdleTimeout = Timeout.InfiniteTimeSpan; // no retirement: threads started = most threads alive at once
        });
        using var metrics = new OffloadMeterRecorder(host.Services.GetRequiredService<IMeterFactory>());
        LoadTracker tracker = host.Services.GetRequiredService<LoadTracker>();
        OffloadScheduler scheduler = host.Services.GetRequiredService<OffloadScheduler>();

        // One connection per request (the handler's default has no per-server limit), all sent at once.
        using var client = new HttpClient(new SocketsHttpHandler()) { BaseAddress = host.BaseAddress, Timeout = TimeSpan.FromSeconds(60) };
        long startedAt = Stopwatch.GetTimestamp();
        string[] bodies = await Task.WhenAll(Enumerable.Range(0, Requests).Select(id => client.GetStringAsync($"/minimal/load/{id}?ms=20")));
        TimeSpan elapsed = Stopwatch.GetElapsedTime(startedAt);

        output.WriteLine($"{Requests} requests blocking 20 ms on at most {MaxThreads} offload threads: {elapsed.TotalSeconds:F2} s; " +
            $"peak {tracker.Peak} handlers at once on {tracker.DistinctThreads} threads; {metrics.Total(MetricNames.Queued)} queued");
        Assert.Equal(Enumerable.Range(0, Requests).Select(id => id.ToString(CultureInfo.InvariantCulture)), bodies);
        Assert.True(tracker.Peak <= MaxThreads, $"{tracker.Peak} handlers ran at once");
        Assert.True(tracker.DistinctThreads <= MaxThreads, $"handlers ran on {tracker.DistinctThreads} threads");
        Assert.True(metrics.Total(MetricNames.ThreadsStarted) <= MaxThreads);
        Assert.True(scheduler.ThreadCount <= MaxThreads);
        Assert.True(metrics.Total(MetricNames.Queued) > 0, "the maximum was never reached");
        Assert.Equal(Requests, metrics.Total(MetricNames.Completed));
    }
}
