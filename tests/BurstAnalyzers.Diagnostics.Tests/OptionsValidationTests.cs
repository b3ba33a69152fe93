using System;
using System.Threading.Tasks;
using BurstAnalyzers.Diagnostics.TestHost;
using BurstAnalyzers.Diagnostics.Tests.Infrastructure;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.Options;
using Xunit;

namespace BurstAnalyzers.Diagnostics.Tests;

/// <summary>Unusable options stop the application at start-up, naming every such option and its value.</summary>
public sealed class OptionsValidationTests
{
    [Theory]
    [InlineData("BlockingThreshold", "BlockingDetectorOptions.BlockingThreshold must be positive and at most 2147483647 ms (was 00:00:00).")]
    [InlineData("MaxFrames", "BlockingDetectorOptions.MaxFrames must be at least 1 (was 0).")]
    [InlineData("CallSiteCapture", "BlockingDetectorOptions.CallSiteCapture has no meaning for 7.")]
    [InlineData("StarvationThreshold", "BlockingDetectorOptions.StarvationThreshold must be positive and at most 2147483647 ms (was -00:00:01).")]
    [InlineData("RuntimeEvents", "BlockingDetectorOptions.RuntimeEvents has no meaning for 9.")]
    public async Task InvalidOption_FailsStartup(string option, string message)
    {
        await using WebApplication app = DetectorApp.Build(new LogRecorder(), o =>
        {
            switch (option)
            {
                case "BlockingThreshold": o.BlockingThreshold = TimeSpan.Zero; break;
                case "MaxFrames": o.MaxFrames = 0; break;
                case "StarvationThreshold": o.StarvationThreshold = TimeSpan.FromSeconds(-1); break;
                case "RuntimeEvents": o.RuntimeEvents = (RuntimeEvents)9; break;
                default: o.CallSiteCapture = (CallSiteCapture)7; break;
            }
        });

        OptionsValidationException exception = await Assert.ThrowsAsync<OptionsValidationException>(() => app.StartAsync());
        Assert.Equal(message, Assert.Single(exception.Failures));
    }

    [Fact]
    public async Task SeveralInvalidOptions_AreAllNamed()
    {
        await using WebApplication app = DetectorApp.Build(new LogRecorder(), o =>
        {
            o.ReportInterval = TimeSpan.Zero;
            o.MaxTrackedSites = -2;
            o.RuntimeEvents = (RuntimeEvents)9;
        });

        OptionsValidationException exception = await Assert.ThrowsAsync<OptionsValidationException>(() => app.StartAsync());
        Assert.Equal(
            [
                "BlockingDetectorOptions.ReportInterval must be positive and at most 2147483647 ms (was 00:00:00).",
                "BlockingDetectorOptions.MaxTrackedSites must be at least 1 (was -2).",
                "BlockingDetectorOptions.RuntimeEvents has no meaning for 9.",
            ],
            exception.Failures);
    }

    [Fact]
    public async Task Disabled_SaysSo_AndListensToNothing()
    {
        await using DetectorHost host = await DetectorHost.StartAsync(o => o.Enabled = false);

        LogEntry entry = Assert.Single(host.Logs.Entries);
        Assert.Equal(6, entry.EventId);
    }
}
