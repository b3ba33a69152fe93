using System;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Offload.Tests.Scheduler;

/// <summary>What the work throws is what the caller gets; the thread survives it.</summary>
public sealed class OffloadSchedulerExceptionTests
{
    [Fact]
    public async Task The_exception_the_work_throws_reaches_the_caller_unchanged()
    {
        using TestScheduler test = TestScheduler.Create(maxThreads: 2);
        var thrown = new InvalidOperationException("vendor SDK failed");

        Task<int> work = test.Scheduler.RunAsync<int>(() => throw thrown);

        InvalidOperationException caught = await Assert.ThrowsAsync<InvalidOperationException>(() => work);
        Assert.Same(thrown, caught);
        Assert.True(work.IsFaulted);
    }

    [Fact]
    public async Task An_OperationCanceledException_thrown_by_the_work_is_rethrown_as_is_not_as_a_canceled_task()
    {
        using TestScheduler test = TestScheduler.Create(maxThreads: 2);
        using var cts = new CancellationTokenSource();
        var thrown = new OperationCanceledException("the work gave up", cts.Token);

        Task work = test.Scheduler.RunAsync(() => throw thrown);

        OperationCanceledException caught = await Assert.ThrowsAsync<OperationCanceledException>(() => work);
        Assert.Same(thrown, caught);
    }

    [Fact]
    public async Task The_thread_survives_an_exception_and_runs_the_next_item()
    {
        using TestScheduler test = TestScheduler.Create(maxThreads: 1);

        int failedOn = 0;
        Task failing = test.Scheduler.RunAsync(() =>
        {
            failedOn = Environment.CurrentManagedThreadId;
            throw new InvalidOperationException("boom");
        });
        await Assert.ThrowsAsync<InvalidOperationException>(() => failing);

        int nextOn = await test.Scheduler.RunAsync(() => Environment.CurrentManagedThreadId);

        Assert.Equal(failedOn, nextOn);
        Assert.Equal(1, test.Scheduler.ThreadCount);
        Assert.Equal(2, test.Metrics.Total(MetricNames.Completed));
    }
}
