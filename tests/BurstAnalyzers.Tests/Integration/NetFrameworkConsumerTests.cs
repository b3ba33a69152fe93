using System;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Xunit;

namespace BurstAnalyzers.Tests.Integration;

/// <summary>
/// A .NET Framework 4.8 consumer: samples/LegacyServices (WCF SOAP and REST operations, an ASMX web method, an
/// IHttpHandler, a Web API 2 controller) references the built nupkg. `dotnet build` on this machine must report every
/// marked diagnostic at its file and line; `dotnet format analyzers` must fix those that have a fix there, in C# 7.3,
/// and the result must build with exactly the diagnostics marked "stays".
/// </summary>
public sealed class NetFrameworkConsumerTests : IDisposable
{
    private static readonly TimeSpan Timeout = TimeSpan.FromMinutes(5);
    private readonly ConsumerCopy _copy = new("LegacyServices", allowRestoredPackages: true);

    [Fact]
    public async Task DotnetBuild_ReportsEveryMarkedDiagnostic()
    {
        var marked = _copy.MarkedDiagnostics();
        Assert.Equal(new[] { "BURST001", "BURST002", "BURST003" }, marked.Select(m => m.Id).Distinct().OrderBy(id => id));

        var build = await Infrastructure.DotNetCli.RunAsync(_copy.Root, Timeout, "build", _copy.SampleProject, "--no-incremental", "-nodeReuse:false");
        Assert.True(build.ExitCode == 0, "The .NET Framework sample did not build:\n" + build.Output);
        Assert.Equal(marked.Select(m => (m.File, m.Line, m.Id, "warning")), ConsumerCopy.ReportedDiagnostics(build.Output));
    }

    [Fact]
    public async Task DotnetFormatAnalyzers_FixesWhatHasAFix_InCSharp73_AndTheRestStays()
    {
        var format = await Infrastructure.DotNetCli.RunAsync(
            _copy.Root, Timeout, "format", "analyzers", _copy.SampleProject, "--diagnostics", "BURST001", "BURST002", "BURST003", "BURST004", "BURST005");
        Assert.True(format.ExitCode == 0, "dotnet format failed:\n" + format.Output);

        // The WCF report's operation and its contract changed in step; Web API 2 awaits.
        var contract = await File.ReadAllTextAsync(Path.Combine(_copy.SampleDirectory, "Wcf", "IService1.cs"));
        Assert.Contains("Task<string> GetData(int value);", contract, StringComparison.Ordinal);
        var service = await File.ReadAllTextAsync(Path.Combine(_copy.SampleDirectory, "Wcf", "Service1.cs"));
        Assert.Contains("public async Task<string> GetData(int value)", service, StringComparison.Ordinal);
        Assert.Contains("await Task.Delay(2000);", service, StringComparison.Ordinal);
        var orders = await File.ReadAllTextAsync(Path.Combine(_copy.SampleDirectory, "WebApi", "OrdersController.cs"));
        Assert.Contains("return await Http.GetStringAsync(", orders, StringComparison.Ordinal);

        // The project builds with LangVersion 7.3: any newer syntax from a fix would be a compile error here.
        var build = await Infrastructure.DotNetCli.RunAsync(_copy.Root, Timeout, "build", _copy.SampleProject, "--no-incremental", "-nodeReuse:false");
        Assert.True(build.ExitCode == 0, "The fixed .NET Framework sample did not build:\n" + build.Output);
        Assert.DoesNotContain(" error ", build.Output, StringComparison.Ordinal);
        Assert.Equal(
            _copy.MarkedDiagnostics().Where(m => m.Stays).Select(m => (m.File, m.Line, m.Id, "warning")),
            ConsumerCopy.ReportedDiagnostics(build.Output));
    }

    public void Dispose() => _copy.Dispose();
}
