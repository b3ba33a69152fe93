using System;
using System.Threading.Tasks;
using BurstAnalyzers.Diagnostics.TestHost;
using BurstAnalyzers.Diagnostics.Tests.Infrastructure;
using BurstAnalyzers.Tests.Shared;
using Microsoft.Extensions.DependencyInjection;
using Xunit;

namespace BurstAnalyzers.Diagnostics.Tests;

/// <summary>
/// Listening to the runtime's thread-pool events costs every request (docs/detector.md, Overhead): by default the
/// detector listens only while the pool starves, and a healthy application pays nothing for them.
/// </summary>
public sealed class RuntimeEventsModeTests
{
    [Fact]
    public async Task ByDefault_NothingIsListenedTo_UntilThePoolStarves()
    {
        await using DetectorHost host = await DetectorHost.StartAsync();
        BlockingDetector detector = host.Services.GetRequiredService<BlockingDetector>();

        Assert.False(detector.ListeningToRuntimeEvents);
        Assert.False(detector.CapturingCallSites);
        LogEntry started = Assert.Single(host.Logs.WithEventId(5));
        Assert.Equal("DuringStarvation", started.Field("RuntimeEvents"));
        Assert.Equal("1000", started.Field("StarvationThresholdMilliseconds"));

        SimultaneousRequests.Send(host.Url("/async?ms=10"), 20);

        // Only an episode turns them on. This process's pool is shared with what earlier tests left running, so an
        // episode can happen here; then the window is open, which is right, and the claim is not what this test checks.
        if (host.Logs.WithEventId(7).Count == 0)
        {
            Assert.False(detector.ListeningToRuntimeEvents);
            Assert.False(detector.CapturingCallSites);
        }
        else
        {
            Assert.True(detector.ListeningToRuntimeEvents);
        }
    }

    [Fact]
    public async Task Always_ListensFromTheStart()
    {
        await using DetectorHost host = await DetectorHost.StartAsync(o => o.RuntimeEvents = RuntimeEvents.Always);
        BlockingDetector detector = host.Services.GetRequiredService<BlockingDetector>();

        Assert.True(detector.ListeningToRuntimeEvents);
        await Eventually.TrueAsync(() => detector.RuntimeEventsSubscribed, "the runtime's provider accepting the subscription");
        Assert.Empty(host.Logs.WithEventId(4));
    }

    [Fact]
    public async Task Off_NeverListens_EvenWhenThePoolStarves()
    {
        // A pool at its defaults, so that the burst starves it (Burst.StarvingCount says why not this process's).
        using ChildHost host = ChildHost.Start(new ChildOptions(CallSiteCapture.Off, RuntimeEvents.Off));

        Task<BurstResult> burst = Burst.Start(host.Url("/sleep?ms=1500"), Burst.StarvingCount);
        await Eventually.TrueAsync(() => host.Logs.WithEventId(1).Count > 0, "a ThreadPoolStarvation report from the probe");
        Burst.AssertServedUnderStarvation(await burst);
        Assert.Equal("QueueDelay", host.Logs.WithEventId(1)[0].Field("Reason"));

        // Inside the episode's window, when DuringStarvation would be listening.
        Assert.Contains("ListeningToRuntimeEvents=False", host.DetectorState(), StringComparison.Ordinal);
        await Eventually.TrueAsync(() => host.Logs.WithEventId(2).Count > 0, "a ThreadPoolStarvationEnded report");
        LogEntry ended = Assert.Single(host.Logs.WithEventId(2));
        Assert.Equal("Off", ended.Field("RuntimeEvents"));
        Assert.Equal("0", ended.Field("StarvationInjections"));
    }
}
