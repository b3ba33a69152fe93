using System;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Tests.Integration;

/// <summary>
/// BurstAnalyzersMode in a real consumer build: samples/BlockingApi restoring the built nupkg (see ConsumerCopy), whose
/// "// BURSTnnn" markers say which diagnostics it has. The default mode is PackageConsumerBuildTests' build.
/// </summary>
public sealed class AnalysisModeConsumerBuildTests : IDisposable
{
    private static readonly TimeSpan Timeout = TimeSpan.FromMinutes(5);
    private readonly ConsumerCopy _copy = new();

    [Fact]
    public async Task AllErrors_SetInTheProjectFile_ReportsEveryMarkedDiagnosticAsAnError_AndFailsTheBuild()
    {
        // The CI case: one property, no list of rules. Set in the project file itself, which is why the package's mode
        // switch is in build/*.targets (imported after the project's properties), not in .props.
        SetPropertyInProjectFile("BurstAnalyzersMode", "all-errors");

        var build = await Build();

        Assert.NotEqual(0, build.ExitCode);
        var marked = _copy.MarkedDiagnostics();
        Assert.Contains(marked, m => m.Id == "BURST005");
        Assert.Equal(marked.Select(m => (m.File, m.Line, m.Id, "error")), ConsumerCopy.ReportedDiagnostics(build.Output));
    }

    [Fact]
    public async Task AllErrors_EditorConfigStillDecidesTheRulesItNames()
    {
        File.WriteAllText(Path.Combine(_copy.Root, ".editorconfig"), """
            root = true

            [*.cs]
            dotnet_diagnostic.BURST001.severity = warning
            dotnet_diagnostic.BURST005.severity = none
            """);

        var build = await Build("-p:BurstAnalyzersMode=all-errors");

        Assert.NotEqual(0, build.ExitCode);
        var expected = _copy.MarkedDiagnostics()
            .Where(m => m.Id != "BURST005")
            .Select(m => (m.File, m.Line, m.Id, m.Id == "BURST001" ? "warning" : "error"))
            .ToList();
        Assert.Contains(expected, d => d.Item4 == "warning");
        Assert.Contains(expected, d => d.Item4 == "error");
        Assert.Equal(expected, ConsumerCopy.ReportedDiagnostics(build.Output));
    }

    [Fact]
    public async Task AllSuggestions_NeverFailTheBuild_EvenWithWarnAsError_AndEveryFindingIsStillReportedAsANote()
    {
        var sarif = Path.Combine(_copy.Root, "build.sarif");

        var build = await Build("-p:BurstAnalyzersMode=all-suggestions", "-warnaserror", SarifLog.ErrorLogArgument(sarif));

        Assert.True(build.ExitCode == 0, "The build failed:\n" + build.Output);
        Assert.Empty(ConsumerCopy.ReportedDiagnostics(build.Output));
        Assert.Equal(
            _copy.MarkedDiagnostics().Select(m => new SarifLog.Result(m.File, m.Line, m.Id, "note")),
            SarifLog.Read(sarif).Results);
    }

    [Fact]
    public async Task None_TurnsEveryRuleOff()
    {
        var sarif = Path.Combine(_copy.Root, "build.sarif");

        var build = await Build("-p:BurstAnalyzersMode=None", "-warnaserror", SarifLog.ErrorLogArgument(sarif));

        Assert.True(build.ExitCode == 0, "The build failed:\n" + build.Output);
        Assert.Empty(ConsumerCopy.ReportedDiagnostics(build.Output));
        Assert.Empty(SarifLog.Read(sarif).Results);
    }

    [Fact]
    public async Task AnUnknownMode_FailsTheBuild_NamingTheValueAndTheValidOnes()
    {
        var build = await Build("-p:BurstAnalyzersMode=all-error");

        Assert.NotEqual(0, build.ExitCode);
        Assert.Contains("BurstAnalyzersMode = 'all-error' is not a BurstAnalyzers analysis mode. Use one of: default, all-errors, all-warnings, all-suggestions, none", build.Output, StringComparison.Ordinal);
    }

    public void Dispose() => _copy.Dispose();

    private Task<DotNetCli.Result> Build(params string[] arguments)
        => DotNetCli.RunAsync(_copy.Root, Timeout, new[] { "build", _copy.SampleProject, "--no-incremental", "-nodeReuse:false" }.Concat(arguments).ToArray());

    private void SetPropertyInProjectFile(string name, string value)
    {
        var project = File.ReadAllText(_copy.SampleProject);
        var end = project.LastIndexOf("</Project>", StringComparison.Ordinal);
        Assert.True(end > 0, "The sample's project file has no </Project>.");
        File.WriteAllText(_copy.SampleProject, project[..end] + $"  <PropertyGroup>\n    <{name}>{value}</{name}>\n  </PropertyGroup>\n" + project[end..]);
    }
}
