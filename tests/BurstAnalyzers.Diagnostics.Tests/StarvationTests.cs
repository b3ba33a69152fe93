using System;
using System.Globalization;
using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.Diagnostics.TestHost;
using BurstAnalyzers.Diagnostics.Tests.Infrastructure;
using BurstAnalyzers.Tests.Shared;
using Xunit;

namespace BurstAnalyzers.Diagnostics.Tests;

/// <summary>
/// The starvation signal (the detector's queue-delay probe, with the runtime's events listened to while it lasts) names
/// the endpoints in flight. Each test runs the application in a
/// child process: the pool there starts at its defaults, as in a freshly started service.
/// </summary>
public sealed class StarvationTests
{
    [Fact]
    public async Task ThreadSleepBurst_StarvationReportNamesTheEndpoint()
    {
        using ChildHost host = ChildHost.Start(CallSiteCapture.Off);

        Task<BurstResult> burst = Burst.Start(host.Url("/sleep?ms=1500"), Burst.StarvingCount);
        await Eventually.TrueAsync(() => host.Logs.WithEventId(1).Count > 0, "a ThreadPoolStarvation report");
        LogEntry report = Assert.Single(host.Logs.WithEventId(1));
        // Thread.Sleep raises no wait event: the probe waited in the queue, and the in-flight table names who holds the threads.
        Assert.Equal("QueueDelay", report.Field("Reason"));
        Assert.True(double.Parse(report.Field("QueueDelayMilliseconds"), CultureInfo.InvariantCulture) >= 1000, report.Message);
        Assert.Contains("HTTP: GET /sleep: ", report.Field("Endpoints"), StringComparison.Ordinal);

        // That signal switched the runtime's events on. On a saturated CPU the pool adds a thread for starvation only
        // after seconds without a dequeue (it scales the wait with its thread count), which 1.5 s requests never give
        // it: the count can rightly stay 0. Threads blocked on tasks make the pool add threads promptly whatever the
        // load, so a second burst of those, once the subscription delivers, shows that the additions are counted.
        await Eventually.TrueAsync(() => host.DetectorState().Contains("RuntimeEventsSubscribed=True", StringComparison.Ordinal), "the runtime's events subscribed");
        Task<BurstResult> second = Burst.Start(host.Url("/vendor/quote?ms=1500"), Burst.StarvingCount);
        Burst.AssertServedUnderStarvation(await burst);
        Burst.AssertServedUnderStarvation(await second);
        Assert.Empty(host.Logs.WithEventId(3));

        await Eventually.TrueAsync(() => CountedInjections(host) > 0, "a ThreadPoolStarvationEnded report counting threads the pool added");
        Assert.All(host.Logs.WithEventId(2), ended => Assert.Equal("DuringStarvation", ended.Field("RuntimeEvents")));
    }

    private static int CountedInjections(ChildHost host) =>
        host.Logs.WithEventId(2).Sum(ended => int.Parse(ended.Field("StarvationInjections"), CultureInfo.InvariantCulture)
            + int.Parse(ended.Field("CooperativeBlockingInjections"), CultureInfo.InvariantCulture));

    [Fact]
    public async Task LibraryBlockingBurst_ByDefault_NamesTheEndpointThenCapturesTheCallSite()
    {
        using ChildHost host = ChildHost.Start(CallSiteCapture.DuringStarvation);

        Task<BurstResult> burst = Burst.Start(host.Url("/vendor/quote?ms=1500"), 40);
        await Eventually.TrueAsync(() => host.Logs.WithEventId(1).Count > 0, "a ThreadPoolStarvation report");
        Assert.Equal("QueueDelay", host.Logs.WithEventId(1)[0].Field("Reason"));
        Assert.Contains("HTTP: GET /vendor/quote: ", host.Logs.WithEventId(1)[0].Field("Endpoints"), StringComparison.Ordinal);
        // Capture switched on with starvation; the requests the new threads pick up next are caught in their wait.
        Assert.NotEmpty(host.Logs.WithEventId(7));
        BurstResult result = await burst;

        Burst.AssertServedUnderStarvation(result);
        await Eventually.TrueAsync(() => host.Logs.WithEventId(3).Count > 0, "a BlockingWait report");
        LogEntry wait = host.Logs.WithEventId(3).Single();
        Assert.Equal("HTTP: GET /vendor/quote", wait.Field("Endpoint"));
        Assert.StartsWith("Vendor.Sdk.QuoteClient.GetQuote", wait.Field("CallSite"), StringComparison.Ordinal);
    }
}
