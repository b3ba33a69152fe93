using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.CallChainAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>Every kind of request handler starts chains; offloaded handlers do not, and a marked method they call is a hop like any other.</summary>
public class HandlerKindTests
{
    [Fact]
    public Task MinimalApiLambdasAndMethodGroups() => Verify.VerifyAnalyzerAsync("""
        using System.IO;
        using Microsoft.AspNetCore.Builder;
        using Microsoft.AspNetCore.Routing;

        public static class Reports
        {
            public static string Load(string name) => File.ReadAllText(name);

            public static string Get(string name) => {|BURST005:Load(name)|};

            public static string NotRegistered(string name) => Load(name);
        }

        public static class Endpoints
        {
            public static void Map(IEndpointRouteBuilder app)
            {
                app.MapGet("/report/{name}", (string name) => {|BURST005:Reports.Load(name)|});
                app.MapGet("/block/{name}", (string name) =>
                {
                    var text = {|BURST005:Reports.Load(name)|};
                    return text.Length;
                });
                app.MapGet("/group/{name}", Reports.Get);

                // Startup code: not a handler.
                Reports.Load("startup.txt");
            }
        }
        """);

    [Fact]
    public Task OffloadedHandlers_AndCallsTheAttributeDoesNotMove() => Verify.VerifyAnalyzerAsync(OffloadPackageStandIn.WithEndpointExtension + """

        namespace App
        {
            using System.Threading;
            using BurstAnalyzers.Offload;
            using Microsoft.AspNetCore.Builder;
            using Microsoft.AspNetCore.Mvc;
            using Microsoft.AspNetCore.Routing;

            public class Vendor
            {
                public void Call() => Thread.Sleep(1);

                // Not a handler: nothing honours the attribute here, and a call runs it on the caller's thread.
                [OffloadBlocking]
                public void MarkedCall() => Thread.Sleep(1);

                public void ThroughMarked() => MarkedCall();
            }

            public class VendorController : ControllerBase
            {
                private readonly Vendor _vendor = new();

                // MVC runs this action on BurstAnalyzers.Offload's threads.
                [OffloadBlocking]
                public void Offloaded() => _vendor.Call();

                public void Hop() => {|BURST005:_vendor.ThroughMarked()|};

                public void Blocking() => {|BURST005:_vendor.Call()|};

                // Called, not routed to: the offloaded action runs on this request's thread.
                public void CallsTheOffloadedAction() => {|BURST005:Offloaded()|};
            }

            public static class Endpoints
            {
                public static void Map(IEndpointRouteBuilder app, Vendor vendor)
                {
                    app.MapGet("/offloaded", () => vendor.Call()).OffloadBlocking();
                    app.MapGet("/blocking", () => {|BURST005:vendor.Call()|});
                }
            }
        }
        """);

    [Fact]
    public Task AHandlerCalledFromAnotherHandlerIsAHop() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public class LegacyController : ControllerBase
        {
            [HttpGet("legacy")]
            public string Get()
            {
                Thread.Sleep(1); // BURST001 in this handler
                return "legacy";
            }
        }

        public class ProxyController : ControllerBase
        {
            private readonly LegacyController _legacy = new();

            [HttpGet("proxy")]
            public string Get() => {|BURST005:_legacy.Get()|};
        }
        """);

    [Fact]
    public Task WcfOperations() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using CoreWCF;

        public static class Db
        {
            public static int Query() { Thread.Sleep(1); return 1; }
        }

        [ServiceContract]
        public interface IOrders
        {
            [OperationContract]
            int Count();
        }

        public class Orders : IOrders
        {
            public int Count() => {|BURST005:Db.Query()|};
        }
        """);
}
