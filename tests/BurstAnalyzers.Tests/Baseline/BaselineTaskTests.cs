using System;
using System.Collections.Generic;
using System.IO;
using BurstAnalyzers.Baseline;
using BurstAnalyzers.BuildTasks;
using BurstAnalyzers.Tests.Infrastructure;
using Microsoft.Build.Framework;
using Microsoft.Build.Utilities;
using Microsoft.CodeAnalysis.Text;
using Xunit;

namespace BurstAnalyzers.Tests.Baseline;

/// <summary>
/// The baseline's MSBuild task (src/BurstAnalyzers.BuildTasks), run directly: what it records from a compiler's SARIF
/// log, the file `update` writes, the BURST902 warnings of `check`, and that it reads a baseline file's lines with the
/// analyzer's own parser. The consumer builds (Integration/BaselineConsumerBuildTests.cs) run it inside MSBuild.
/// </summary>
public sealed class BaselineTaskTests : IDisposable
{
    private const string Header = """
        # BurstAnalyzers baseline: findings this project had when it adopted the rules. A build reports only findings
        # that are not listed here. One line per finding: rule | member | code (https://github.com/burstanalyzers/BurstAnalyzers/blob/main/docs/baseline.md).
        # Written by: dotnet build -p:BurstAnalyzersBaseline=update

        """;

    private readonly string _folder = Directory.CreateDirectory(Path.Combine(Path.GetTempPath(), "burst-task-" + Guid.NewGuid().ToString("N"))).FullName;
    private readonly RecordingEngine _engine = new();

    [Fact]
    public void Findings_RecordsEachBurstResultWithAnIdentity_ButNotWhatTheUserSuppressed()
    {
        var sarif = Write("build.sarif", """
            {
              "$schema": "http://json.schemastore.org/sarif-2.1.0",
              "version": "2.1.0",
              "runs": [
                {
                  "results": [
                    { "ruleId": "BURST003", "properties": { "customProperties": { "BaselineIdentity": "Shop.OrdersController.Get() | File.ReadAllText(\"a\u0022b\")" } } },
                    { "ruleId": "BURST001", "properties": { "customProperties": { "BaselineIdentity": "Shop.OrdersController.Get() | Thread.Sleep(1000)" } } },
                    { "ruleId": "BURST001", "suppressions": [ { "kind": "external", "properties": { "suppressionType": "DiagnosticSuppressor { Suppression Id: BURSTB001, Suppression Justification: Recorded }" } } ],
                      "properties": { "customProperties": { "BaselineIdentity": "Shop.OrdersController.Put() | Thread.Sleep(1)" } } },
                    { "ruleId": "BURST002", "suppressions": [ { "kind": "inSource" } ],
                      "properties": { "customProperties": { "BaselineIdentity": "Shop.OrdersController.Post() | task.Wait()" } } },
                    { "ruleId": "BURST904", "properties": { "customProperties": { "BurstAnalyzers.CarriedChain": "TTpTaG9w" } } },
                    { "ruleId": "CA1849", "properties": { "customProperties": { "BaselineIdentity": "Shop.X.Y() | z" } } }
                  ]
                }
              ]
            }
            """);
        var findings = Path.Combine(_folder, "obj", "findings.txt");

        Assert.True(Run(new BaselineTask { Action = "findings", SarifLog = sarif, FindingsFile = findings }));
        Assert.Equal(
            "BURST001 | Shop.OrdersController.Get() | Thread.Sleep(1000)\n"
                + "BURST001 | Shop.OrdersController.Put() | Thread.Sleep(1)\n"
                + "BURST003 | Shop.OrdersController.Get() | File.ReadAllText(\"a\"b\")\n",
            File.ReadAllText(findings));
        Assert.Empty(_engine.Errors);
    }

    [Fact]
    public void Findings_ATruncatedLog_IsOneReadableError()
    {
        var sarif = Write("build.sarif", """{ "runs": [ { "results": [ { "ruleId": "BURST001" """);

        Assert.False(Run(new BaselineTask { Action = "findings", SarifLog = sarif, FindingsFile = Path.Combine(_folder, "findings.txt") }));
        Assert.Equal(new[] { "BurstAnalyzers baseline (findings): the SARIF log ends too early" }, _engine.Errors);
    }

    [Fact]
    public void Update_WritesEveryEntryAsOftenAsTheFrameworkThatHadMost_Sorted()
    {
        var net8 = Write("net8.0.txt", "BURST001 | A.B() | Thread.Sleep(1)\nBURST001 | A.B() | Thread.Sleep(1)\nBURST003 | A.C() | File.ReadAllText(p)\n");
        var net48 = Write("net48.txt", "BURST001 | A.B() | Thread.Sleep(1)\nBURST002 | A.D() | t.Wait()\n");
        var baseline = Write(BaselineFile.FileName, Header + "BURST002 | A.D() | t.Wait()\nBURST004 | A.E() | gate.Wait()\n");

        Assert.True(Run(new BaselineTask { Action = "update", FindingsFiles = Items(net8, net48), BaselineFile = baseline }));
        Assert.Equal(
            Header.Replace("\r\n", "\n", StringComparison.Ordinal).TrimEnd('\n') + "\n"
                + "BURST001 | A.B() | Thread.Sleep(1)\nBURST001 | A.B() | Thread.Sleep(1)\nBURST002 | A.D() | t.Wait()\nBURST003 | A.C() | File.ReadAllText(p)\n",
            File.ReadAllText(baseline));
        Assert.Equal(new[] { $"BurstAnalyzers baseline: {baseline} records 4 finding(s): 3 added, 1 removed." }, _engine.Messages);
    }

    [Fact]
    public void Check_WarnsBurst902AtTheLineOfEachRecordedFindingNoLongerFound()
    {
        var found = Write("findings.txt", "BURST001 | A.B() | Thread.Sleep(1)\n");
        var baseline = Write(BaselineFile.FileName, Header
            + "BURST001 | A.B() | Thread.Sleep(1)\n"      // line 4: found
            + "BURST001 |  A.B()  | Thread.Sleep(1)\n"    // line 5: the same entry again, found only once
            + "BURST1 | A.C() | t.Wait()\n"               // line 6: no rule id: the analyzer's BURST901, not an entry
            + "BURST003 | A.D() | File.ReadAllText(p)\n");  // line 7: fixed

        Assert.True(Run(new BaselineTask { Action = "check", FindingsFiles = Items(found), BaselineFile = baseline }));
        Assert.Equal(
            new[]
            {
                (5, "Recorded finding no longer exists: 'BURST001 | A.B() | Thread.Sleep(1)'. Remove it with: dotnet build -p:BurstAnalyzersBaseline=update (https://github.com/burstanalyzers/BurstAnalyzers/blob/main/docs/rules/BURST902.md)"),
                (7, "Recorded finding no longer exists: 'BURST003 | A.D() | File.ReadAllText(p)'. Remove it with: dotnet build -p:BurstAnalyzersBaseline=update (https://github.com/burstanalyzers/BurstAnalyzers/blob/main/docs/rules/BURST902.md)"),
            },
            _engine.Warnings.ConvertAll(w => (w.LineNumber, w.Message ?? "")));
        Assert.All(_engine.Warnings, w => Assert.Equal(("BURST902", baseline), (w.Code, w.File)));
    }

    /// <summary>Every line the task counts is one the analyzer's suppressor counts, and no other: one parser.</summary>
    [Theory]
    [InlineData("BURST001 | A.B() | Thread.Sleep(1)")]
    [InlineData("  BURST001|A.B() | Thread.Sleep(1)")]
    [InlineData("BURST001 | A.B() |  Thread.Sleep(1)  ")]
    [InlineData("burst001 | A.B() | Thread.Sleep(1)")]
    [InlineData("BURST001 |  | Thread.Sleep(1)")]
    [InlineData("# BURST001 | A.B() | Thread.Sleep(1)")]
    public void ALineCountsForTheTaskExactlyWhenItCountsForTheAnalyzer(string line)
    {
        var analyzer = BaselineFile.Parse(SourceText.From(line + "\n"));
        var baseline = Write(BaselineFile.FileName, line + "\n");

        Assert.True(Run(new BaselineTask { Action = "check", FindingsFiles = Items(Write("none.txt", "")), BaselineFile = baseline }));
        Assert.Equal(analyzer.Counts.Count, _engine.Warnings.Count);
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    private bool Run(BaselineTask task)
    {
        task.BuildEngine = _engine;
        return task.Execute();
    }

    private string Write(string name, string content)
    {
        var path = Path.Combine(_folder, name);
        File.WriteAllText(path, content);
        return path;
    }

    private static ITaskItem[] Items(params string[] paths) => Array.ConvertAll(paths, path => (ITaskItem)new TaskItem(path));
}
