using System.Linq;
using System.Threading.Tasks;
using Xunit;
using static BurstAnalyzers.Tests.Baseline.BaselineAnalysis;

namespace BurstAnalyzers.Tests.Baseline;

/// <summary>
/// What a baseline suppresses: the findings it records, identified by rule, member and code (never a line), counted
/// per entry in source order; and in an update build, everything. docs/baseline.md describes the identity.
/// </summary>
public class BaselineSuppressorTests
{
    private const string Controller = """
        using System.IO;
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        namespace Shop.Web;

        public class OrdersController : ControllerBase
        {
            private static readonly SemaphoreSlim Gate = new(1);

            [HttpGet("orders/{id}")]
            public string Get(int id)
            {
                Thread.Sleep(1000);
                return System.IO.File.ReadAllText("orders.txt");
            }

            [HttpGet("gate")]
            public string Throttled()
            {
                Gate.Wait();
                Gate.Release();
                return "gate";
            }

            private static string Describe(int id) => "order " + id;
        }
        """;

    private const string Recorded = """
        BURST001 | Shop.Web.OrdersController.Get(int) | Thread.Sleep(1000)
        BURST003 | Shop.Web.OrdersController.Get(int) | System.IO.File.ReadAllText("orders.txt")
        BURST004 | Shop.Web.OrdersController.Throttled() | Gate.Wait()

        """;

    [Fact]
    public async Task EveryFinding_CarriesItsEntry_RuleMemberAndCode()
    {
        var findings = await RunAsync(Controller);

        Assert.Equal(
            new[]
            {
                new Finding("/project/Controllers.cs", 14, "BURST001", "BURST001 | Shop.Web.OrdersController.Get(int) | Thread.Sleep(1000)", false),
                new Finding("/project/Controllers.cs", 15, "BURST003", "BURST003 | Shop.Web.OrdersController.Get(int) | System.IO.File.ReadAllText(\"orders.txt\")", false),
                new Finding("/project/Controllers.cs", 21, "BURST004", "BURST004 | Shop.Web.OrdersController.Throttled() | Gate.Wait()", false),
            },
            findings);
        Assert.Equal(Recorded, BaselineOf(findings));
    }

    [Fact]
    public async Task RecordedFindings_AreSuppressed_NotDropped()
    {
        var findings = await RunAsync(Controller, Recorded);

        Assert.Equal(new[] { ("BURST001", true), ("BURST003", true), ("BURST004", true) }, findings.Select(f => (f.Id, f.Suppressed)));
    }

    [Theory]
    [InlineData("lines inserted above", "namespace Shop.Web;\n", "namespace Shop.Web;\n\n// one\n// two\n// three\n")]
    [InlineData("a call reformatted over lines, with a comment", "        Gate.Wait();\n", "        Gate\n            .Wait( /* why */ );\n")]
    [InlineData("an unrelated member renamed", "Describe(", "Label(")]
    [InlineData("a member added and the actions' order changed", "    [HttpGet(\"orders/{id}\")]", "    public int Count => 0;\n\n    [HttpGet(\"orders/{id}\")]")]
    public async Task EditsThatDoNotTouchTheFinding_KeepItRecorded(string edit, string find, string replace)
    {
        var edited = Controller.Replace(find, replace, System.StringComparison.Ordinal);
        Assert.NotEqual(Controller, edited);

        var findings = await RunAsync(edited, Recorded);

        Assert.True(findings.Count >= 3, edit);
        Assert.All(findings.Where(f => f.Entry is not null && Recorded.Contains(f.Entry, System.StringComparison.Ordinal)), f => Assert.True(f.Suppressed));
        Assert.Equal(3, findings.Count(f => f.Suppressed));
    }

    [Fact]
    public async Task TheActionMovedToAnotherFileOfThePartialClass_KeepsItRecorded()
    {
        var first = Controller.Replace("public class", "public partial class", System.StringComparison.Ordinal);
        var start = first.IndexOf("    [HttpGet(\"gate\")]", System.StringComparison.Ordinal);
        var moved = first[..start].TrimEnd() + "\n}\n";
        var second = "using System.Threading;\nusing Microsoft.AspNetCore.Mvc;\n\nnamespace Shop.Web;\n\npublic partial class OrdersController\n{\n" + first[start..];

        var findings = await RunAsync(new[] { ("/project/Orders.cs", moved), ("/project/Gate.cs", second) }, Recorded);

        Assert.Equal(new[] { true, true, true }, findings.Select(f => f.Suppressed));
    }

    [Fact]
    public async Task ASecondIdenticalCallInTheSameHandler_IsNew_AndTheLaterOneIsReported()
    {
        var twice = Controller.Replace("        Thread.Sleep(1000);\n", "        Thread.Sleep(1000);\n        Thread.Sleep(1000);\n", System.StringComparison.Ordinal);

        var findings = await RunAsync(twice, Recorded);

        Assert.Equal(
            new[] { (14, "BURST001", true), (15, "BURST001", false), (16, "BURST003", true), (22, "BURST004", true) },
            findings.Select(f => (f.Line, f.Id, f.Suppressed)));
    }

    [Fact]
    public async Task TheSameCallInAnotherHandler_OrAnotherCallInTheSameHandler_IsNew()
    {
        var moved = Controller
            .Replace("        Gate.Wait();\n", "        Gate.Wait();\n        Thread.Sleep(1000);\n", System.StringComparison.Ordinal)
            .Replace("Thread.Sleep(1000);\n        return System.IO.File", "Thread.Sleep(2000);\n        return System.IO.File", System.StringComparison.Ordinal);

        var findings = await RunAsync(moved, Recorded);

        Assert.Equal(
            new[] { ("BURST001", "Get(int) | Thread.Sleep(2000)", false), ("BURST003", "Get(int) | System.IO.File.ReadAllText(\"orders.txt\")", true), ("BURST004", "Throttled() | Gate.Wait()", true), ("BURST001", "Throttled() | Thread.Sleep(1000)", false) },
            findings.Select(f => (f.Id, f.Entry![(f.Entry!.IndexOf("OrdersController.", System.StringComparison.Ordinal) + 17)..], f.Suppressed)));
    }

    [Fact]
    public async Task AnUpdateBuild_SuppressesEveryFinding_WhateverTheFileSays()
    {
        var findings = await RunAsync(Controller, baseline: "BURST004 | Shop.Web.OrdersController.Throttled() | Gate.Wait()\n", update: true);

        Assert.Equal(new[] { true, true, true }, findings.Select(f => f.Suppressed));
    }

    [Fact]
    public async Task AChainFinding_IsRecordedAtTheHandlersCall()
    {
        const string source = """
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            namespace Shop.Web;

            public class QuotesController : ControllerBase
            {
                [HttpGet("quote")]
                public int Get() => Prices.Load(3);
            }

            public static class Prices
            {
                public static int Load(int id)
                {
                    Thread.Sleep(10);
                    return id;
                }
            }
            """;

        var findings = await RunAsync(source, "BURST005 | Shop.Web.QuotesController.Get() | Prices.Load(3)\n");

        var chain = Assert.Single(findings);
        Assert.Equal(("BURST005", 9, true), (chain.Id, chain.Line, chain.Suppressed));
    }
}
