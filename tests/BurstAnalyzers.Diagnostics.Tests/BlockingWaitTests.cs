using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.Diagnostics.TestHost;
using BurstAnalyzers.Diagnostics.Tests.Infrastructure;
using BurstAnalyzers.Tests.Shared;
using Microsoft.Extensions.Logging;
using Xunit;

namespace BurstAnalyzers.Diagnostics.Tests;

/// <summary>
/// Synchronous task waits on request threads: reported with endpoint, call site and advice. The frames asserted are
/// those of a Debug build (CI's); what an optimized build's inlining leaves on the stack is in <see cref="CallSiteTests"/>.
/// </summary>
public sealed class BlockingWaitTests
{
    [Fact]
    public async Task WaitInsideACompiledLibrary_IsReportedWithTheEndpointAndTheLibraryCallSite()
    {
        await using DetectorHost host = await DetectorHost.StartAsync(o => o.CallSiteCapture = CallSiteCapture.Always);

        BurstResult result = await Burst.Start(host.Url("/vendor/quote?ms=300"), 3);
        Burst.AssertAllSucceeded(result);

        await Eventually.TrueAsync(() => host.Logs.WithEventId(3).Count > 0, "a BlockingWait report");
        LogEntry report = Assert.Single(host.Logs.WithEventId(3));
        Assert.Equal(LogLevel.Warning, report.Level);
        Assert.Equal("HTTP: GET /vendor/quote", report.Field("Endpoint"));
        Assert.Equal("System.Runtime.CompilerServices.TaskAwaiter`1.GetResult", report.Field("BlockingCall"));
        // The first frame is the library's, then the handler's: trimmed to code frames, framework frames dropped.
        string[] frames = report.Field("CallSite").Split(" <- ");
        Assert.Equal("Vendor.Sdk.QuoteClient.GetQuote", frames[0]);
        Assert.StartsWith("BurstAnalyzers.Diagnostics.TestHost.DetectorApp", frames[1], System.StringComparison.Ordinal);
        Assert.Equal("BurstAnalyzers.Diagnostics.TestVendor", report.Field("BlockingAssembly"));
        Assert.Contains("[OffloadBlocking]", report.Field("Advice"), System.StringComparison.Ordinal);
        Assert.InRange(double.Parse(report.Field("BlockedMilliseconds"), System.Globalization.CultureInfo.InvariantCulture), 250, 60_000);
    }

    [Fact]
    public async Task WaitInsideACompiledLibrary_BehindAnMvcAction_NamesTheActionAndAdvisesOffload()
    {
        await using DetectorHost host = await DetectorHost.StartAsync(o => o.CallSiteCapture = CallSiteCapture.Always);

        Burst.AssertAllSucceeded(await Burst.Start(host.Url("/mvc/vendor/quote?ms=300"), 2));

        await Eventually.TrueAsync(() => host.Logs.WithEventId(3).Count > 0, "a BlockingWait report");
        LogEntry report = Assert.Single(host.Logs.WithEventId(3));
        Assert.Equal("BurstAnalyzers.Diagnostics.TestHost.Controllers.VendorController.Quote (BurstAnalyzers.Diagnostics.TestHost)", report.Field("Endpoint"));
        Assert.StartsWith("Vendor.Sdk.QuoteClient.GetQuote <- BurstAnalyzers.Diagnostics.TestHost.Controllers.VendorController.Quote", report.Field("CallSite"), System.StringComparison.Ordinal);
        Assert.Contains("[OffloadBlocking]", report.Field("Advice"), System.StringComparison.Ordinal);
    }

    [Fact]
    public async Task WaitInTheApplicationsOwnCode_AdvisesTheAnalyzersFix()
    {
        await using DetectorHost host = await DetectorHost.StartAsync(o => o.CallSiteCapture = CallSiteCapture.Always);

        Burst.AssertAllSucceeded(await Burst.Start(host.Url("/own/wait?ms=300"), 2));

        await Eventually.TrueAsync(() => host.Logs.WithEventId(3).Count > 0, "a BlockingWait report");
        LogEntry report = Assert.Single(host.Logs.WithEventId(3));
        Assert.Equal("HTTP: GET /own/wait", report.Field("Endpoint"));
        // Task<T>.Result or the internal method it forwards to, depending on what the JIT inlined.
        Assert.StartsWith("System.Threading.Tasks.Task`1.", report.Field("BlockingCall"), System.StringComparison.Ordinal);
        Assert.Equal("BurstAnalyzers.Diagnostics.TestHost", report.Field("BlockingAssembly"));
        Assert.Contains("BURST002", report.Field("Advice"), System.StringComparison.Ordinal);
    }

    [Fact]
    public async Task ShortWaits_BelowTheThreshold_AreNotReported()
    {
        await using DetectorHost host = await DetectorHost.StartAsync(o =>
        {
            o.CallSiteCapture = CallSiteCapture.Always;
            o.BlockingThreshold = System.TimeSpan.FromSeconds(5);
        });

        Burst.AssertAllSucceeded(await Burst.Start(host.Url("/vendor/quote?ms=50"), 5));

        Assert.Empty(host.Logs.WithEventId(3));
    }
}
