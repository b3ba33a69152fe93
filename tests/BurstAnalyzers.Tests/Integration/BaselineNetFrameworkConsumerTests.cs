using System;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Tests.Integration;

/// <summary>
/// The baseline on the .NET Framework 4.8 sample (samples/LegacyServices: WCF, ASMX, IHttpHandler, Web API 2), declared
/// with TargetFrameworks: the findings are recorded by the framework's build and the file written by the outer build
/// (the package's buildCrossTargeting/ import), and -warnaserror then passes.
/// </summary>
public sealed class BaselineNetFrameworkConsumerTests : IDisposable
{
    private static readonly TimeSpan Timeout = TimeSpan.FromMinutes(5);
    private readonly ConsumerCopy _copy = new("LegacyServices", allowRestoredPackages: true);

    [Fact]
    public async Task Update_RecordsEveryMarkedFinding_FromTheOuterBuild_AndWarnAsErrorThenPasses()
    {
        var project = File.ReadAllText(_copy.SampleProject);
        Assert.Contains("<TargetFramework>net48</TargetFramework>", project, StringComparison.Ordinal);
        File.WriteAllText(_copy.SampleProject, project.Replace(
            "<TargetFramework>net48</TargetFramework>", "<TargetFrameworks>net48</TargetFrameworks>", StringComparison.Ordinal));

        var update = await DotNetCli.RunAsync(_copy.Root, Timeout, "build", _copy.SampleProject, "-nodeReuse:false", "-p:BurstAnalyzersBaseline=update");
        Assert.True(update.ExitCode == 0, "The update build failed:\n" + update.Output);

        var entries = File.ReadAllLines(Path.Combine(_copy.SampleDirectory, "BurstAnalyzers.baseline.txt")).Where(l => !l.StartsWith('#')).ToArray();
        Assert.Equal(
            new[]
            {
                "BURST001 | LegacyServices.Asmx.LegacyService.Hello(string) | Thread.Sleep(500)",
                "BURST001 | LegacyServices.Wcf.Service1.GetData(int) | Thread.Sleep(2000)",
                "BURST002 | LegacyServices.WebApi.OrdersController.Get(int) | Http.GetStringAsync(\"http://orders.internal/\"+id).Result",
                "BURST003 | LegacyServices.Handlers.ThumbnailHandler.ProcessRequest(HttpContext) | client.DownloadData(\"http://images.internal/thumb\")",
                "BURST003 | LegacyServices.Wcf.Catalog.Item(string) | reader.ReadToEnd()",
            },
            entries);
        Assert.Equal(_copy.MarkedDiagnostics().Select(m => m.Id).OrderBy(id => id), entries.Select(e => e[..8]));

        var strict = await DotNetCli.RunAsync(_copy.Root, Timeout, "build", _copy.SampleProject, "-nodeReuse:false", "-warnaserror");
        Assert.True(strict.ExitCode == 0, "-warnaserror failed on recorded findings:\n" + strict.Output);
        Assert.Empty(ConsumerCopy.ReportedDiagnostics(strict.Output));
    }

    public void Dispose() => _copy.Dispose();
}
