using System;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.Tests.Infrastructure;
using BurstAnalyzers.Tests.Shared;
using Xunit;

namespace BurstAnalyzers.Offload.Tests.Scheduler;

/// <summary>Disposal stops idle threads, refuses new work, and still runs what was already accepted.</summary>
public sealed class OffloadSchedulerDisposeTests
{
    [Fact]
    public async Task Dispose_stops_idle_threads_and_refuses_new_work_without_throwing()
    {
        using TestScheduler test = TestScheduler.Create(maxThreads: 4);
        await test.Scheduler.RunAsync(() => { });
        Assert.Equal(1, test.Scheduler.ThreadCount);

        test.Scheduler.Dispose();

        Eventually.True(() => test.Scheduler.ThreadCount == 0, "the idle thread exited");
        Task refused = test.Scheduler.RunAsync(() => { });
        await Assert.ThrowsAsync<ObjectDisposedException>(() => refused);
    }

    [Fact]
    public async Task Work_queued_before_Dispose_still_runs()
    {
        using TestScheduler test = TestScheduler.Create(maxThreads: 1);
        using var release = new ManualResetEventSlim();
        Task blocker = test.Scheduler.RunAsync(release.Wait);
        Task<string> queued = test.Scheduler.RunAsync(() => "ran");

        test.Scheduler.Dispose();
        release.Set();

        await blocker;
        Assert.Equal("ran", await queued);
        Eventually.True(() => test.Scheduler.ThreadCount == 0, "the last thread exited after draining the queue");
    }
}
