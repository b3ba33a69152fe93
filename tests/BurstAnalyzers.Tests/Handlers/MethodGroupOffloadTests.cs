using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;
using Chain = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.CallChainAnalyzer>;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Handlers;

/// <summary>
/// A method given to a minimal API registration as a method group is offloaded as a lambda is: by .OffloadBlocking()
/// (or .WithMetadata(new OffloadBlockingAttribute())) chained on the registration, or by [OffloadBlocking] on the
/// method (docs/handlers.md). Then neither its own blocking calls nor its chains are reported. A chain from a method
/// group starts with the method's name; the handler is named by its registration.
/// </summary>
public class MethodGroupOffloadTests
{
    private const string Handlers = """
        using System.Threading;
        using BurstAnalyzers.Offload;
        using Microsoft.AspNetCore.Builder;
        using Microsoft.AspNetCore.Routing;

        public static class Vendor
        {
            public static string Report() { {|#2:Thread.Sleep(1)|}; return "report"; }
        }

        public static class ReportHandlers
        {
            public static string Build() { Thread.Sleep(1); return Vendor.Report(); }
            public static string Export() { Thread.Sleep(1); return Vendor.Report(); }
            public static string Attached() { Thread.Sleep(1); return Vendor.Report(); }
            [OffloadBlocking]
            public static string Marked() { Thread.Sleep(1); return Vendor.Report(); }
            public static string Live() { {|#0:Thread.Sleep(1)|}; return {|#1:Vendor.Report()|}; }
        }

        public static class Endpoints
        {
            public static void Map(IEndpointRouteBuilder app)
            {
                app.MapGet("/build", ReportHandlers.Build).OffloadBlocking();
                app.MapGet("/export", ReportHandlers.Export).WithName("export").OffloadBlocking();
                app.MapGet("/attached", ReportHandlers.Attached).WithMetadata(new OffloadBlockingAttribute());
                app.MapGet("/marked", ReportHandlers.Marked);
                app.MapGet("/live", ReportHandlers.Live).WithName("live");
            }
        }
        """ + OffloadPackageStandIn.WithEndpointExtension;

    [Fact]
    public Task OnlyTheEndpointLeftOnThePoolReportsItsBlockingCall() => Verify.VerifyAnalyzerAsync(
        Handlers,
        Verify.Diagnostic("BURST001").WithLocation(0).WithMessage(
            "'Thread.Sleep' blocks a thread-pool thread in request handler 'MapGet(\"/live\")'; use 'await Task.Delay' instead"));

    [Fact]
    public Task OnlyTheEndpointLeftOnThePoolReportsItsChain() => Chain.VerifyAnalyzerAsync(
        Handlers,
        Chain.Diagnostic("BURST005").WithLocation(1).WithLocation(2).WithArguments(
            "MapGet(\"/live\")", "Live → Vendor.Report → Thread.Sleep"));
}
