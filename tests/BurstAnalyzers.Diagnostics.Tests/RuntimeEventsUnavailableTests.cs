using System;
using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.Diagnostics.TestHost;
using BurstAnalyzers.Diagnostics.Tests.Infrastructure;
using BurstAnalyzers.Offload.Tests.Infrastructure;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Xunit;

namespace BurstAnalyzers.Diagnostics.Tests;

/// <summary>Without the runtime's events the detector says so, and still finds starvation with its probe.</summary>
public sealed class RuntimeEventsUnavailableTests
{
    [Fact]
    public async Task MissingRuntimeEvents_AreReportedAsAnError_AndStarvationIsStillNamed()
    {
        await using DetectorHost host = await DetectorHost.StartAsync(
            o =>
            {
                o.CallSiteCapture = CallSiteCapture.Off;
                o.RuntimeEvents = RuntimeEvents.Always;
                o.StarvationThreshold = ProbeOnly.Threshold;
            },
            services =>
            {
                BlockingDetector detector = services.GetRequiredService<BlockingDetector>();
                detector.RuntimeSourceName = "BurstAnalyzers-Tests-NoSuchProvider";
                detector.EventsDeadline = TimeSpan.FromMilliseconds(300);
            });

        await Eventually.TrueAsync(() => host.Logs.WithEventId(4).Count > 0, "a RuntimeEventsUnavailable report");
        LogEntry failure = Assert.Single(host.Logs.WithEventId(4));
        Assert.Equal(LogLevel.Error, failure.Level);
        Assert.Contains("BurstAnalyzers-Tests-NoSuchProvider", failure.Field("Reason"), StringComparison.Ordinal);

        Task<BurstResult> burst = Burst.Start(host.Url("/sleep?ms=2000"), Burst.StarvingCount);
        await Eventually.TrueAsync(() => host.Logs.WithEventId(1).Any(NamesTheSleepEndpoint), "a ThreadPoolStarvation report from the probe");
        Burst.AssertServedUnderStarvation(await burst);
        LogEntry report = host.Logs.WithEventId(1).First(NamesTheSleepEndpoint);
        Assert.Equal("QueueDelay", report.Field("Reason"));
        Assert.Contains("HTTP: GET /sleep: ", report.Field("Endpoints"), StringComparison.Ordinal);
    }

    private static bool NamesTheSleepEndpoint(LogEntry report) => report.Field("Endpoints").Contains("HTTP: GET /sleep: ", StringComparison.Ordinal);
}
