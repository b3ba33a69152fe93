using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.Tests.Infrastructure;
using BurstAnalyzers.Tests.Shared;
using Xunit;

namespace BurstAnalyzers.Offload.Tests.Scheduler;

/// <summary>Cancellation removes work that is still queued; work that started is never interrupted.</summary>
public sealed class OffloadSchedulerCancellationTests
{
    [Fact]
    public async Task Canceling_queued_work_removes_it_and_it_never_runs()
    {
        using TestScheduler test = TestScheduler.Create(maxThreads: 1);
        using var release = new ManualResetEventSlim();
        using var cts = new CancellationTokenSource();
        bool ran = false;

        Task blocker = test.Scheduler.RunAsync(release.Wait);
        Task queued = test.Scheduler.RunAsync(() => ran = true, cts.Token);
        Assert.Equal(1, test.Scheduler.QueueLength);

        cts.Cancel();

        Assert.True(queued.IsCanceled);
        Assert.Equal(0, test.Scheduler.QueueLength);
        TaskCanceledException canceled = await Assert.ThrowsAsync<TaskCanceledException>(() => queued);
        Assert.Equal(cts.Token, canceled.CancellationToken);

        release.Set();
        await blocker;
        bool nextRan = await test.Scheduler.RunAsync(() => true);
        Assert.True(nextRan);
        Assert.False(ran);
        Assert.Equal(2, test.Metrics.Total(MetricNames.Completed));
    }

    [Fact]
    public async Task Work_that_has_started_runs_to_completion_when_its_token_fires()
    {
        using TestScheduler test = TestScheduler.Create(maxThreads: 1);
        using var started = new ManualResetEventSlim();
        using var release = new ManualResetEventSlim();
        using var cts = new CancellationTokenSource();

        Task<string> work = test.Scheduler.RunAsync(() =>
        {
            started.Set();
            release.Wait();
            return "finished";
        }, cts.Token);
        Assert.True(started.Wait(Eventually.Deadline));

        cts.Cancel();
        release.Set();

        Assert.Equal("finished", await work);
    }

    [Fact]
    public async Task An_already_canceled_token_means_the_work_never_runs_and_no_thread_starts()
    {
        using TestScheduler test = TestScheduler.Create(maxThreads: 1);
        bool ran = false;

        Task work = test.Scheduler.RunAsync(() => ran = true, new CancellationToken(canceled: true));

        await Assert.ThrowsAsync<TaskCanceledException>(() => work);
        Assert.False(ran);
        Assert.Equal(0, test.Scheduler.ThreadCount);
    }

    [Fact]
    public async Task A_token_that_fires_after_queued_work_started_changes_nothing()
    {
        using TestScheduler test = TestScheduler.Create(maxThreads: 1);
        using var release = new ManualResetEventSlim();
        using var cts = new CancellationTokenSource();

        Task blocker = test.Scheduler.RunAsync(release.Wait);
        Task<int> queued = test.Scheduler.RunAsync(() => 42, cts.Token);
        release.Set();
        await blocker;
        int result = await queued;

        cts.Cancel();

        Assert.Equal(42, result);
        Assert.True(queued.IsCompletedSuccessfully);
    }
}
