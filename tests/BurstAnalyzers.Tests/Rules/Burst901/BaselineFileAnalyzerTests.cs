using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Baseline;
using Xunit;

namespace BurstAnalyzers.Tests.Rules.Burst901;

/// <summary>BURST901: a line of BurstAnalyzers.baseline.txt that is not an entry is reported at its line of the file,
/// naming the line and what is wrong; it records nothing, and the file's other entries still apply.</summary>
public class BaselineFileAnalyzerTests
{
    private const string Controller = """
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        namespace Shop.Web;

        public class OrdersController : ControllerBase
        {
            [HttpGet("orders")]
            public string Get()
            {
                Thread.Sleep(1000);
                return "orders";
            }
        }
        """;

    [Fact]
    public async Task MalformedLines_AreReportedAtTheirLines_AndTheValidEntryStillApplies()
    {
        const string baseline = """
            # a comment, then a blank line

            BURST001 Shop.Web.OrdersController.Get() Thread.Sleep(1000)
            CA2000 | Shop.Web.OrdersController.Get() | Thread.Sleep(1000)
            BURST001 |  | Thread.Sleep(1000)
            BURST001 | Shop.Web.OrdersController.Get() | Thread.Sleep(1000)

            """;

        var findings = await BaselineAnalysis.RunAsync(Controller, baseline);

        Assert.Equal(
            new[]
            {
                (BaselineAnalysis.BaselinePath, 3, "BURST901", false),
                (BaselineAnalysis.BaselinePath, 4, "BURST901", false),
                (BaselineAnalysis.BaselinePath, 5, "BURST901", false),
                ("/project/Controllers.cs", 11, "BURST001", true),
            },
            findings.Select(f => (f.File, f.Line, f.Id, f.Suppressed)).OrderBy(f => f.Item1 == BaselineAnalysis.BaselinePath ? 0 : 1).ThenBy(f => f.Item2));
    }

    [Fact]
    public async Task TheMessage_NamesTheFileTheLineItsTextAndTheReason()
    {
        var diagnostics = await BaselineAnalysis.MessagesAsync(Controller, "CA2000 | Shop.Web.OrdersController.Get() | Thread.Sleep(1000)\n");

        Assert.Equal(
            "BurstAnalyzers.baseline.txt line 1: 'CA2000 | Shop.Web.OrdersController.Get() | Thread.Sleep(1000)' is not a baseline entry: "
                + "'CA2000' is not a BurstAnalyzers rule id (BURSTnnn); the line records nothing and the rest of the file still applies",
            Assert.Single(diagnostics, d => d.Id == "BURST901").Message);
    }
}
