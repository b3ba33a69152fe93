using System;
using System.Globalization;
using System.IO;
using System.Text.RegularExpressions;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;
using Xunit.Abstractions;

namespace BurstAnalyzers.Tests.Integration;

/// <summary>
/// The detector demo end to end, as a user gets it (samples/DetectorDemo with samples/VendorRates, the three packages
/// from artifacts/packages): the build reports the wait hidden in the vendor's DLL from its IL (library facts, no
/// configuration) at the endpoint as written and not at the offloaded one, the detector names the endpoint and the
/// vendor's call at run time, and [OffloadBlocking] brings the burst back to the wait's own time.
/// </summary>
[Collection(nameof(BurstDemoCollection))]
public sealed class DetectorDemoTests : IDisposable
{
    private static readonly TimeSpan Timeout = TimeSpan.FromMinutes(10);
    private static readonly Regex Row = new(@"^\| (?<endpoint>/vendor/[^|]+?) \| (?<median>[\d.]+) s \| (?<slowest>[\d.]+) s \|$", RegexOptions.Multiline);

    private readonly ConsumerCopy _copy = new("DetectorDemo", allowRestoredPackages: true, alsoSamples: new[] { "VendorRates" }, runtimePackages: true);
    private readonly ITestOutputHelper _log;

    public DetectorDemoTests(ITestOutputHelper log) => _log = log;

    [Fact]
    public async Task Demo_BuildReportsVendorWaitFromIL_DetectorNamesEndpointAndVendorCall_OffloadRestoresLatency()
    {
        var build = await DotNetCli.RunAsync(_copy.Root, Timeout, "build", _copy.SampleProject, "-c", "Release", "-nodeReuse:false");
        Assert.True(build.ExitCode == 0, $"The demo did not build:\n{build.Output}");
        // The two vendor calls as written (rates: a task wait inside; feed: a monitor wait), not the offloaded ones.
        Assert.Equal(
            new[] { ("Program.cs", 25, "BURST006", "warning"), ("Program.cs", 33, "BURST006", "warning") },
            ConsumerCopy.ReportedDiagnostics(build.Output));
        Assert.Contains(
            "warning BURST006: 'RateClient.GetRate' blocks request handler 'MapGet(\"/vendor/rates/{currency}\")' and has no async alternative; inside Vendor.Rates it waits on a task (RateClient.GetRate \u2192 TaskAwaiter.GetResult); run it on dedicated threads with [OffloadBlocking]",
            build.Output,
            StringComparison.Ordinal);

        var run = await DotNetCli.RunAsync(_copy.Root, Timeout, "run", "--no-build", "-c", "Release", "--project", _copy.SampleProject);
        _log.WriteLine(run.Output);
        Assert.True(run.ExitCode == 0, $"The demo failed:\n{run.Output}");

        Assert.Contains("run by this project's build): 2 BURST diagnostics.", run.Output, StringComparison.Ordinal);
        Assert.Contains("  BURST006 line 25: 'RateClient.GetRate' blocks request handler", run.Output, StringComparison.Ordinal);
        Assert.Matches(@"BlockingDetector\[1\]\s+Thread pool starvation \(QueueDelay\).*Requests in flight by endpoint: HTTP: GET /vendor/rates/\{currency\}: ", run.Output);
        Assert.Matches(@"BlockingDetector\[3\]\s+Endpoint HTTP: GET /vendor/rates/\{currency\} blocked a thread-pool thread for \d+ ms in [^,]+, called from Vendor\.Rates\.RateClient\.GetRate \(in Vendor\.Rates;", run.Output);

        double offloaded = Median(run.Output, "/vendor/rates-offloaded (OffloadBlocking)");
        double asWritten = Median(run.Output, "/vendor/rates (as written)");
        // Each request waits 1 s: offloaded, the burst takes about that (1.2 s measured); on the pool, 3.3 s.
        Assert.True(offloaded < 2.0, $"Offloaded median {offloaded} s, expected under 2 s.\n{run.Output}");
        Assert.True(asWritten >= 1.5 * offloaded, $"As written {asWritten} s, offloaded {offloaded} s: expected at least 1.5x.\n{run.Output}");
    }

    public void Dispose() => _copy.Dispose();

    private static double Median(string output, string endpoint)
    {
        foreach (Match match in Row.Matches(output.Replace("\r", "", StringComparison.Ordinal)))
        {
            if (match.Groups["endpoint"].Value == endpoint)
            {
                return double.Parse(match.Groups["median"].Value, CultureInfo.InvariantCulture);
            }
        }

        throw new Xunit.Sdk.XunitException($"No row for {endpoint} in:\n{output}");
    }
}
