using System.Threading.Tasks;
using BurstAnalyzers.CodeFixes.Offload;
using BurstAnalyzers.Rules;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.CodeFixes.Offload.OffloadFixer>;

namespace BurstAnalyzers.Tests.Rules.Offload;

public class OffloadFixerTests
{
    // What the BurstAnalyzers.Offload package provides, as far as the fix needs to know.
    private static readonly TestSource OffloadPackage = new("Offload.cs", """
        namespace BurstAnalyzers.Offload
        {
            [System.AttributeUsage(System.AttributeTargets.Class | System.AttributeTargets.Method)]
            public sealed class OffloadBlockingAttribute : System.Attribute { }

            public static class OffloadEndpointConventionBuilderExtensions
            {
                public static TBuilder OffloadBlocking<TBuilder>(this TBuilder builder)
                    where TBuilder : Microsoft.AspNetCore.Builder.IEndpointConventionBuilder => builder;
            }
        }
        """);

    [Fact]
    public Task ControllerActionGetsTheAttributeOnce_ForEveryRule() => Verify.VerifyCodeFixAsync(
        TestSource.Files(OffloadPackage, new TestSource("LegacyController.cs", """
            using System;
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            public class LegacyController : ControllerBase
            {
                /// <summary>Calls the vendor SDK.</summary>
                [HttpGet]
                public string Get()
                {
                    {|BURST001:Thread.Sleep(10)|};
                    return {|BURST006:Console.ReadLine()|} ?? "";
                }

                public void Poll(ManualResetEvent ready) => {|BURST004:ready.WaitOne()|};
            }
            """)),
        TestSource.Files(OffloadPackage, new TestSource("LegacyController.cs", """
            using System;
            using System.Threading;
            using BurstAnalyzers.Offload;
            using Microsoft.AspNetCore.Mvc;

            public class LegacyController : ControllerBase
            {
                /// <summary>Calls the vendor SDK.</summary>
                [HttpGet]
                [OffloadBlocking]
                public string Get()
                {
                    Thread.Sleep(10);
                    return Console.ReadLine() ?? "";
                }

                [OffloadBlocking]
                public void Poll(ManualResetEvent ready) => ready.WaitOne();
            }
            """)));

    [Fact]
    public Task MinimalApiEndpointIsChainedWithOffloadBlocking() => Verify.VerifyCodeFixAsync(
        TestSource.Files(OffloadPackage, new TestSource("Endpoints.cs", """
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Builder;
            using Microsoft.AspNetCore.Routing;

            public static class Endpoints
            {
                public static void Map(IEndpointRouteBuilder app)
                {
                    app.MapPost("/batch", (int[] items) => {|BURST006:Parallel.ForEach(items, i => { })|});
                    app.MapGet("/read", () => {|BURST006:System.Console.ReadLine()|}).WithName("read");
                }
            }
            """)),
        TestSource.Files(OffloadPackage, new TestSource("Endpoints.cs", """
            using System.Threading.Tasks;
            using BurstAnalyzers.Offload;
            using Microsoft.AspNetCore.Builder;
            using Microsoft.AspNetCore.Routing;

            public static class Endpoints
            {
                public static void Map(IEndpointRouteBuilder app)
                {
                    app.MapPost("/batch", (int[] items) => Parallel.ForEach(items, i => { })).OffloadBlocking();
                    app.MapGet("/read", () => System.Console.ReadLine()).OffloadBlocking().WithName("read");
                }
            }
            """)));

    /// <summary>The fix marks what the offload runtime reads, as the rules do: a hub method (the hub filter) and a
    /// POCO controller's action (the MVC filter) get the attribute; a hub's connection callback and a streaming method,
    /// which the hub filter never wraps, get no fix.</summary>
    [Fact]
    public Task HubMethodAndPocoControllerAction_GetTheAttribute_NotConnectionCallbacksOrStreams() => Verify.VerifyCodeFixAsync(
        TestSource.Files(OffloadPackage, new TestSource("Handlers.cs", """
            using System;
            using System.Collections.Generic;
            using System.Threading;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;
            using Microsoft.AspNetCore.SignalR;

            public class ReportsHub : Hub
            {
                public string Render() => {|BURST006:Console.ReadLine()|} ?? "";

                public override Task OnConnectedAsync()
                {
                    {|BURST001:Thread.Sleep(10)|};
                    return Task.CompletedTask;
                }

                public async IAsyncEnumerable<int> Counter()
                {
                    {|BURST001:Thread.Sleep(10)|};
                    yield return 1;
                    await Task.Yield();
                }
            }

            [Controller]
            public class Reports
            {
                public string Get() => {|BURST006:Console.ReadLine()|} ?? "";
            }
            """)),
        TestSource.Files(OffloadPackage, new TestSource("Handlers.cs", """
            using System;
            using System.Collections.Generic;
            using System.Threading;
            using System.Threading.Tasks;
            using BurstAnalyzers.Offload;
            using Microsoft.AspNetCore.Mvc;
            using Microsoft.AspNetCore.SignalR;

            public class ReportsHub : Hub
            {
                [OffloadBlocking]
                public string Render() => Console.ReadLine() ?? "";

                public override Task OnConnectedAsync()
                {
                    {|BURST001:Thread.Sleep(10)|};
                    return Task.CompletedTask;
                }

                public async IAsyncEnumerable<int> Counter()
                {
                    {|BURST001:Thread.Sleep(10)|};
                    yield return 1;
                    await Task.Yield();
                }
            }

            [Controller]
            public class Reports
            {
                [OffloadBlocking]
                public string Get() => Console.ReadLine() ?? "";
            }
            """)));

    /// <summary>Razor Pages take page filters from the page model class only: the class gets the attribute, once for
    /// both handlers, and the warnings are gone.</summary>
    [Fact]
    public Task RazorPagesHandler_PageModelClassGetsTheAttribute() => Verify.VerifyCodeFixAsync(
        TestSource.Files(OffloadPackage, new TestSource("Report.cshtml.cs", """
            using System;
            using System.Threading;
            using Microsoft.AspNetCore.Mvc.RazorPages;

            /// <summary>The vendor report.</summary>
            public class ReportModel : PageModel
            {
                public void OnGet() => {|BURST001:Thread.Sleep(10)|};

                public void OnPost() => {|BURST006:Console.ReadLine()|};
            }
            """)),
        TestSource.Files(OffloadPackage, new TestSource("Report.cshtml.cs", """
            using System;
            using System.Threading;
            using BurstAnalyzers.Offload;
            using Microsoft.AspNetCore.Mvc.RazorPages;

            /// <summary>The vendor report.</summary>
            [OffloadBlocking]
            public class ReportModel : PageModel
            {
                public void OnGet() => Thread.Sleep(10);

                public void OnPost() => Console.ReadLine();
            }
            """)));

    [Fact]
    public Task NotOffered_WithoutTheOffloadPackage() => Verify.VerifyNoFixAsync("""
        using System;
        using Microsoft.AspNetCore.Mvc;

        public class LegacyController : ControllerBase
        {
            public string Get() => {|BURST006:Console.ReadLine()|} ?? "";
        }
        """);

    [Fact]
    public Task NotOffered_WhereTheRuntimeCannotOffload() => Verify.VerifyCodeFixAsync(
        TestSource.Files(OffloadPackage, new TestSource("Service.cs", """
            using System;
            using CoreWCF;

            [ServiceContract]
            public interface ILegacy
            {
                [OperationContract]
                string Read();
            }

            public class Legacy : ILegacy
            {
                public string Read() => {|BURST006:Console.ReadLine()|} ?? "";
            }
            """)),
        TestSource.Files(OffloadPackage, new TestSource("Service.cs", """
            using System;
            using CoreWCF;

            [ServiceContract]
            public interface ILegacy
            {
                [OperationContract]
                string Read();
            }

            public class Legacy : ILegacy
            {
                public string Read() => {|BURST006:Console.ReadLine()|} ?? "";
            }
            """)));

    /// <summary>A chain through an interface with two implementations has no async fix (the other would have to
    /// change too): offloading the handler is the fix, and with it the handler no longer runs on a request thread.</summary>
    [Fact]
    public Task CallChainThroughAnInterface_HandlerIsOffloaded() => CSharpCodeFixVerifier<CallChainAnalyzer, OffloadFixer>.VerifyCodeFixAsync(
        TestSource.Files(OffloadPackage, new TestSource("QuotesController.cs", """
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            public interface IPrices { decimal Load(string symbol); }

            public class Prices : IPrices
            {
                public decimal Load(string symbol)
                {
                    Thread.Sleep(100);
                    return 1m;
                }
            }

            public class FixedPrices : IPrices
            {
                public decimal Load(string symbol) => 1m;
            }

            public class QuotesController : ControllerBase
            {
                private readonly IPrices _prices = new Prices();

                [HttpGet]
                public decimal GetQuote(string symbol) => {|BURST005:_prices.Load(symbol)|};
            }
            """)),
        TestSource.Files(OffloadPackage, new TestSource("QuotesController.cs", """
            using System.Threading;
            using BurstAnalyzers.Offload;
            using Microsoft.AspNetCore.Mvc;

            public interface IPrices { decimal Load(string symbol); }

            public class Prices : IPrices
            {
                public decimal Load(string symbol)
                {
                    Thread.Sleep(100);
                    return 1m;
                }
            }

            public class FixedPrices : IPrices
            {
                public decimal Load(string symbol) => 1m;
            }

            public class QuotesController : ControllerBase
            {
                private readonly IPrices _prices = new Prices();

                [HttpGet]
                [OffloadBlocking]
                public decimal GetQuote(string symbol) => _prices.Load(symbol);
            }
            """)));
}
