using System.Collections.Immutable;
using System.Threading.Tasks;
using BurstAnalyzers.Rules;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.ConfigurationAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst900;

public class ConfigurationAnalyzerTests
{
    [Fact]
    public async Task EachMalformedEntryIsReportedOnceWithKeyAndValue_TheRestStillApplies()
    {
        static ImmutableArray<TestSource> Sources(string call) => TestSource.Files(
            new TestSource("A.cs", "public class A { }"),
            new TestSource("B.cs", """
                using Microsoft.AspNetCore.Mvc;

                namespace Acme { public class Client { public void Call() { } } }

                public class LegacyController : ControllerBase
                {
                    public void Get(Acme.Client client) => CALL;
                }
                """.Replace("CALL", call)));
        const string editorConfig = """
            root = true

            [*.cs]
            burst_analyzers.handler_attributes = Acme.Good, 42Bad
            burst_analyzers.additional_blocking_apis = Acme.Client.Call, M:Acme.Client.Call
            burst_analyzers.excluded_apis = M:Fine.Api
            """;

        // Each malformed entry once, for the project (no source location), naming the key and the value.
        await Verify.VerifyAnalyzerAsync(
            Sources("client.Call()"),
            editorConfig,
            expected: new[]
            {
                Verify.Diagnostic("BURST900").WithMessage("BurstAnalyzers option 'burst_analyzers.handler_attributes' has an invalid entry '42Bad': expected a full metadata type name such as 'Acme.Web.HandlerAttribute'; the entry is ignored and the rest of the configuration still applies"),
                Verify.Diagnostic("BURST900").WithMessage("BurstAnalyzers option 'burst_analyzers.additional_blocking_apis' has an invalid entry 'Acme.Client.Call': expected a documentation-comment id such as 'M:Acme.Legacy.Client.Call(System.String)'; the entry is ignored and the rest of the configuration still applies"),
            });

        // The valid entry of the same option still applies.
        await CSharpAnalyzerVerifier<BlockingCallAnalyzer>.VerifyAnalyzerAsync(
            Sources("{|#0:client.Call()|}"),
            editorConfig,
            expected: CSharpAnalyzerVerifier<BlockingCallAnalyzer>.Diagnostic("BURST006").WithLocation(0).WithMessage(
                "'Client.Call' blocks request handler 'LegacyController.Get' and has no async alternative; run it on dedicated threads with [OffloadBlocking]"));
    }

    [Fact]
    public Task ValidConfigurationReportsNothing() => Verify.VerifyAnalyzerAsync(
        TestSource.Files(new TestSource("A.cs", "public class A { }")),
        """
        root = true

        [*.cs]
        burst_analyzers.handler_attributes = Acme.Web.HandlerAttribute
        burst_analyzers.handler_base_types = Acme.Web.Handler`1, Acme.Outer+Inner
        burst_analyzers.additional_blocking_apis = M:Acme.Legacy.Client.Call(System.String)
        burst_analyzers.excluded_apis =
        """,
        ReferenceSets.BclOnly);
}
