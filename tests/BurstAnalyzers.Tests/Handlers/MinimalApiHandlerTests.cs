using System.Threading.Tasks;
using BurstAnalyzers.Tests.Verifiers;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Handlers;

/// <summary>Minimal API endpoints: the delegate given to Map*, wherever it is written; nothing else in startup code.</summary>
public class MinimalApiHandlerTests
{
    [Fact]
    public Task LambdasAndAnonymousMethodsGivenToMapMethods() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Builder;
        using Microsoft.AspNetCore.Http;
        using Microsoft.AspNetCore.Routing;

        public static class Endpoints
        {
            public static void Map(IEndpointRouteBuilder app)
            {
                app.MapGet("/get", () => { {|BURST001:Thread.Sleep(1)|}; return "ok"; });
                app.MapPost("/post", (int id) => {|BURST001:Thread.Sleep(id)|});
                app.MapPut("/put", delegate () { {|BURST001:Thread.Sleep(1)|}; });
                app.MapDelete("/delete", () => {|BURST001:Thread.Sleep(1)|});
                app.MapPatch("/patch", () => {|BURST001:Thread.Sleep(1)|});
                app.MapMethods("/methods", new[] { "HEAD" }, () => {|BURST001:Thread.Sleep(1)|});
                app.Map("/any", () => {|BURST001:Thread.Sleep(1)|});
                app.MapFallback(() => {|BURST001:Thread.Sleep(1)|});
                app.MapGet("/request-delegate", (RequestDelegate)(context => { {|BURST001:Thread.Sleep(1)|}; return context.Response.WriteAsync("x"); }));
            }
        }
        """);

    [Fact]
    public Task RouteGroupsAndTopLevelStatements() => Verify.VerifyAnalyzerAsync(
        TestSource.Files("""
            using System.Threading;
            using Microsoft.AspNetCore.Builder;

            var app = WebApplication.CreateBuilder(args).Build();
            var orders = app.MapGroup("/orders");
            orders.MapGet("/", () => { {|BURST001:Thread.Sleep(1)|}; return "all"; });

            // Startup code: not a handler.
            Thread.Sleep(1);
            app.Lifetime.ApplicationStarted.Register(() => Thread.Sleep(1));
            app.Run();
            """),
        outputKind: Microsoft.CodeAnalysis.OutputKind.ConsoleApplication);

    [Fact]
    public Task MethodGroupTargetBecomesAHandler() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Builder;
        using Microsoft.AspNetCore.Routing;

        public static class OrderHandlers
        {
            public static string GetAll()
            {
                {|BURST001:Thread.Sleep(1)|};
                return "all";
            }

            public static string NotRegistered()
            {
                Thread.Sleep(1);
                return "none";
            }
        }

        public static class Endpoints
        {
            public static void Map(IEndpointRouteBuilder app)
            {
                app.MapGet("/orders", OrderHandlers.GetAll);
                app.MapGet("/orders/again", OrderHandlers.GetAll);
            }
        }
        """);

    /// <summary>A method group by simple name names a member of the types it is written in, of their bases, or of a
    /// statically imported type; a method of the same name elsewhere is no handler (MethodGroupRegistrations rules those
    /// out from their declarations before binding).</summary>
    [Fact]
    public Task SimpleNameMethodGroups_EnclosingTypesBasesAndStaticImports() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Builder;
        using Microsoft.AspNetCore.Routing;
        using static Imported;

        public static class Imported
        {
            public static string Status()
            {
                {|BURST001:Thread.Sleep(1)|};
                return "status";
            }
        }

        public class EndpointsBase
        {
            protected static string Version()
            {
                {|BURST001:Thread.Sleep(1)|};
                return "1";
            }
        }

        public class OrderEndpoints : EndpointsBase
        {
            public static void Map(IEndpointRouteBuilder app)
            {
                app.MapGet("/health", Health);
                app.MapGet("/version", Version);
                app.MapGet("/status", Status);
            }

            private static string Health()
            {
                {|BURST001:Thread.Sleep(1)|};
                return "healthy";
            }
        }

        public static class InvoiceEndpoints
        {
            public static string Health()
            {
                Thread.Sleep(1);
                return "healthy";
            }

            public static string Version()
            {
                Thread.Sleep(1);
                return "2";
            }
        }
        """);

    /// <summary>A partial method registered by method group: its code is in the implementing part, which is the
    /// handler's (src/BurstAnalyzers/Handlers/MethodGroupRegistrations.cs).</summary>
    [Fact]
    public Task PartialMethodGroupTarget_ItsImplementingPartIsChecked() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Builder;
        using Microsoft.AspNetCore.Routing;

        public static partial class OrderHandlers
        {
            public static partial string GetAll();
        }

        public static partial class OrderHandlers
        {
            public static partial string GetAll()
            {
                {|BURST001:Thread.Sleep(1)|};
                return "all";
            }
        }

        public static class Endpoints
        {
            public static void Map(IEndpointRouteBuilder app) => app.MapGet("/orders", OrderHandlers.GetAll);
        }
        """);

    [Fact]
    public Task InlineMiddleware_UseAndRun() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Builder;
        using Microsoft.AspNetCore.Http;

        public static class Pipeline
        {
            public static void Configure(IApplicationBuilder app)
            {
                app.Use(async (context, next) =>
                {
                    {|BURST001:Thread.Sleep(1)|};
                    await next(context);
                });
                app.Map("/branch", branch =>
                {
                    Thread.Sleep(1); // configuring the branch runs once at startup
                    branch.Run(context => { {|BURST001:Thread.Sleep(1)|}; return context.Response.WriteAsync("x"); });
                });
            }
        }
        """);

    [Fact]
    public Task OffloadedEndpointsAreNotReported() => Verify.VerifyAnalyzerAsync("""
        using System;
        using System.Threading;
        using Microsoft.AspNetCore.Builder;
        using Microsoft.AspNetCore.Routing;

        namespace App
        {
            using BurstAnalyzers.Offload;

            public static class Endpoints
            {
                public static void Map(IEndpointRouteBuilder app)
                {
                    app.MapGet("/a", [OffloadBlocking] () => Thread.Sleep(1));
                    app.MapGet("/b", () => Thread.Sleep(1)).WithName("b").OffloadBlocking();
                    app.MapGet("/c", () => Thread.Sleep(1)).WithMetadata(new OffloadBlockingAttribute());
                    app.MapGet("/d", () => {|BURST001:Thread.Sleep(1)|}).WithName("d");
                }
            }
        }
        """ + OffloadPackageStandIn.WithEndpointExtension);

    [Fact]
    public Task EndpointsOfAnOffloadedRouteGroupAreNotReported() => Verify.VerifyAnalyzerAsync("""
        using System;
        using System.Threading;
        using Microsoft.AspNetCore.Builder;
        using Microsoft.AspNetCore.Http;
        using Microsoft.AspNetCore.Routing;

        namespace App
        {
            using BurstAnalyzers.Offload;

            public static class Endpoints
            {
                public static void Map(IEndpointRouteBuilder app, RouteGroupBuilder passedIn, IApplicationBuilder pipeline)
                {
                    var legacy = app.MapGroup("/legacy").OffloadBlocking();
                    legacy.MapGet("/a", () => Thread.Sleep(1));

                    // Conventions of a group apply to the groups made from it.
                    var v1 = legacy.MapGroup("/v1").WithTags("v1");
                    v1.MapGet("/b", () => Thread.Sleep(1));

                    RouteGroupBuilder reports = app.MapGroup("/reports");
                    reports.OffloadBlocking();
                    reports.MapGet("/c", () => Thread.Sleep(1));

                    app.MapGroup("/inline").WithMetadata(new OffloadBlockingAttribute()).MapGet("/d", () => Thread.Sleep(1));

                    var plain = app.MapGroup("/plain").WithTags("plain");
                    plain.MapGet("/e", () => {|BURST001:Thread.Sleep(1)|});
                    plain.MapGroup("/nested").MapGet("/f", () => {|BURST001:Thread.Sleep(1)|});

                    // Offloaded elsewhere, perhaps: not followed.
                    passedIn.MapGet("/g", () => {|BURST001:Thread.Sleep(1)|});

                    // Given a plain group too: whichever it holds when mapping, it is not sure to be offloaded.
                    var reused = app.MapGroup("/first").OffloadBlocking();
                    reused = app.MapGroup("/second");
                    reused.MapGet("/h", () => {|BURST001:Thread.Sleep(1)|});

                    // A group made from itself keeps its conventions.
                    var versioned = app.MapGroup("/api").OffloadBlocking();
                    versioned = versioned.MapGroup("/v2");
                    versioned.MapGet("/i", () => Thread.Sleep(1));

                    // Inline middleware: no endpoint filter wraps it, whatever it is marked with.
                    pipeline.Use([OffloadBlocking] async (context, next) =>
                    {
                        {|BURST001:Thread.Sleep(1)|};
                        await next(context);
                    });
                }
            }
        }
        """ + OffloadPackageStandIn.WithEndpointExtension);
}
