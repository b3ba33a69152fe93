using System;
using System.Threading.Tasks;
using BurstAnalyzers.Diagnostics.TestHost;
using BurstAnalyzers.Diagnostics.Tests.Infrastructure;
using BurstAnalyzers.Tests.Shared;
using Microsoft.Extensions.Logging;
using Xunit;

namespace BurstAnalyzers.Diagnostics.Tests;

/// <summary>Without the runtime's events the detector says so, and still finds starvation with its probe.</summary>
public sealed class RuntimeEventsUnavailableTests
{
    [Fact]
    public async Task MissingRuntimeEvents_AreReportedAsAnError_AndStarvationIsStillNamed()
    {
        // A pool at its defaults, so that the burst starves it (Burst.StarvingCount says why not this process's).
        using ChildHost host = ChildHost.Start(new ChildOptions(CallSiteCapture.Off, RuntimeEvents.Always, MissingRuntimeSource: "BurstAnalyzers-Tests-NoSuchProvider"));

        await Eventually.TrueAsync(() => host.Logs.WithEventId(4).Count > 0, "a RuntimeEventsUnavailable report");
        LogEntry failure = Assert.Single(host.Logs.WithEventId(4));
        Assert.Equal(LogLevel.Error, failure.Level);
        Assert.Contains("BurstAnalyzers-Tests-NoSuchProvider", failure.Field("Reason"), StringComparison.Ordinal);

        Task<BurstResult> burst = Burst.Start(host.Url("/sleep?ms=1500"), Burst.StarvingCount);
        await Eventually.TrueAsync(() => host.Logs.WithEventId(1).Count > 0, "a ThreadPoolStarvation report from the probe");
        Burst.AssertServedUnderStarvation(await burst);
        LogEntry report = Assert.Single(host.Logs.WithEventId(1));
        Assert.Equal("QueueDelay", report.Field("Reason"));
        Assert.Contains("HTTP: GET /sleep: ", report.Field("Endpoints"), StringComparison.Ordinal);
    }
}
