using System;
using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;
using Xunit.Abstractions;

namespace BurstAnalyzers.Tests.Integration;

/// <summary>
/// Issue 37's promise, built as a user builds: a web project that references popular client libraries and calls their
/// synchronous members from handlers (samples/LibraryCalls) gets BURST003/BURST006 from the build's scan of the
/// libraries' IL with no configuration — exactly the "// BURSTnnn" markers — and stays silent for the member that only
/// builds a query. The same project built with the scan off shows what the name rules alone say.
/// </summary>
public sealed class LibraryFactsConsumerBuildTests : IDisposable
{
    private static readonly TimeSpan Timeout = TimeSpan.FromMinutes(10);
    private readonly ConsumerCopy _copy = new("LibraryCalls", allowRestoredPackages: true);
    private readonly ITestOutputHelper _log;

    public LibraryFactsConsumerBuildTests(ITestOutputHelper log) => _log = log;

    [Fact]
    public async Task DotnetBuild_ReportsTheLibraryCallsTheScanShowsBlocking_AndNothingElse()
    {
        var build = await DotNetCli.RunAsync(_copy.Root, Timeout, "build", _copy.SampleProject, "-nodeReuse:false", "-v:n");
        Assert.True(build.ExitCode == 0, "The sample did not build:\n" + build.Output);
        Assert.Equal(
            _copy.MarkedDiagnostics().Select(m => (m.File, m.Line, m.Id, "warning")),
            ConsumerCopy.ReportedDiagnostics(build.Output));
        Assert.Matches(@"BurstAnalyzers: scanned \d+ assemblies", build.Output);
        Assert.Contains(
            "warning BURST003: 'SqlMapper.Query' does synchronous I/O in request handler 'LibraryController.Orders'; use 'await SqlMapper.QueryAsync' instead",
            build.Output,
            StringComparison.Ordinal);
        Assert.Contains(
            "Request handler 'LibraryController.Retry' reaches a blocking call through other methods: Retry \u2192 Retrying.Run \u2192 Thread.Sleep",
            build.Output,
            StringComparison.Ordinal);

        // The scan off: the name rules alone. What the scan added is gone, and a rebuild reads no library again.
        var names = await DotNetCli.RunAsync(_copy.Root, Timeout, "build", _copy.SampleProject, "-nodeReuse:false", "-p:BurstAnalyzersLibraryScan=false", "--no-incremental");
        Assert.True(names.ExitCode == 0, "The sample did not build with the scan off:\n" + names.Output);
        var byName = ConsumerCopy.ReportedDiagnostics(names.Output);
        _log.WriteLine("With the scan: " + string.Join(", ", ConsumerCopy.ReportedDiagnostics(build.Output)));
        _log.WriteLine("Names alone:   " + string.Join(", ", byName));
        Assert.DoesNotContain(byName, d => d.Line == LineOf("database.Query<Order>"));
        Assert.DoesNotContain(byName, d => d.Line == LineOf("Retrying.Run(pipeline)"));
    }

    private int LineOf(string text)
        => Array.FindIndex(System.IO.File.ReadAllLines(_copy.SampleProject.Replace("LibraryCalls.csproj", "Program.cs", StringComparison.Ordinal)), line => line.Contains(text, StringComparison.Ordinal)) + 1;

    public void Dispose() => _copy.Dispose();
}
