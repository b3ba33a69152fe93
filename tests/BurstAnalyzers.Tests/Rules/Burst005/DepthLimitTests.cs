using System.Collections.Immutable;
using System.Threading.Tasks;
using BurstAnalyzers.Rules;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.CallChainAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>burst_analyzers.max_call_depth, excluded APIs on the way, and BURST900 for a depth that does not parse.</summary>
public class DepthLimitTests
{
    /// <summary>One to nine methods down to a Thread.Sleep (also used by the BURST900 tests of where depths come from).</summary>
    internal const string Layers = """
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public static class Layers
        {
            public static void One() => Thread.Sleep(1);
            public static void Two() => One();
            public static void Three() => Two();
            public static void Four() => Three();
            public static void Nine() => Eight();
            public static void Eight() => Seven();
            public static void Seven() => Six();
            public static void Six() => Five();
            public static void Five() => Four();

            // Two ways down: the short one decides whether it fits.
            public static void ShortOrLong(bool flag) { if (flag) Four(); else One(); }
        }
        """;

    [Fact]
    public Task DefaultLimitIsEight() => Verify.VerifyAnalyzerAsync(TestSource.Files(Layers, new TestSource("Controller.cs", """
        using Microsoft.AspNetCore.Mvc;

        public class LayersController : ControllerBase
        {
            public void A() => {|BURST005:Layers.One()|};
            public void B() => {|BURST005:Layers.Four()|};
            public void C() => {|BURST005:Layers.Eight()|};
            public void D() => Layers.Nine();
            public void E() => {|BURST005:Layers.ShortOrLong(true)|};
        }
        """)));

    [Fact]
    public Task LimitFromEditorConfig_PerFileOfTheHandler() => Verify.VerifyAnalyzerAsync(
        TestSource.Files(
            Layers,
            new TestSource("Strict/StrictController.cs", """
                using Microsoft.AspNetCore.Mvc;

                public class StrictController : ControllerBase
                {
                    public void A() => {|BURST005:Layers.One()|};
                    public void B() => {|BURST005:Layers.Two()|};
                    public void C() => Layers.Three();
                    public void D() => {|BURST005:Layers.ShortOrLong(true)|};
                }
                """),
            new TestSource("Loose/LooseController.cs", """
                using Microsoft.AspNetCore.Mvc;

                public class LooseController : ControllerBase
                {
                    public void A() => {|BURST005:Layers.Nine()|};
                }
                """)),
        editorConfig: """
            root = true

            [*.cs]
            burst_analyzers.max_call_depth = 2

            [Loose/*.cs]
            burst_analyzers.max_call_depth = 20
            """);

    [Fact]
    public Task ExcludedMethodEndsTheChain() => Verify.VerifyAnalyzerAsync(
        TestSource.Files("""
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            namespace Acme
            {
                public static class Cache
                {
                    // Blocks only on a cold start, which the team accepts.
                    public static string Warm() { Thread.Sleep(1); return ""; }
                    public static string Get() => Warm();
                    public static string Fresh() { Thread.Sleep(1); return ""; }
                }
            }

            public class CacheController : ControllerBase
            {
                public string Get() => Acme.Cache.Get() + Acme.Cache.Warm() + {|BURST005:Acme.Cache.Fresh()|};
            }
            """),
        editorConfig: """
            root = true

            [*.cs]
            burst_analyzers.excluded_apis = M:Acme.Cache.Warm
            """);

    [Theory]
    [InlineData("0")]
    [InlineData("-1")]
    [InlineData("deep")]
    [InlineData("2.5")]
    [InlineData("3, 4")]
    public async Task InvalidDepthIsBurst900_AndTheDefaultApplies(string value)
    {
        static ImmutableArray<TestSource> Sources(string call) => TestSource.Files(
            Layers,
            new TestSource("Controller.cs", "public class LayersController : Microsoft.AspNetCore.Mvc.ControllerBase { public void A() => " + call + "; }"));
        var editorConfig = $"""
            root = true

            [*.cs]
            burst_analyzers.max_call_depth = {value}
            """;

        // The default depth (8) still applies: the eight-hop chain is reported...
        await Verify.VerifyAnalyzerAsync(Sources("{|BURST005:Layers.Eight()|}"), editorConfig);

        // ...and the bad value is reported once, for the project, naming key and value.
        await CSharpAnalyzerVerifier<ConfigurationAnalyzer>.VerifyAnalyzerAsync(
            Sources("Layers.Eight()"),
            editorConfig,
            expected: CSharpAnalyzerVerifier<ConfigurationAnalyzer>.Diagnostic("BURST900").WithMessage(
                $"BurstAnalyzers option 'burst_analyzers.max_call_depth' has an invalid entry '{value}': expected a positive whole number such as '8'; the entry is ignored and the rest of the configuration still applies"));
    }

    [Fact]
    public Task ValidDepthIsNoBurst900() => CSharpAnalyzerVerifier<ConfigurationAnalyzer>.VerifyAnalyzerAsync(
        TestSource.Files("public class A { }"),
        editorConfig: """
            root = true

            [*.cs]
            burst_analyzers.max_call_depth =  12 
            """);
}
