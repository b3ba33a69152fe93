using System;
using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Tests.Integration;

/// <summary>
/// Blazor Server components built as a user builds them (issue 36): samples/BlazorServer, a web project with interactive
/// server components, compiled by the SDK's Razor generator with the package. Its lifecycle overrides, the methods and
/// lambdas its markup binds to events (<c>@onclick</c>) and what <c>@bind:after</c> runs are reported at the .razor's own
/// lines — exactly the markers — and a helper bound to nothing is not.
/// </summary>
public sealed class BlazorServerConsumerBuildTests : IDisposable
{
    private static readonly TimeSpan Timeout = TimeSpan.FromMinutes(10);
    private readonly ConsumerCopy _copy = new("BlazorServer", allowRestoredPackages: true);

    [Fact]
    public async Task DotnetBuild_ReportsComponentHandlersAtTheirRazorLines()
    {
        var build = await DotNetCli.RunAsync(_copy.Root, Timeout, "build", _copy.SampleProject, "-nodeReuse:false");
        Assert.True(build.ExitCode == 0, "The sample did not build:\n" + build.Output);

        var marked = _copy.MarkedDiagnostics().Select(m => (m.File, m.Line, m.Id, "warning")).ToList();
        Assert.Equal(5, marked.Count);
        Assert.All(marked, m => Assert.Equal("Orders.razor", m.File));
        Assert.Equal(marked, ConsumerCopy.ReportedDiagnostics(build.Output));
        Assert.Contains(
            "Orders.razor(27,37): warning BURST001: 'Thread.Sleep' blocks a thread-pool thread in request handler 'Orders.FilterChanged'",
            build.Output,
            StringComparison.Ordinal);
        Assert.Contains(
            "Orders.razor(6,25): warning BURST001: 'Thread.Sleep' blocks a thread-pool thread in request handler 'Orders event handler'",
            build.Output,
            StringComparison.Ordinal);
    }

    public void Dispose() => _copy.Dispose();
}
