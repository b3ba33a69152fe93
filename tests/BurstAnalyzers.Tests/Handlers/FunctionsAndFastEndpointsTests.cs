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

    private static Task Analyze(string source, params DiagnosticResult[] expected)
        => Verify.VerifyAnalyzerAsync(TestSource.Files(source), references: ReferenceSets.WithFunctionsAndFastEndpoints, expected: expected);

    private static Task Fix(string source, string fixedSource)
    {
        var test = new SleepFix.Test { TestCode = source, FixedCode = fixedSource };
        test.Project.References = ReferenceSets.WithFunctionsAndFastEndpoints;
        return test.RunAsync(CancellationToken.None);
    }
}
