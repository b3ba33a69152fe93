using System;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Xunit;

namespace BurstAnalyzers.Tests.Integration;

/// <summary>
/// Real consumption: samples/BlockingApi references the built BurstAnalyzers nupkg through its local package folder.
/// `dotnet build` of a copy must report exactly the diagnostics its "// BURSTnnn" markers announce, -warnaserror must
/// fail the build, and `dotnet format analyzers` must fix every one of them into code that builds clean.
/// </summary>
public sealed class PackageConsumerBuildTests : IDisposable
{
    private static readonly TimeSpan Timeout = TimeSpan.FromMinutes(5);
    private readonly ConsumerCopy _copy = new();

    [Fact]
    public async Task DotnetBuild_ReportsExactlyTheMarkedDiagnostics_AndWarnAsErrorFailsTheBuild()
    {
        var marked = _copy.MarkedDiagnostics();
        Assert.Contains(marked, m => m.Id == "BURST001" && m.File == "ReportsController.cs");
        Assert.Contains(marked, m => m.Id == "BURST005" && m.File == "BurstController.cs");

        var build = await Infrastructure.DotNetCli.RunAsync(_copy.Root, Timeout, "build", _copy.SampleProject, "--no-incremental", "-nodeReuse:false");
        Assert.True(build.ExitCode == 0, "The sample did not build:\n" + build.Output);
        Assert.Equal(
            marked.Select(m => (m.File, m.Line, m.Id, "warning")),
            ConsumerCopy.ReportedDiagnostics(build.Output));

        var strict = await Infrastructure.DotNetCli.RunAsync(_copy.Root, Timeout, "build", _copy.SampleProject, "--no-incremental", "-nodeReuse:false", "-warnaserror");
        Assert.NotEqual(0, strict.ExitCode);
        Assert.Equal(
            marked.Select(m => (m.File, m.Line, m.Id, "error")),
            ConsumerCopy.ReportedDiagnostics(strict.Output));
    }

    [Fact]
    public async Task DotnetFormatAnalyzers_FixesEveryFixableDiagnostic_AndTheResultBuildsClean()
    {
        var format = await Infrastructure.DotNetCli.RunAsync(
            _copy.Root, Timeout, "format", "analyzers", _copy.SampleProject, "--diagnostics", "BURST001", "BURST002", "BURST003", "BURST004", "BURST005");
        Assert.True(format.ExitCode == 0, "dotnet format failed:\n" + format.Output);

        var reports = await File.ReadAllTextAsync(Path.Combine(_copy.SampleDirectory, "Controllers", "ReportsController.cs"));
        Assert.Contains("public async Task<ActionResult<string>> Get(int id)", reports, StringComparison.Ordinal);
        // The fixes dotnet format applies pass no request token: what follows the wait still runs on a disconnect.
        Assert.Contains("await Task.Delay(1000);", reports, StringComparison.Ordinal);
        Assert.Contains("await Gate.WaitAsync();", reports, StringComparison.Ordinal);
        Assert.DoesNotContain("RequestAborted", reports, StringComparison.Ordinal);

        // BURST005: the chain the /chain action reaches is async from the action down to the sleep.
        var burst = await File.ReadAllTextAsync(Path.Combine(_copy.SampleDirectory, "Controllers", "BurstController.cs"));
        Assert.Contains("public async Task<string> Chain([FromServices] QuoteService quotes, [Range(0, SleepLimit.MaxMs)] int ms = 1000) => await quotes.LatestAsync(ms);", burst, StringComparison.Ordinal);
        var feed = await File.ReadAllTextAsync(Path.Combine(_copy.SampleDirectory, "Services", "PriceFeed.cs"));
        Assert.Contains("public async Task<decimal> FetchAsync(int ms)", feed, StringComparison.Ordinal);
        Assert.Contains("await Task.Delay(ms);", feed, StringComparison.Ordinal);

        var build = await Infrastructure.DotNetCli.RunAsync(_copy.Root, Timeout, "build", _copy.SampleProject, "--no-incremental", "-nodeReuse:false");
        Assert.True(build.ExitCode == 0, "The fixed sample did not build:\n" + build.Output);
        Assert.DoesNotContain(" error ", build.Output, StringComparison.Ordinal);
        // What no fix converts stays: the temporary file's delete, which has no async API (BURST006, offload only).
        Assert.Equal(
            _copy.MarkedDiagnostics().Where(m => m.Stays).Select(m => (m.File, m.Id)),
            ConsumerCopy.ReportedDiagnostics(build.Output).Select(d => (d.File, d.Id)));
    }

    public void Dispose() => _copy.Dispose();
}
