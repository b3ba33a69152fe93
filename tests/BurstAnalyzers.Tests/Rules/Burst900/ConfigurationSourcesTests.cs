using System.Collections.Immutable;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Testing;
using Xunit;
using Chain = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.CallChainAnalyzer>;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.ConfigurationAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst900;

/// <summary>
/// Where options come from (docs/configuration.md): a global analyzer config (is_global = true) as well as .editorconfig
/// sections. Every invalid entry of every key is BURST900 naming key and value, each distinct value once per
/// compilation; an empty value is accepted, and then the option keeps its default.
/// </summary>
public class ConfigurationSourcesTests
{
    private const string Suffix = "; the entry is ignored and the rest of the configuration still applies";

    private const string Layers = Burst005.DepthLimitTests.Layers;

    [Fact]
    public Task EveryKeyOfAGlobalConfigIsChecked() => VerifyAsync(
        TestSource.Files(new TestSource("A.cs", "public class A { }")),
        editorConfig: null,
        globalConfig: """
            is_global = true
            burst_analyzers.handler_attributes = Acme.Web.Handler<T>
            burst_analyzers.handler_base_types = M:Acme.Web.Handler
            burst_analyzers.additional_blocking_apis = Acme.Legacy.Client.Call
            burst_analyzers.excluded_apis = System.IO.File.ReadAllText
            burst_analyzers.max_call_depth = deep
            burst_analyzers.public_api_in_libraries = rename
            """,
        Problem("handler_attributes", "Acme.Web.Handler<T>", "expected a full metadata type name such as 'Acme.Web.HandlerAttribute'"),
        Problem("handler_base_types", "M:Acme.Web.Handler", "expected a full metadata type name such as 'Acme.Web.HandlerAttribute'"),
        Problem("additional_blocking_apis", "Acme.Legacy.Client.Call", "expected a documentation-comment id such as 'M:Acme.Legacy.Client.Call(System.String)'"),
        Problem("excluded_apis", "System.IO.File.ReadAllText", "expected a documentation-comment id such as 'M:Acme.Legacy.Client.Call(System.String)'"),
        Problem("max_call_depth", "deep", "expected a positive whole number such as '8'"),
        Problem("public_api_in_libraries", "rename", "expected 'keep' or 'change'"));

    /// <summary>The same value in the global config and in two sections is one problem; another value is another.</summary>
    [Fact]
    public Task EachDistinctValueIsReportedOnce_WhereverItIsWritten() => VerifyAsync(
        TestSource.Files(
            new TestSource("A.cs", "public class A { }"),
            new TestSource("Sub/B.cs", "public class B { }"),
            new TestSource("Other/C.cs", "public class C { }")),
        editorConfig: """
            root = true

            [*.cs]
            burst_analyzers.max_call_depth = deep
            burst_analyzers.excluded_apis = Acme.Cache.Warm

            [Sub/*.cs]
            burst_analyzers.max_call_depth = deep

            [Other/*.cs]
            burst_analyzers.max_call_depth = 0
            """,
        globalConfig: """
            is_global = true
            burst_analyzers.max_call_depth = deep
            burst_analyzers.excluded_apis = Acme.Cache.Warm
            """,
        Problem("excluded_apis", "Acme.Cache.Warm", "expected a documentation-comment id such as 'M:Acme.Legacy.Client.Call(System.String)'"),
        Problem("max_call_depth", "deep", "expected a positive whole number such as '8'"),
        Problem("max_call_depth", "0", "expected a positive whole number such as '8'"));

    [Fact]
    public Task EmptyValuesAreAccepted() => VerifyAsync(
        TestSource.Files(new TestSource("A.cs", "public class A { }")),
        editorConfig: """
            root = true

            [*.cs]
            burst_analyzers.max_call_depth =
            burst_analyzers.public_api_in_libraries =
            burst_analyzers.handler_attributes =
            """,
        globalConfig: """
            is_global = true
            burst_analyzers.max_call_depth =
            burst_analyzers.public_api_in_libraries =
            burst_analyzers.excluded_apis = ,
            """);

    /// <summary>An empty depth is no depth: the default of eight methods applies.</summary>
    [Fact]
    public Task EmptyDepthKeepsTheDefault() => Chain.VerifyAnalyzerAsync(
        TestSource.Files(
            Layers,
            new TestSource("Controller.cs", """
                using Microsoft.AspNetCore.Mvc;

                public class LayersController : ControllerBase
                {
                    public void A() => {|BURST005:Layers.Eight()|};
                    public void B() => Layers.Nine();
                }
                """)),
        editorConfig: """
            root = true

            [*.cs]
            burst_analyzers.max_call_depth =
            """);

    /// <summary>A depth in the global config applies to every file no .editorconfig section gives its own.</summary>
    [Fact]
    public Task DepthFromAGlobalConfig_AFolderSectionOverridesIt() => VerifyAsync<BurstAnalyzers.Rules.CallChainAnalyzer>(
        TestSource.Files(
            Layers,
            new TestSource("Strict/StrictController.cs", """
                using Microsoft.AspNetCore.Mvc;

                public class StrictController : ControllerBase
                {
                    public void A() => {|BURST005:Layers.Two()|};
                    public void B() => Layers.Three();
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

            [Loose/*.cs]
            burst_analyzers.max_call_depth = 20
            """,
        globalConfig: """
            is_global = true
            burst_analyzers.max_call_depth = 2
            """);

    /// <summary>
    /// In a project that references no handler framework, handlers declared only in a global config still turn the
    /// rules on: by attribute, or by base type.
    /// </summary>
    [Theory]
    [InlineData("handler_attributes = Acme.Messaging.HandlesAttribute", "Billing.Run")]
    [InlineData("handler_base_types = Acme.Messaging.CommandHandler", "Refund.Handle")]
    public Task HandlersDeclaredInAGlobalConfig(string option, string handler)
    {
        var markup = """
            using System;
            using System.Threading;

            namespace Acme.Messaging
            {
                [AttributeUsage(AttributeTargets.Method)]
                public sealed class HandlesAttribute : Attribute { }

                public abstract class CommandHandler
                {
                    public abstract void Handle(string command);
                }
            }

            public class Billing
            {
                [Acme.Messaging.Handles]
                public void Run() => Thread.Sleep(1);
            }

            public class Refund : Acme.Messaging.CommandHandler
            {
                public override void Handle(string command) => Thread.Sleep(2);
            }
            """;
        var blocking = handler == "Billing.Run" ? "Thread.Sleep(1)" : "Thread.Sleep(2)";
        return VerifyAsync<BurstAnalyzers.Rules.BlockingCallAnalyzer>(
            TestSource.Files(markup.Replace(blocking, "{|#0:" + blocking + "|}")),
            editorConfig: null,
            globalConfig: "is_global = true\nburst_analyzers." + option + "\n",
            references: ReferenceSets.BclOnly,
            CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>.Diagnostic("BURST001").WithLocation(0).WithMessage(
                $"'Thread.Sleep' blocks a thread-pool thread in request handler '{handler}'; use 'await Task.Delay' instead"));
    }

    private static DiagnosticResult Problem(string key, string value, string expected)
        => Verify.Diagnostic("BURST900").WithMessage($"BurstAnalyzers option 'burst_analyzers.{key}' has an invalid entry '{value}': {expected}{Suffix}");

    private static Task VerifyAsync(ImmutableArray<TestSource> sources, string? editorConfig, string globalConfig, params DiagnosticResult[] expected)
        => VerifyAsync<BurstAnalyzers.Rules.ConfigurationAnalyzer>(sources, editorConfig, globalConfig, expected);

    /// <summary>As the verifier's own overload, plus a global analyzer config beside the .editorconfig.</summary>
    private static Task VerifyAsync<TAnalyzer>(ImmutableArray<TestSource> sources, string? editorConfig, string globalConfig, params DiagnosticResult[] expected)
        where TAnalyzer : Microsoft.CodeAnalysis.Diagnostics.DiagnosticAnalyzer, new()
        => VerifyAsync<TAnalyzer>(sources, editorConfig, globalConfig, references: null, expected);

    private static Task VerifyAsync<TAnalyzer>(
        ImmutableArray<TestSource> sources, string? editorConfig, string globalConfig, ImmutableArray<MetadataReference>? references, params DiagnosticResult[] expected)
        where TAnalyzer : Microsoft.CodeAnalysis.Diagnostics.DiagnosticAnalyzer, new()
    {
        var test = new CSharpAnalyzerVerifier<TAnalyzer>.Test();
        TestProject.AddTo(test.TestState, sources, editorConfig, outputKind: null);
        if (references is { } set)
        {
            test.Project.References = set;
        }

        test.TestState.AnalyzerConfigFiles.Add(("/0/.globalconfig", globalConfig));
        test.ExpectedDiagnostics.AddRange(expected);
        return test.RunAsync(CancellationToken.None);
    }
}
