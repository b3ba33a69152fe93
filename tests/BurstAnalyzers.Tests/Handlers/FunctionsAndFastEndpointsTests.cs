using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Microsoft.CodeAnalysis.Testing;
using Xunit;
using ChainRule = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.CallChainAnalyzer>;
using SleepFix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.Rules.ThreadSleepFixer>;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Handlers;

/// <summary>
/// Azure Functions, isolated worker ([Function]) and in-process ([FunctionName]), every trigger; FastEndpoints'
/// HandleAsync/ExecuteAsync (issue 36). Compiled against the real packages (ReferenceSets.WithFunctionsAndFastEndpoints).
/// </summary>
public class FunctionsAndFastEndpointsTests
{
    [Fact]
    public Task IsolatedWorkerFunctionsAreHandlersWhateverTheTrigger() => Analyze("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.Azure.Functions.Worker;
        using Microsoft.Azure.Functions.Worker.Http;

        public class OrderFunctions
        {
            public OrderFunctions() => Thread.Sleep(1);

            [Function("GetOrder")]
            public HttpResponseData Get([HttpTrigger(AuthorizationLevel.Function, "get")] HttpRequestData req)
            {
                {|#0:Thread.Sleep(1)|};
                return req.CreateResponse();
            }

            [Function("Cleanup")]
            public static void Cleanup([TimerTrigger("0 */5 * * * *")] TimerInfo timer) => {|BURST001:Thread.Sleep(1)|};

            [Function("Drain")]
            public async Task Drain([TimerTrigger("0 0 * * * *")] TimerInfo timer)
            {
                await Task.Yield();
                {|BURST001:Thread.Sleep(1)|};
            }

            public void Helper() => Thread.Sleep(1);

            public static void NotAFunction([TimerTrigger("0 0 * * * *")] TimerInfo timer) => Thread.Sleep(1);
        }
        """,
        Verify.Diagnostic("BURST001").WithLocation(0).WithArguments("Thread.Sleep", "OrderFunctions.Get", "await Task.Delay"));

    [Fact]
    public Task InProcessFunctionsAreHandlersWhateverTheTrigger() => Analyze("""
        using System.Threading;
        using Microsoft.AspNetCore.Http;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.Azure.WebJobs;
        using Microsoft.Azure.WebJobs.Extensions.Http;

        public static class LegacyFunctions
        {
            [FunctionName("Hello")]
            public static IActionResult Run([HttpTrigger(AuthorizationLevel.Function, "get")] HttpRequest req)
            {
                {|#0:Thread.Sleep(1)|};
                return new OkResult();
            }

            [FunctionName("Manual"), NoAutomaticTrigger]
            public static void Manual(string input) => {|BURST001:Thread.Sleep(1)|};

            public static void Helper() => Thread.Sleep(1);
        }
        """,
        Verify.Diagnostic("BURST001").WithLocation(0).WithArguments("Thread.Sleep", "LegacyFunctions.Run", "await Task.Delay"));

    /// <summary>A queue-triggered function blocks the host's pool like an HTTP one: isolated worker and in-process, each
    /// blocking kind at its span, compiled against the queue extensions' own attributes.</summary>
    [Fact]
    public Task QueueTriggeredFunctionsAreHandlers() => Verify.VerifyAnalyzerAsync(
        TestSource.Files(
            """
            using System.IO;
            using System.Net.Http;
            using System.Threading;
            using Microsoft.Azure.Functions.Worker;

            public class OrderQueue
            {
                private static readonly HttpClient Http = new();
                private static readonly SemaphoreSlim Gate = new(1);

                [Function("ProcessOrder")]
                public void Process([QueueTrigger("orders")] string message)
                {
                    {|#0:Thread.Sleep(1)|};
                    var body = {|#1:Http.GetStringAsync(message).Result|};
                    {|#2:File.WriteAllText("order.json", body)|};
                    {|#3:Gate.Wait()|};
                }

                public void NotAFunction([QueueTrigger("orders")] string message) => Thread.Sleep(1);
            }
            """,
            new TestSource("Legacy.cs", """
            using System.Threading;
            using Microsoft.Azure.WebJobs;

            public static class LegacyQueue
            {
                [FunctionName("ProcessLegacyOrder")]
                public static void Run([QueueTrigger("orders")] string message) => {|#4:Thread.Sleep(1)|};

                public static void NotAFunction([QueueTrigger("orders")] string message) => Thread.Sleep(1);
            }
            """)),
        references: ReferenceSets.WithFunctionsAndFastEndpoints,
        expected: new[]
        {
            Verify.Diagnostic("BURST001").WithLocation(0).WithArguments("Thread.Sleep", "OrderQueue.Process", "await Task.Delay"),
            Verify.Diagnostic("BURST002").WithLocation(1).WithArguments("Task.Result", "OrderQueue.Process", "await the task"),
            Verify.Diagnostic("BURST003").WithLocation(2).WithArguments("File.WriteAllText", "OrderQueue.Process", "await File.WriteAllTextAsync"),
            Verify.Diagnostic("BURST004").WithLocation(3).WithArguments("SemaphoreSlim.Wait", "OrderQueue.Process", "'await SemaphoreSlim.WaitAsync'"),
            Verify.Diagnostic("BURST001").WithLocation(4).WithArguments("Thread.Sleep", "LegacyQueue.Run", "await Task.Delay"),
        });

    [Fact]
    public Task FastEndpointsHandleAndExecuteAreHandlersConfigureIsNot() => Analyze("""
        using System.Threading;
        using System.Threading.Tasks;
        using FastEndpoints;

        public sealed class OrderRequest
        {
            public int Id { get; set; }
        }

        public sealed class OrderResponse
        {
            public string Name { get; set; } = "";
        }

        public class GetOrderEndpoint : Endpoint<OrderRequest, OrderResponse>
        {
            public GetOrderEndpoint() => Thread.Sleep(1);

            public override void Configure()
            {
                Thread.Sleep(1);
                Get("/orders/{id}");
            }

            public override async Task HandleAsync(OrderRequest req, CancellationToken ct)
            {
                {|#0:Thread.Sleep(1)|};
                await Task.Yield();
            }

            private void Helper() => Thread.Sleep(1);
        }

        public class PingEndpoint : EndpointWithoutRequest<string>
        {
            public override void Configure() => Get("/ping");

            public override Task<string> ExecuteAsync(CancellationToken ct)
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.FromResult("pong");
            }
        }

        // The same method in a class that is no endpoint.
        public class LookAlike
        {
            public Task HandleAsync(OrderRequest req, CancellationToken ct)
            {
                Thread.Sleep(1);
                return Task.CompletedTask;
            }
        }
        """,
        Verify.Diagnostic("BURST001").WithLocation(0).WithArguments("Thread.Sleep", "GetOrderEndpoint.HandleAsync", "await Task.Delay"));

    [Fact]
    public Task ChainsFromAFunctionAreFollowed() => ChainRule.VerifyAnalyzerAsync(
        TestSource.Files("""
            using System.Threading;
            using Microsoft.Azure.Functions.Worker;

            public class Archive
            {
                public void Compact() => {|#1:Thread.Sleep(1)|};
            }

            public class CleanupFunction
            {
                private readonly Archive _archive = new();

                [Function("Cleanup")]
                public void Run([TimerTrigger("0 */5 * * * *")] TimerInfo timer) => {|#0:_archive.Compact()|};

                public void NotAFunction() => _archive.Compact();
            }
            """),
        references: ReferenceSets.WithFunctionsAndFastEndpoints,
        expected: ChainRule.Diagnostic("BURST005").WithLocation(0).WithLocation(1).WithArguments(
            "CleanupFunction.Run", "Run → Archive.Compact → Thread.Sleep"));

    /// <summary>Both hosts await a function that returns a Task: a void function becomes async Task, keeping its name
    /// (the function's name is in its attribute).</summary>
    [Fact]
    public Task FunctionBecomesAsync() => Fix("""
        using System.Threading;
        using Microsoft.Azure.Functions.Worker;

        public static class CleanupFunction
        {
            [Function("Cleanup")]
            public static void Run([TimerTrigger("0 */5 * * * *")] TimerInfo timer) => {|BURST001:Thread.Sleep(1)|};
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.Azure.Functions.Worker;

        public static class CleanupFunction
        {
            [Function("Cleanup")]
            public static async Task Run([TimerTrigger("0 */5 * * * *")] TimerInfo timer) => await Task.Delay(1);
        }
        """);

    /// <summary>The opt-in "… and observe the request's cancellation" action takes the function's token from its own
    /// FunctionContext parameter (a handler's framework context with a CancellationToken property).</summary>
    [Fact]
    public Task TheOptInActionPassesTheFunctionContextsToken()
    {
        var test = new SleepFix.Test
        {
            TestCode = """
                using System.Threading;
                using Microsoft.Azure.Functions.Worker;

                public static class CleanupFunction
                {
                    [Function("Cleanup")]
                    public static void Run([TimerTrigger("0 */5 * * * *")] TimerInfo timer, FunctionContext context) => {|BURST001:Thread.Sleep(1)|};
                }
                """,
            FixedCode = """
                using System.Threading;
                using System.Threading.Tasks;
                using Microsoft.Azure.Functions.Worker;

                public static class CleanupFunction
                {
                    [Function("Cleanup")]
                    public static async Task Run([TimerTrigger("0 */5 * * * *")] TimerInfo timer, FunctionContext context) => await Task.Delay(1, context.CancellationToken);
                }
                """,
            CodeActionEquivalenceKey = "ThreadSleepFixer.ObserveCancellation",
        };
        test.Project.References = ReferenceSets.WithFunctionsAndFastEndpoints;
        return test.RunAsync(CancellationToken.None);
    }

    [Fact]
    public Task FastEndpointsExecuteAwaitsInPlace() => Fix("""
        using System.Threading;
        using System.Threading.Tasks;
        using FastEndpoints;

        public class PingEndpoint : EndpointWithoutRequest<string>
        {
            public override void Configure() => Get("/ping");

            public override Task<string> ExecuteAsync(CancellationToken ct)
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.FromResult("pong");
            }
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using FastEndpoints;

        public class PingEndpoint : EndpointWithoutRequest<string>
        {
            public override void Configure() => Get("/ping");

            public override async Task<string> ExecuteAsync(CancellationToken ct)
            {
                await Task.Delay(1);
                return "pong";
            }
        }
        """);

    private const string Signal = "an async signal (SemaphoreSlim.WaitAsync, TaskCompletionSource) or [OffloadBlocking]";

    /// <summary>Issue 36's "each blocking kind" in an isolated-worker function, an in-process function and a
    /// FastEndpoints endpoint: a task wait (BURST002), synchronous I/O with an async twin (BURST003), a wait on a
    /// synchronization primitive (BURST004), each at its span with its message's arguments.</summary>
    [Fact]
    public Task EachBlockingKindIsReportedInFunctionsAndEndpoints() => Analyze("""
        using System.IO;
        using System.Threading;
        using System.Threading.Tasks;
        using FastEndpoints;
        using Microsoft.Azure.Functions.Worker;

        public static class Work
        {
            public static readonly SemaphoreSlim Gate = new(1);
            public static readonly ManualResetEventSlim Ready = new();

            public static Task<int> CountAsync() => Task.FromResult(1);
        }

        public class OrderFunctions
        {
            [Function("Cleanup")]
            public void Cleanup([TimerTrigger("0 */5 * * * *")] TimerInfo timer)
            {
                var count = {|#0:Work.CountAsync().Result|};
                var text = {|#1:File.ReadAllText("cleanup.txt")|};
                {|#2:Work.Gate.Wait()|};
            }
        }

        public static class LegacyFunctions
        {
            [Microsoft.Azure.WebJobs.FunctionName("Manual"), Microsoft.Azure.WebJobs.NoAutomaticTrigger]
            public static void Manual(string input)
            {
                {|#3:Work.CountAsync().Wait()|};
                var text = {|#4:File.ReadAllText(input)|};
                {|#5:Work.Ready.Wait()|};
            }
        }

        public sealed class OrderRequest
        {
            public int Id { get; set; }
        }

        public class GetOrderEndpoint : Endpoint<OrderRequest>
        {
            public override void Configure()
            {
                Work.Gate.Wait();
                Get("/orders/{id}");
            }

            public override async Task HandleAsync(OrderRequest req, CancellationToken ct)
            {
                await Task.Yield();
                var count = {|#6:Work.CountAsync().GetAwaiter().GetResult()|};
                var text = {|#7:File.ReadAllText("order.txt")|};
                {|#8:Work.Gate.Wait()|};
            }
        }
        """,
        Verify.Diagnostic("BURST002").WithLocation(0).WithArguments("Task.Result", "OrderFunctions.Cleanup", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(1).WithArguments("File.ReadAllText", "OrderFunctions.Cleanup", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(2).WithArguments("SemaphoreSlim.Wait", "OrderFunctions.Cleanup", "'await SemaphoreSlim.WaitAsync'"),
        Verify.Diagnostic("BURST002").WithLocation(3).WithArguments("Task.Wait", "LegacyFunctions.Manual", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(4).WithArguments("File.ReadAllText", "LegacyFunctions.Manual", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(5).WithArguments("ManualResetEventSlim.Wait", "LegacyFunctions.Manual", Signal),
        Verify.Diagnostic("BURST002").WithLocation(6).WithArguments("GetAwaiter().GetResult()", "GetOrderEndpoint.HandleAsync", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(7).WithArguments("File.ReadAllText", "GetOrderEndpoint.HandleAsync", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(8).WithArguments("SemaphoreSlim.Wait", "GetOrderEndpoint.HandleAsync", "'await SemaphoreSlim.WaitAsync'"));

    /// <summary>BURST005 from an in-process function and from a FastEndpoints HandleAsync; none from Configure.</summary>
    [Fact]
    public Task ChainsFromAnInProcessFunctionAndAnEndpointAreFollowed() => ChainRule.VerifyAnalyzerAsync(
        TestSource.Files("""
            using System.Threading;
            using System.Threading.Tasks;
            using FastEndpoints;
            using Microsoft.Azure.WebJobs;

            public static class Archive
            {
                public static void Compact() => {|#0:Thread.Sleep(1)|};
            }

            public static class LegacyFunctions
            {
                [FunctionName("Manual"), NoAutomaticTrigger]
                public static void Manual(string input) => {|#1:Archive.Compact()|};
            }

            public class PingEndpoint : EndpointWithoutRequest
            {
                public override void Configure()
                {
                    Archive.Compact();
                    Get("/ping");
                }

                public override Task HandleAsync(CancellationToken ct)
                {
                    {|#2:Archive.Compact()|};
                    return Task.CompletedTask;
                }
            }
            """),
        references: ReferenceSets.WithFunctionsAndFastEndpoints,
        expected: new[]
        {
            ChainRule.Diagnostic("BURST005").WithLocation(1).WithLocation(0).WithArguments(
                "LegacyFunctions.Manual", "Manual → Archive.Compact → Thread.Sleep"),
            ChainRule.Diagnostic("BURST005").WithLocation(2).WithLocation(0).WithArguments(
                "PingEndpoint.HandleAsync", "HandleAsync → Archive.Compact → Thread.Sleep"),
        });

    /// <summary>An in-process [FunctionName] function becomes async Task too, its name kept.</summary>
    [Fact]
    public Task InProcessFunctionBecomesAsync() => Fix("""
        using System.Threading;
        using Microsoft.Azure.WebJobs;

        public static class LegacyFunctions
        {
            [FunctionName("Manual"), NoAutomaticTrigger]
            public static void Manual(string input) => {|BURST001:Thread.Sleep(1)|};
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.Azure.WebJobs;

        public static class LegacyFunctions
        {
            [FunctionName("Manual"), NoAutomaticTrigger]
            public static async Task Manual(string input) => await Task.Delay(1);
        }
        """);

    [Fact]
    public Task FastEndpointsHandleAsyncAwaitsInPlace() => Fix("""
        using System.Threading;
        using System.Threading.Tasks;
        using FastEndpoints;

        public class PingEndpoint : EndpointWithoutRequest
        {
            public override void Configure() => Get("/ping");

            public override Task HandleAsync(CancellationToken ct)
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.CompletedTask;
            }
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using FastEndpoints;

        public class PingEndpoint : EndpointWithoutRequest
        {
            public override void Configure() => Get("/ping");

            public override async Task HandleAsync(CancellationToken ct)
            {
                await Task.Delay(1);
            }
        }
        """);

    private const string LookAlikes = """
        using System.IO;
        using System.Threading;
        using System.Threading.Tasks;
        using FastEndpoints;
        using Microsoft.Azure.Functions.Worker;

        public class OrderFunctions
        {
            public OrderFunctions() { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); }

            [Function("Cleanup")]
            public void Cleanup([TimerTrigger("0 */5 * * * *")] TimerInfo timer) { }

            public void Helper() { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); }

            // A trigger parameter without [Function]: the host does not call it.
            public static void NotAFunction([TimerTrigger("0 0 * * * *")] TimerInfo timer) { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); }
        }

        public static class LegacyFunctions
        {
            public static void NotAFunction(string input) { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); }
        }

        public class PingEndpoint : EndpointWithoutRequest
        {
            public PingEndpoint() { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); }

            public override void Configure() { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); Get("/ping"); }

            public override Task HandleAsync(CancellationToken ct) => Task.CompletedTask;
        }

        // The same method in a class that is no endpoint.
        public class LookAlike
        {
            public Task HandleAsync(CancellationToken ct) { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); return Task.CompletedTask; }

            public Task<string> ExecuteAsync(CancellationToken ct) { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); return Task.FromResult("pong"); }
        }
        """ + SilenceAudit.Work;

    /// <summary>Silence for every blocking kind (BURST001 to BURST004) where no Functions host or FastEndpoints runs
    /// the code per invocation or request: constructors, helpers, unmarked methods, Configure, look-alikes.</summary>
    [Fact]
    public Task NoBlockingKindIsReportedOutsideAFunctionOrEndpointHandler() => Analyze(LookAlikes);

    /// <summary>And no BURST005 from there, through a helper that blocks in every way.</summary>
    [Fact]
    public Task NoChainIsReportedOutsideAFunctionOrEndpointHandler() => ChainRule.VerifyAnalyzerAsync(
        TestSource.Files(LookAlikes), references: ReferenceSets.WithFunctionsAndFastEndpoints);

    private static Task Analyze(string source, params DiagnosticResult[] expected)
        => Verify.VerifyAnalyzerAsync(TestSource.Files(source), references: ReferenceSets.WithFunctionsAndFastEndpoints, expected: expected);

    private static Task Fix(string source, string fixedSource)
    {
        var test = new SleepFix.Test { TestCode = source, FixedCode = fixedSource };
        test.Project.References = ReferenceSets.WithFunctionsAndFastEndpoints;
        return test.RunAsync(CancellationToken.None);
    }
}
