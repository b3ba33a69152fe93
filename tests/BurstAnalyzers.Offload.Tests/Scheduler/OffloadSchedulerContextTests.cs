using System;
using System.Diagnostics;
using System.Globalization;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Offload.Tests.Scheduler;

/// <summary>The caller's execution context flows into the work, and nothing leaks from one item to the next.</summary>
public sealed class OffloadSchedulerContextTests
{
    private static readonly AsyncLocal<string?> s_request = new();
    private static readonly AsyncLocal<string?> s_setByWork = new();

    [Fact]
    public async Task AsyncLocal_values_culture_and_the_current_Activity_flow_into_the_work()
    {
        using TestScheduler test = TestScheduler.Create(maxThreads: 2);
        using var activity = new Activity("caller").Start();
        s_request.Value = "request-42";
        CultureInfo.CurrentCulture = CultureInfo.GetCultureInfo("fr-FR");
        CultureInfo.CurrentUICulture = CultureInfo.GetCultureInfo("de-DE");

        (string? request, string culture, string uiCulture, string? activityId) seen = await test.Scheduler.RunAsync(() =>
            (s_request.Value, CultureInfo.CurrentCulture.Name, CultureInfo.CurrentUICulture.Name, Activity.Current?.Id));

        Assert.Equal("request-42", seen.request);
        Assert.Equal("fr-FR", seen.culture);
        Assert.Equal("de-DE", seen.uiCulture);
        Assert.Equal(activity.Id, seen.activityId);
    }

    [Fact]
    public async Task Values_set_by_one_item_or_its_caller_do_not_leak_into_the_next_item_on_the_same_thread()
    {
        using TestScheduler test = TestScheduler.Create(maxThreads: 1);

        await RunAsRequest(test.Scheduler, "first");
        (string? request, string? setByWork, string culture) second = await Task.Run(() =>
            test.Scheduler.RunAsync(() => (s_request.Value, s_setByWork.Value, CultureInfo.CurrentCulture.Name)));

        Assert.Null(second.request);
        Assert.Null(second.setByWork);
        Assert.Equal(CultureInfo.InvariantCulture.Name, second.culture);
    }

    [Fact]
    public async Task Work_submitted_with_flow_suppressed_runs_in_a_clean_context()
    {
        using TestScheduler test = TestScheduler.Create(maxThreads: 1);
        await RunAsRequest(test.Scheduler, "first");

        s_request.Value = "suppressed caller";
        Task<(string?, string?)> work;
        using (ExecutionContext.SuppressFlow())
        {
            work = test.Scheduler.RunAsync<(string?, string?)>(() => (s_request.Value, s_setByWork.Value));
        }

        (string? request, string? setByWork) seen = await work;
        Assert.Null(seen.request);
        Assert.Null(seen.setByWork);
    }

    [Fact]
    public async Task Offloading_from_an_offload_thread_runs_inline_instead_of_queueing_behind_itself()
    {
        using TestScheduler test = TestScheduler.Create(maxThreads: 1);

        (int outer, int inner) threads = await test.Scheduler.RunAsync(() =>
        {
            // With one thread, a queued inner item could only run after this one: inline is the only way to finish.
            Task<int> inner = test.Scheduler.RunAsync(() => Environment.CurrentManagedThreadId);
            return (Environment.CurrentManagedThreadId, inner.GetAwaiter().GetResult());
        });

        Assert.Equal(threads.outer, threads.inner);
        Assert.Equal(1, test.Metrics.Total(MetricNames.Completed));
    }

    // Runs one item from a context of its own that sets request state, culture, and state inside the work.
    private static Task RunAsRequest(OffloadScheduler scheduler, string request) => Task.Run(() =>
    {
        s_request.Value = request;
        CultureInfo.CurrentCulture = CultureInfo.GetCultureInfo("fr-FR");
        return scheduler.RunAsync(() =>
        {
            s_setByWork.Value = "leaked?";
            CultureInfo.CurrentCulture = CultureInfo.GetCultureInfo("ja-JP");
        });
    });
}
