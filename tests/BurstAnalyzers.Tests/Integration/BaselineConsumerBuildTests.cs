using System;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Tests.Integration;

/// <summary>
/// The baseline (docs/baseline.md) as a legacy project adopts it: a web project with three findings, built from the
/// packed nupkg (see ConsumerCopy), records them with `dotnet build -p:BurstAnalyzersBaseline=update`; from then on
/// `dotnet build -warnaserror` passes, still passes after lines are inserted above the findings and one is
/// reformatted (with all-errors and an .editorconfig error severity too), fails at exactly the line of a new Thread.Sleep (a second identical call in the same action), and once a
/// finding is fixed, `check` names it and the next update removes it from the file. The builds are incremental, as a
/// developer's are: the update and check builds must make the compiler run themselves.
/// </summary>
public sealed class BaselineConsumerBuildTests : IDisposable
{
    private static readonly TimeSpan Timeout = TimeSpan.FromMinutes(5);

    private const string Header = """
        # BurstAnalyzers baseline: findings this project had when it adopted the rules. A build reports only findings
        # that are not listed here. One line per finding: rule | member | code (https://github.com/burstanalyzers/BurstAnalyzers/blob/main/docs/baseline.md).
        # Written by: dotnet build -p:BurstAnalyzersBaseline=update

        """;

    private const string Controller = """
        using Microsoft.AspNetCore.Mvc;

        namespace BlockingApi.Controllers;

        [ApiController]
        [Route("legacy")]
        public class LegacyController : ControllerBase
        {
            private static readonly SemaphoreSlim Gate = new(1);

            [HttpGet("report")]
            public string Report()
            {
                Thread.Sleep(1000);
                return "report";
            }

            [HttpGet("notes")]
            public string Notes() => System.IO.File.ReadAllText("notes/release.txt");

            [HttpGet("gate")]
            public string Throttled()
            {
                Gate.Wait();
                Gate.Release();
                return "gate";
            }
        }

        """;

    private readonly ConsumerCopy _copy = new();

    public BaselineConsumerBuildTests()
    {
        // samples/BlockingApi's project, its sources replaced by one controller with three findings.
        foreach (var source in Directory.EnumerateFiles(_copy.SampleDirectory, "*.cs", SearchOption.AllDirectories))
        {
            File.Delete(source);
        }

        File.WriteAllText(Path.Combine(_copy.SampleDirectory, "Program.cs"), """
            var builder = WebApplication.CreateBuilder(args);
            builder.Services.AddControllers();
            var app = builder.Build();
            app.MapControllers();
            app.Run();

            """);
        Directory.CreateDirectory(Path.Combine(_copy.SampleDirectory, "Controllers"));
        WriteController(Controller);
    }

    private string ControllerPath => Path.Combine(_copy.SampleDirectory, "Controllers", "LegacyController.cs");

    private string BaselinePath => Path.Combine(_copy.SampleDirectory, "BurstAnalyzers.baseline.txt");

    [Fact]
    public async Task Update_ThenWarnAsErrorPasses_SurvivesInsertedLines_FailsAtANewSleep_AndTheNextUpdateDropsAFixedFinding()
    {
        // The project's own SARIF 2.1 log is kept, and read: every finding in it, suppressed as being recorded.
        var updateSarif = Path.Combine(_copy.Root, "update.sarif");
        var update = await Build("-p:BurstAnalyzersBaseline=update", "-warnaserror", SarifLog.ErrorLogArgument(updateSarif));
        Assert.True(update.ExitCode == 0, "The update build failed:\n" + update.Output);
        Assert.Empty(ConsumerCopy.ReportedDiagnostics(update.Output));
        var recording = SarifLog.Read(updateSarif);
        Assert.Equal(new[] { "BURST001", "BURST003", "BURST004" }, recording.Results.Select(r => r.Id));
        Assert.All(recording.Results, r => Assert.StartsWith(
            $"DiagnosticSuppressor {{ Suppression Id: BURSTU{r.Id[5..]}, Suppression Justification: Being recorded by dotnet build -p:BurstAnalyzersBaseline=update",
            recording.Suppressions[r],
            StringComparison.Ordinal));
        Assert.Contains("records 3 finding(s): 3 added, 0 removed.", update.Output, StringComparison.Ordinal);
        Assert.Equal(
            Header + """
            BURST001 | BlockingApi.Controllers.LegacyController.Report() | Thread.Sleep(1000)
            BURST003 | BlockingApi.Controllers.LegacyController.Notes() | System.IO.File.ReadAllText("notes/release.txt")
            BURST004 | BlockingApi.Controllers.LegacyController.Throttled() | Gate.Wait()

            """,
            File.ReadAllText(BaselinePath));

        // Recorded findings are suppressed, not gone: SARIF lists each with the baseline's suppression.
        var sarif = Path.Combine(_copy.Root, "build.sarif");
        var strict = await Build("-warnaserror", SarifLog.ErrorLogArgument(sarif));
        Assert.True(strict.ExitCode == 0, "-warnaserror failed on recorded findings:\n" + strict.Output);
        Assert.Empty(ConsumerCopy.ReportedDiagnostics(strict.Output));
        var log = SarifLog.Read(sarif);
        Assert.Equal(new[] { "BURST001", "BURST003", "BURST004" }, log.Results.Select(r => r.Id));
        Assert.All(log.Results, r => Assert.StartsWith(
            $"DiagnosticSuppressor {{ Suppression Id: BURSTB{r.Id[5..]}, Suppression Justification: Recorded in the project's BurstAnalyzers.baseline.txt",
            log.Suppressions[r],
            StringComparison.Ordinal));

        // Lines inserted above the findings, one of them reformatted over two lines: still recorded, also when the mode
        // and .editorconfig make the rules errors (a suppressor may suppress any BURST finding: none is an error by default).
        File.WriteAllText(Path.Combine(_copy.Root, ".editorconfig"), "root = true\n\n[*.cs]\ndotnet_diagnostic.BURST004.severity = error\n");
        WriteController(Controller
            .Replace("namespace BlockingApi.Controllers;\n", "namespace BlockingApi.Controllers;\n\n// Inserted\n// above\n// the findings.\n", StringComparison.Ordinal)
            .Replace("        Gate.Wait();\n", "        Gate\n            .Wait( );\n", StringComparison.Ordinal));
        var moved = await Build("-warnaserror", "-p:BurstAnalyzersMode=all-errors");
        Assert.True(moved.ExitCode == 0, "Inserting lines made recorded findings new:\n" + moved.Output);
        Assert.Empty(ConsumerCopy.ReportedDiagnostics(moved.Output));

        // A second, identical Thread.Sleep in the same action is new: the build fails at its line, and only there.
        var withNewSleep = File.ReadAllText(ControllerPath).Replace(
            "        Thread.Sleep(1000);\n", "        Thread.Sleep(1000);\n        Thread.Sleep(1000);\n", StringComparison.Ordinal);
        WriteController(withNewSleep);
        var newLine = Array.IndexOf(withNewSleep.Split('\n'), "        Thread.Sleep(1000);") + 2;
        var failing = await Build("-warnaserror");
        Assert.NotEqual(0, failing.ExitCode);
        Assert.Equal(new[] { ("LegacyController.cs", newLine, "BURST001", "error") }, ConsumerCopy.ReportedDiagnostics(failing.Output));

        // The new sleep removed and the semaphore wait fixed: check names the recorded finding that is gone, at its line
        // of the baseline file, and the next update removes it.
        WriteController(File.ReadAllText(ControllerPath)
            .Replace("        Thread.Sleep(1000);\n        Thread.Sleep(1000);\n", "        Thread.Sleep(1000);\n", StringComparison.Ordinal)
            .Replace("public string Throttled()", "public async Task<string> Throttled()", StringComparison.Ordinal)
            .Replace("        Gate\n            .Wait( );\n", "        await Gate.WaitAsync();\n", StringComparison.Ordinal));
        var check = await Build("-p:BurstAnalyzersBaseline=check");
        Assert.True(check.ExitCode == 0, "The check build failed:\n" + check.Output);
        Assert.Equal(new[] { ("BurstAnalyzers.baseline.txt", 6, "BURST902", "warning") }, ConsumerCopy.ReportedDiagnostics(check.Output));
        Assert.Contains(
            "warning BURST902: Recorded finding no longer exists: 'BURST004 | BlockingApi.Controllers.LegacyController.Throttled() | Gate.Wait()'.",
            check.Output,
            StringComparison.Ordinal);

        var next = await Build("-p:BurstAnalyzersBaseline=update");
        Assert.True(next.ExitCode == 0, "The second update failed:\n" + next.Output);
        Assert.Contains("records 2 finding(s): 0 added, 1 removed.", next.Output, StringComparison.Ordinal);
        Assert.Equal(
            Header + """
            BURST001 | BlockingApi.Controllers.LegacyController.Report() | Thread.Sleep(1000)
            BURST003 | BlockingApi.Controllers.LegacyController.Notes() | System.IO.File.ReadAllText("notes/release.txt")

            """,
            File.ReadAllText(BaselinePath));
    }

    [Fact]
    public async Task AFindingSuppressedInSource_IsNotRecorded_OffReportsEveryOther_AndAnUnknownActionFailsNamingTheValue()
    {
        WriteController(Controller.Replace(
            "        return \"report\";\n",
            "#pragma warning disable BURST001 // the user's own decision, not the baseline's\n        Thread.Sleep(5);\n#pragma warning restore BURST001\n        return \"report\";\n",
            StringComparison.Ordinal));

        var update = await Build("-p:BurstAnalyzersBaseline=update");
        Assert.True(update.ExitCode == 0, "The update build failed:\n" + update.Output);
        Assert.Equal(
            new[]
            {
                "BURST001 | BlockingApi.Controllers.LegacyController.Report() | Thread.Sleep(1000)",
                "BURST003 | BlockingApi.Controllers.LegacyController.Notes() | System.IO.File.ReadAllText(\"notes/release.txt\")",
                "BURST004 | BlockingApi.Controllers.LegacyController.Throttled() | Gate.Wait()",
            },
            File.ReadAllLines(BaselinePath).Where(l => !l.StartsWith('#')));

        var off = await Build("-p:BurstAnalyzersBaseline=off");
        Assert.True(off.ExitCode == 0, "The build failed:\n" + off.Output);
        Assert.Equal(new[] { "BURST001", "BURST003", "BURST004" }, ConsumerCopy.ReportedDiagnostics(off.Output).Select(d => d.Id));

        var unknown = await Build("-p:BurstAnalyzersBaseline=updat");
        Assert.NotEqual(0, unknown.ExitCode);
        Assert.Contains("BurstAnalyzersBaseline = 'updat' is not a BurstAnalyzers baseline action. Use one of: use, update, check, off", unknown.Output, StringComparison.Ordinal);
    }

    public void Dispose() => _copy.Dispose();

    private void WriteController(string source) => File.WriteAllText(ControllerPath, source);

    private Task<DotNetCli.Result> Build(params string[] arguments)
        => DotNetCli.RunAsync(_copy.Root, Timeout, new[] { "build", _copy.SampleProject, "-nodeReuse:false" }.Concat(arguments).ToArray());
}
