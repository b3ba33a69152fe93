using System;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Tests.Integration;

/// <summary>
/// The SARIF a CI build writes for code-scanning upload (README, "SARIF"): a consumer build of samples/BlockingApi with
/// the one ErrorLog line must list every BURST finding at its place, and describe each rule it reports with the
/// metadata code-scanning shows: title, description and the rule's documentation page.
/// </summary>
public sealed class SarifConsumerBuildTests : IDisposable
{
    private static readonly TimeSpan Timeout = TimeSpan.FromMinutes(5);
    private readonly ConsumerCopy _copy = new();

    [Fact]
    public async Task ErrorLog_ListsEveryMarkedDiagnostic_WithItsRulesTitleDescriptionAndHelpUri()
    {
        // README's line, in the project file (or Directory.Build.props): one log per project, next to it.
        var project = File.ReadAllText(_copy.SampleProject);
        File.WriteAllText(_copy.SampleProject, project.Replace(
            "</Project>",
            "  <PropertyGroup>\n    <ErrorLog>$(MSBuildProjectDirectory)/$(MSBuildProjectName).sarif,version=2.1</ErrorLog>\n  </PropertyGroup>\n</Project>",
            StringComparison.Ordinal));
        var sarif = Path.Combine(_copy.SampleDirectory, "BlockingApi.sarif");

        var build = await DotNetCli.RunAsync(_copy.Root, Timeout, "build", _copy.SampleProject, "--no-incremental", "-nodeReuse:false");

        Assert.True(build.ExitCode == 0, "The sample did not build:\n" + build.Output);
        var log = SarifLog.Read(sarif);
        var marked = _copy.MarkedDiagnostics();
        Assert.Equal(marked.Select(m => new SarifLog.Result(m.File, m.Line, m.Id, "warning")), log.Results);

        var descriptors = ShippedComponents.Analyzers().SelectMany(a => a.SupportedDiagnostics).ToList();
        foreach (var id in marked.Select(m => m.Id).Distinct())
        {
            Assert.True(log.Rules.TryGetValue(id, out var rule), $"The SARIF log does not describe {id}.");
            var descriptor = descriptors.First(d => d.Id == id);
            Assert.Equal($"https://github.com/burstanalyzers/BurstAnalyzers/blob/main/docs/rules/{id}.md", rule!.HelpUri);
            Assert.Equal(descriptor.Title.ToString(), rule.ShortDescription);
            Assert.Equal(descriptor.Description.ToString(), rule.FullDescription);
            Assert.False(string.IsNullOrWhiteSpace(rule.FullDescription), $"{id} has no description.");
        }
    }

    public void Dispose() => _copy.Dispose();
}
