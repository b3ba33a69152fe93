using System.Collections.Immutable;
using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.Rules;
using BurstAnalyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;

namespace BurstAnalyzers.Tests.Rules.Burst900;

public class ConfigurationAnalyzerTests
{
    [Fact]
    public async Task EachMalformedEntryIsReportedOnceWithKeyAndValue_TheRestStillApplies()
    {
        var solution = TestWorkspace.CreateSolution(
            new[]
            {
                ("A.cs", "public class A { }"),
                ("B.cs", """
                    using Microsoft.AspNetCore.Mvc;

                    namespace Acme { public class Client { public void Call() { } } }

                    public class LegacyController : ControllerBase
                    {
                        public void Get(Acme.Client client) => client.Call();
                    }
                    """),
            },
            """
            root = true

            [*.cs]
            burst_analyzers.handler_attributes = Acme.Good, 42Bad
            burst_analyzers.additional_blocking_apis = Acme.Client.Call, M:Acme.Client.Call
            burst_analyzers.excluded_apis = M:Fine.Api
            """,
            ReferenceSets.Default);
        var project = solution.Projects.Single();

        var diagnostics = await TestWorkspace.GetAnalyzerDiagnosticsAsync(project, ImmutableArray.Create<DiagnosticAnalyzer>(new ConfigurationAnalyzer(), new BlockingCallAnalyzer()));

        var messages = diagnostics.Select(d => (d.Id, d.Location == Location.None, d.GetMessage(System.Globalization.CultureInfo.InvariantCulture))).ToArray();
        Assert.Equal(
            new[]
            {
                ("BURST006", false, "'Client.Call' blocks request handler 'LegacyController.Get' and has no async alternative; run it on dedicated threads with [OffloadBlocking]"),
                ("BURST900", true, "BurstAnalyzers option 'burst_analyzers.handler_attributes' has an invalid entry '42Bad': expected a full metadata type name such as 'Acme.Web.HandlerAttribute'; the entry is ignored and the rest of the configuration still applies"),
                ("BURST900", true, "BurstAnalyzers option 'burst_analyzers.additional_blocking_apis' has an invalid entry 'Acme.Client.Call': expected a documentation-comment id such as 'M:Acme.Legacy.Client.Call(System.String)'; the entry is ignored and the rest of the configuration still applies"),
            }.OrderBy(m => m.Item3),
            messages.OrderBy(m => m.Item3));
    }

    [Fact]
    public async Task ValidConfigurationReportsNothing()
    {
        var solution = TestWorkspace.CreateSolution(
            new[] { ("A.cs", "public class A { }") },
            """
            root = true

            [*.cs]
            burst_analyzers.handler_attributes = Acme.Web.HandlerAttribute
            burst_analyzers.handler_base_types = Acme.Web.Handler`1, Acme.Outer+Inner
            burst_analyzers.additional_blocking_apis = M:Acme.Legacy.Client.Call(System.String)
            burst_analyzers.excluded_apis =
            """,
            ReferenceSets.BclOnly);

        var diagnostics = await TestWorkspace.GetAnalyzerDiagnosticsAsync(solution.Projects.Single(), ImmutableArray.Create<DiagnosticAnalyzer>(new ConfigurationAnalyzer()));
        Assert.Empty(diagnostics);
    }
}
