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
