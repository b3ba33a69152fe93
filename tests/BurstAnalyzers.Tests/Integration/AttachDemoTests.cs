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
/// The detector demo's attach scenario end to end, from a copy that gets the packages as a user would (burst-attach
/// included): the build reports a vendor DLL's monitor wait from its IL; burst-attach, attached to the running demo,
/// names the endpoint and the call inside the library and prints the .editorconfig line; the project rebuilt with that
/// line and without the library scan reports BURST006 at the call from the line alone; the offloaded endpoint's burst is
/// faster than the one as written.
/// </summary>
[Collection(nameof(BurstDemoCollection))]
public sealed class AttachDemoTests : IDisposable
{
    private static readonly TimeSpan Timeout = TimeSpan.FromMinutes(10);
    private static readonly Regex Row = new(@"^\| (?<endpoint>/vendor/[^|]+?) \| (?<median>[\d.]+) s \| (?<slowest>[\d.]+) s \|$", RegexOptions.Multiline);

    private readonly ConsumerCopy _copy;
    private readonly ITestOutputHelper _log;

    public AttachDemoTests(ITestOutputHelper log)
    {
        string tool = Path.Combine(RepoLayout.PackagesDirectory, $"BurstAnalyzers.Attach.{RepoLayout.PackageVersion}.nupkg");
        Assert.True(File.Exists(tool), $"{tool} was not built (dotnet build src/BurstAnalyzers.Attach, or dotnet pack BurstAnalyzers.sln).");
        _copy = new ConsumerCopy("DetectorDemo", allowRestoredPackages: true, alsoSamples: new[] { "VendorRates" }, runtimePackages: true);
        _log = log;
    }

    [Fact]
    public async Task Demo_ToolNamesMonitorWaitInLibrary_LineAloneMakesAnalyzerReportIt()
    {
        var build = await DotNetCli.RunAsync(_copy.Root, Timeout, "build", _copy.SampleProject, "-c", "Release", "-nodeReuse:false");
        Assert.True(build.ExitCode == 0, $"The demo did not build:\n{build.Output}");
        Assert.Contains(
            "warning BURST006: 'RateFeed.Latest' blocks request handler 'MapGet(\"/vendor/feed/{currency}\")' and has no async alternative; inside Vendor.Rates it waits on a synchronization primitive (RateFeed.Latest \u2192 Monitor.Wait); run it on dedicated threads with [OffloadBlocking]",
            build.Output,
            StringComparison.Ordinal);

        var run = await DotNetCli.RunAsync(_copy.Root, Timeout, "run", "--no-build", "-c", "Release", "--project", _copy.SampleProject, "--", "attach");
        _log.WriteLine(run.Output);
        Assert.True(run.ExitCode == 0, $"The demo failed:\n{run.Output}");

        Assert.Contains("run by this project's build): 2 BURST diagnostics.", run.Output, StringComparison.Ordinal);
        Assert.Contains("| Blocking call site: Monitor.Wait in System.Threading.Monitor.Wait from Vendor.Rates.RateFeed.Latest <- (generated code) (GET /vendor/feed/EUR).", run.Output, StringComparison.Ordinal);
        Assert.Contains("|   .editorconfig: burst_analyzers.additional_blocking_apis = M:Vendor.Rates.RateFeed.Latest(System.String)", run.Output, StringComparison.Ordinal);
        Assert.Matches(@"Program\.cs\(\d+,\d+\): warning BURST006: 'RateFeed\.Latest' blocks request handler 'MapGet\(""/vendor/feed/\{currency\}""\)' and has no async alternative; run it on dedicated threads with \[OffloadBlocking\]", run.Output);
        // Only the endpoint as written, from the line alone: the offloaded one is not reported, and without the scan GetRate is not either.
        Assert.Single(Regex.Matches(run.Output, @"warning BURST006"));

        double offloaded = Median(run.Output, "/vendor/feed-offloaded (OffloadBlocking)");
        double asWritten = Median(run.Output, "/vendor/feed (as written)");
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
