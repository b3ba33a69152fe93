using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.CallChainAnalyzer, BurstAnalyzers.Rules.CallChainFixer>;

namespace BurstAnalyzers.Tests.AsyncConversion;

/// <summary>
/// The awaits a fix adds follow the project's convention (AwaitConvention): <c>.ConfigureAwait(false)</c> where CA2007 is
/// on or where most of the project's own awaits (at least three) are configured, in the methods that are not request
/// handlers; the handler's own awaits never. With no convention the output is today's (the fixer tests pin it).
/// BURST005's chain fix is the vehicle: it adds awaits in the handler and in the methods it calls.
/// </summary>
public class AwaitConventionTests
{
    private const string Chain = """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class Store
        {
            public string Load()
            {
                Thread.Sleep(1);
                return "";
            }

            public Task Save(Task flush)
            {
                Thread.Sleep(1);
                return flush;
            }
        }

        public class OrdersController : ControllerBase
        {
            private readonly Store _store = new();

            public string Get() => [|_store.Load()|];

            public Task Post() => [|_store.Save(Task.CompletedTask)|];
        }
        """;

    private const string ChainConfigured = """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class Store
        {
            public async Task<string> LoadAsync()
            {
                await Task.Delay(1).ConfigureAwait(false);
                return "";
            }

            public async Task Save(Task flush)
            {
                await Task.Delay(1).ConfigureAwait(false);
                await flush.ConfigureAwait(false);
            }
        }

        public class OrdersController : ControllerBase
        {
            private readonly Store _store = new();

            public async Task<string> Get() => await _store.LoadAsync();

            public Task Post() => _store.Save(Task.CompletedTask);
        }
        """;

    private const string ChainUnconfigured = """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class Store
        {
            public async Task<string> LoadAsync()
            {
                await Task.Delay(1);
                return "";
            }

            public async Task Save(Task flush)
            {
                await Task.Delay(1);
                await flush;
            }
        }

        public class OrdersController : ControllerBase
        {
            private readonly Store _store = new();

            public async Task<string> Get() => await _store.LoadAsync();

            public Task Post() => _store.Save(Task.CompletedTask);
        }
        """;

    /// <summary>Library code of the project that configures its awaits: three of three.</summary>
    private static string Configuring(int configured, int plain = 0)
    {
        var awaits = new System.Text.StringBuilder();
        for (var i = 0; i < configured; i++)
        {
            awaits.Append("        await Task.Delay(").Append(i).Append(").ConfigureAwait(false);\n");
        }

        for (var i = 0; i < plain; i++)
        {
            awaits.Append("        await Task.Delay(").Append(i).Append(");\n");
        }

        return "using System.Threading.Tasks;\n\npublic class Cache\n{\n    public async Task WarmAsync()\n    {\n" + awaits + "    }\n}\n";
    }

    [Fact]
    public Task CodeThatConfiguresItsAwaits_AddedAwaitsOutsideTheHandlerAreConfigured() => Verify.VerifyCodeFixAsync(
        TestSource.Files(Chain, new TestSource("Cache.cs", Configuring(3))),
        TestSource.Files(ChainConfigured, new TestSource("Cache.cs", Configuring(3))));

    [Fact]
    public Task Ca2007InEditorConfig_AddedAwaitsOutsideTheHandlerAreConfigured() => Verify.VerifyCodeFixAsync(
        TestSource.Files(Chain),
        TestSource.Files(ChainConfigured),
        editorConfig: "root = true\n\n[*.cs]\ndotnet_diagnostic.CA2007.severity = warning\n");

    [Fact]
    public Task Ca2007AsASuggestion_AddedAwaitsOutsideTheHandlerAreConfigured() => Verify.VerifyCodeFixAsync(
        TestSource.Files(Chain),
        TestSource.Files(ChainConfigured),
        editorConfig: "root = true\n\n[*.cs]\ndotnet_diagnostic.CA2007.severity = suggestion\n");

    [Fact]
    public Task Ca2007Silenced_NoChange() => Verify.VerifyCodeFixAsync(
        TestSource.Files(Chain),
        TestSource.Files(ChainUnconfigured),
        editorConfig: "root = true\n\n[*.cs]\ndotnet_diagnostic.CA2007.severity = none\n");

    /// <summary>Two configured awaits are not a convention, however few the others.</summary>
    [Fact]
    public Task TwoConfiguredAwaits_NoChange() => Verify.VerifyCodeFixAsync(
        TestSource.Files(Chain, new TestSource("Cache.cs", Configuring(2))),
        TestSource.Files(ChainUnconfigured, new TestSource("Cache.cs", Configuring(2))));

    [Fact]
    public Task ConfiguredAwaitsInTheMinority_NoChange() => Verify.VerifyCodeFixAsync(
        TestSource.Files(Chain, new TestSource("Cache.cs", Configuring(3, plain: 3))),
        TestSource.Files(ChainUnconfigured, new TestSource("Cache.cs", Configuring(3, plain: 3))));

    /// <summary>Generated code is not the project's convention.</summary>
    [Fact]
    public Task ConfiguredAwaitsInGeneratedCode_NoChange() => Verify.VerifyCodeFixAsync(
        TestSource.Files(Chain, new TestSource("Cache.g.cs", Configuring(3))),
        TestSource.Files(ChainUnconfigured, new TestSource("Cache.g.cs", Configuring(3))));

    private const string Ca2007 = "root = true\n\n[*.cs]\ndotnet_diagnostic.CA2007.severity = warning\n";

    /// <summary>A global config turns CA2007 on as well as an .editorconfig.</summary>
    [Fact]
    public Task Ca2007InGlobalConfig_AddedAwaitsOutsideTheHandlerAreConfigured()
    {
        var test = new Verify.Test();
        TestProject.AddTo(test.TestState, TestSource.Files(Chain), null, null);
        TestProject.AddTo(test.FixedState, TestSource.Files(ChainConfigured), null, null);
        test.TestState.AnalyzerConfigFiles.Add(("/.globalconfig", "is_global = true\ndotnet_diagnostic.CA2007.severity = error\n"));
        test.FixedState.AnalyzerConfigFiles.Add(("/.globalconfig", "is_global = true\ndotnet_diagnostic.CA2007.severity = error\n"));
        return test.RunAsync(CancellationToken.None);
    }

    /// <summary>The awaited access of a call after <c>?.</c> is configured whole: <c>(a?.WriteAsync(x) ?? Task.CompletedTask)</c>
    /// is a Task.</summary>
    [Fact]
    public Task CallAfterQuestionDot_TheCoalescedTaskIsConfigured() => Verify.VerifyCodeFixAsync(
        TestSource.Files("""
            using System.IO;
            using Microsoft.AspNetCore.Mvc;

            public class Logger
            {
                private readonly TextWriter _out;

                public Logger(TextWriter output) => _out = output;

                public void Write(string message)
                {
                    _out?.Write(message);
                }
            }

            public class OrdersController : ControllerBase
            {
                private readonly Logger _logger;

                public OrdersController(Logger logger) => _logger = logger;

                public void Post() => [|_logger.Write("placing")|];
            }
            """),
        TestSource.Files("""
            using System.IO;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;

            public class Logger
            {
                private readonly TextWriter _out;

                public Logger(TextWriter output) => _out = output;

                public async Task WriteAsync(string message)
                {
                    await (_out?.WriteAsync(message) ?? Task.CompletedTask).ConfigureAwait(false);
                }
            }

            public class OrdersController : ControllerBase
            {
                private readonly Logger _logger;

                public OrdersController(Logger logger) => _logger = logger;

                public async Task Post() => await _logger.WriteAsync("placing");
            }
            """),
        editorConfig: Ca2007);

    /// <summary>A wait on a configured task becomes an await of it as it is: configured once.</summary>
    [Fact]
    public Task WaitOnAConfiguredTask_IsNotConfiguredTwice() => Verify.VerifyCodeFixAsync(
        TestSource.Files("""
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;

            public class Store
            {
                public string Load() => Fetch().ConfigureAwait(false).GetAwaiter().GetResult();

                private static Task<string> Fetch() => Task.FromResult("");
            }

            public class OrdersController : ControllerBase
            {
                private readonly Store _store = new();

                public string Get() => [|_store.Load()|];
            }
            """),
        TestSource.Files("""
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;

            public class Store
            {
                public async Task<string> LoadAsync() => await Fetch().ConfigureAwait(false);

                private static Task<string> Fetch() => Task.FromResult("");
            }

            public class OrdersController : ControllerBase
            {
                private readonly Store _store = new();

                public async Task<string> Get() => await _store.LoadAsync();
            }
            """),
        editorConfig: Ca2007);

    /// <summary>A minimal API lambda is the handler: its await stays as it is; the local function it calls is configured
    /// (top-level statements).</summary>
    [Fact]
    public Task EndpointLambda_IsNotConfigured_TheFunctionItCallsIs() => Verify.VerifyCodeFixAsync(
        TestSource.Files(new TestSource("Program.cs", """
            using System.Threading;
            using Microsoft.AspNetCore.Builder;

            var app = WebApplication.Create(args);
            app.MapGet("/", () => {|BURST005:Compute(1)|});
            app.Run();

            int Compute(int x)
            {
                Thread.Sleep(1);
                return x;
            }
            """)),
        TestSource.Files(new TestSource("Program.cs", """
            using System.Threading;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Builder;

            var app = WebApplication.Create(args);
            app.MapGet("/", async () => await ComputeAsync(1));
            app.Run();

            async Task<int> ComputeAsync(int x)
            {
                await Task.Delay(1).ConfigureAwait(false);
                return x;
            }
            """)),
        editorConfig: Ca2007,
        outputKind: Microsoft.CodeAnalysis.OutputKind.ConsoleApplication);

    private const string WcfChain = """
        using System.ServiceModel;
        using System.Threading;

        [ServiceContract]
        public interface IService1
        {
            [OperationContract]
            string GetData(int value);
        }

        public class Store
        {
            public string Load()
            {
                Thread.Sleep(1);
                return "";
            }
        }

        public class Service1 : IService1
        {
            public string GetData(int value) => [|new Store().Load()|];
        }
        """;

    private static string WcfChainFixed(string configured) => """
        using System.ServiceModel;
        using System.Threading;
        using System.Threading.Tasks;

        [ServiceContract]
        public interface IService1
        {
            [OperationContract]
            Task<string> GetData(int value);
        }

        public class Store
        {
            public async Task<string> LoadAsync()
            {
                await Task.Delay(1)
        """ + configured + """
        ;
                return "";
            }
        }

        public class Service1 : IService1
        {
            public async Task<string> GetData(int value) => await new Store().LoadAsync();
        }
        """;

    /// <summary>.NET Framework (classic ASP.NET's request context): the code's habit is not enough.</summary>
    [Fact]
    public Task NetFramework_CodeThatConfiguresItsAwaits_NoChange() => VerifyNet48Async(
        TestSource.Files(WcfChain, new TestSource("Cache.cs", Configuring(3))),
        TestSource.Files(WcfChainFixed(""), new TestSource("Cache.cs", Configuring(3))),
        editorConfig: null);

    /// <summary>.NET Framework with CA2007 on: the user asked; the operation's own await still is not configured.</summary>
    [Fact]
    public Task NetFramework_Ca2007_AddedAwaitsOutsideTheOperationAreConfigured() => VerifyNet48Async(
        TestSource.Files(WcfChain),
        TestSource.Files(WcfChainFixed(".ConfigureAwait(false)")),
        editorConfig: Ca2007);

    private static Task VerifyNet48Async(System.Collections.Immutable.ImmutableArray<TestSource> sources, System.Collections.Immutable.ImmutableArray<TestSource> fixedSources, string? editorConfig)
    {
        var test = new Verify.Test();
        test.Project.UseNet48();
        TestProject.AddTo(test.TestState, sources, editorConfig, null);
        TestProject.AddTo(test.FixedState, fixedSources, editorConfig, null);
        return test.RunAsync(CancellationToken.None);
    }
}
