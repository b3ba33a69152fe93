using System;
using System.Diagnostics;
using System.Diagnostics.Metrics;
using System.Globalization;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.TestHost.Probes;
using BurstAnalyzers.Offload.Tests.Infrastructure;
using Microsoft.Extensions.DependencyInjection;
using Xunit;
using Xunit.Abstractions;

namespace BurstAnalyzers.Offload.Tests.Burst;

/// <summary>A load held end to end: 2,000 simultaneous requests to an offloaded endpoint that blocks, within and past
/// the queue limit.</summary>
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
            o.MaxQueueLength = int.MaxValue;          // every request waits its turn: this test is about the thread cap
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

    [Fact]
    public async Task Past_the_default_queue_limit_a_burst_is_answered_at_once_with_503_and_the_served_requests_wait_a_bounded_time()
    {
        // Without the limit these 2,000 requests blocking 500 ms on 32 threads are all served, the last after about
        // 2,000 / 32 x 0.5 s = 31 s (measured: 32.2 s). With the default 8 per thread (256 queued), the last one served
        // starts after about 8 rounds.
        const int Requests = 2000;
        const int MaxThreads = 32;
        await using InProcessHost host = await InProcessHost.StartAsync(o => o.MaxThreads = MaxThreads);
        using var metrics = new OffloadMeterRecorder(host.Services.GetRequiredService<IMeterFactory>());

        using var client = new HttpClient(new SocketsHttpHandler()) { BaseAddress = host.BaseAddress, Timeout = TimeSpan.FromSeconds(60) };
        long startedAt = Stopwatch.GetTimestamp();
        (HttpStatusCode Status, double Seconds)[] answers = await Task.WhenAll(Enumerable.Range(0, Requests).Select(async id =>
        {
            using HttpResponseMessage response = await client.GetAsync($"/minimal/load/{id}?ms=500");
            return (response.StatusCode, Stopwatch.GetElapsedTime(startedAt).TotalSeconds);
        }));

        double[] served = answers.Where(a => a.Status == HttpStatusCode.OK).Select(a => a.Seconds).Order().ToArray();
        double[] refused = answers.Where(a => a.Status == HttpStatusCode.ServiceUnavailable).Select(a => a.Seconds).Order().ToArray();
        output.WriteLine($"{Requests} requests blocking 500 ms on {MaxThreads} threads, queue limit {OffloadOptions.DefaultQueuedPerThread * MaxThreads}: " +
            $"{served.Length} served (last after {served[^1]:F1} s), {refused.Length} got 503 (median after {refused[refused.Length / 2]:F2} s, last {refused[^1]:F2} s)");
        Assert.Equal(Requests, served.Length + refused.Length);
        Assert.True(served.Length >= MaxThreads + (OffloadOptions.DefaultQueuedPerThread * MaxThreads), $"only {served.Length} served");
        Assert.True(refused.Length > Requests / 2, $"only {refused.Length} refused");
        Assert.Equal(refused.Length, metrics.Total(MetricNames.Rejected));
        Assert.Equal(served.Length, metrics.Total(MetricNames.Completed));
        // Loose bounds for a shared machine: far below the unlimited queue's 31 s.
        Assert.True(served[^1] < 16, $"the last served request took {served[^1]:F1} s");
        Assert.True(refused[refused.Length / 2] < served[^1], "503s should come before the queue drains");
    }
}
