using System;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Xunit;

namespace BurstAnalyzers.Tests.Integration;

/// <summary>
/// The analyzers under the real command-line compiler, not the test harness, whose objects differ (issue 33: the
/// compiler's reference resolver cannot be hashed, and an analyzer that hashed the compilation options crashed in
/// every real build while every harness test passed). samples/HandlerShapes holds every handler and blocking shape the
/// rules know, across five projects: handlers in a class library, minimal APIs by lambda and by method group (an
/// endpoint class mapping them in an extension method, local functions of Program.cs's top-level statements, a
/// generic host's Startup), partial classes on both sides of a chain, local functions, interface and virtual
/// dispatch into other projects, a page model, a hub, middleware, a CoreWCF-style service, DI factories, and the same
/// blocking in start-up and background code that must stay quiet. `dotnet build` of the solution reports exactly the
/// "// BURSTnnn" markers, and no analyzer throws (<see cref="Infrastructure.DotNetCli"/> fails any run that shows
/// AD0001).
/// </summary>
public sealed class CompilerShapesConsumerBuildTests : IDisposable
{
    private static readonly TimeSpan Timeout = TimeSpan.FromMinutes(5);
    private readonly ConsumerCopy _copy = new("HandlerShapes");

    [Fact]
    public async Task DotnetBuild_ReportsEveryMarkedShape_AndNoAnalyzerThrows()
    {
        var marked = _copy.MarkedDiagnostics(relativePaths: true);
        foreach (var id in new[] { "BURST001", "BURST002", "BURST003", "BURST004", "BURST005", "BURST007" })
        {
            Assert.Contains(marked, m => m.Id == id);
        }

        // Every project of the solution, in one build: the libraries' chains reach the handlers above them.
        var solution = Path.Combine(_copy.SampleDirectory, "HandlerShapes.sln");
        var build = await Infrastructure.DotNetCli.RunAsync(_copy.Root, Timeout, "build", solution, "-nodeReuse:false");
        Assert.True(build.ExitCode == 0, "The sample did not build:\n" + build.Output);
        Assert.Equal(
            marked.Select(m => (m.File, m.Line, m.Id, "warning")),
            ConsumerCopy.ReportedDiagnostics(build.Output, _copy.SampleDirectory));

        // The chain of issue 33's endpoint class, whole: method group → other project → the blocking call.
        Assert.Contains(
            "Request handler 'MapGet(\"/{id:int}\")' reaches a blocking call through other methods: ReportForId \u2192 [Shapes.Services] ReportService.Summary \u2192 ReportService.Body \u2192 [Shapes.Data] FileReportStore.Load \u2192 File.ReadAllText",
            build.Output,
            StringComparison.Ordinal);
    }

    [Fact]
    public void AnAnalyzerCrashInTheOutput_IsFound()
    {
        const string Output = "CSC : warning AD0001: Analyzer 'BurstAnalyzers.Rules.CallChainAnalyzer' threw an exception of type 'System.NotImplementedException'\n";
        Assert.Equal(Output.TrimEnd('\n'), Infrastructure.DotNetCli.AnalyzerCrash("Build started\n" + Output + "Build succeeded.\n"));
        Assert.Null(Infrastructure.DotNetCli.AnalyzerCrash("Build succeeded.\n    0 Warning(s)\n"));
    }

    public void Dispose() => _copy.Dispose();
}
