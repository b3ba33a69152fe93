using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.Rules;
using BurstAnalyzers.Tests.Verifiers;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Testing;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.CallChainAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>The message names the whole chain; the additional locations walk it, hop by hop, to the blocking call.</summary>
public class DiagnosticContentTests
{
    private const string Quotes = """
        using System.Threading;
        using Microsoft.AspNetCore.Builder;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.AspNetCore.Routing;

        public interface IPriceService { decimal Load(string symbol); }

        public class CachedPriceService : IPriceService
        {
            public decimal Load(string symbol) => 1m;
        }

        public class PriceService : IPriceService
        {
            private readonly PriceFeed _feed = new();
            public decimal Load(string symbol) => {|#2:_feed.Current|};
        }

        public class PriceFeed
        {
            public decimal Current
            {
                get
                {
                    {|#3:Wait()|};
                    return 1m;

                    void Wait() => {|#4:Thread.Sleep(100)|};
                }
            }
        }

        public class QuotesController : ControllerBase
        {
            private readonly IPriceService _prices = new PriceService();

            [HttpGet]
            public decimal GetQuote(string symbol) => {|#0:_prices.Load(symbol)|};
        }

        public static class Endpoints
        {
            public static void Map(IEndpointRouteBuilder app, IPriceService prices)
                => app.MapGet("/quote/{symbol}", (string symbol) => {|#1:new PriceService().Load(symbol)|});
        }
        """;

    [Fact]
    public Task MessageNamesTheHandlerAndTheWholeChain() => Verify.VerifyAnalyzerAsync(
        Quotes,
        Verify.Diagnostic("BURST005").WithLocation(0).WithOptions(DiagnosticOptions.IgnoreAdditionalLocations).WithMessage(
            "Request handler 'QuotesController.GetQuote' reaches a blocking call through other methods: "
                + "GetQuote → PriceService.Load → PriceFeed.Current → PriceFeed.Current.Wait → Thread.Sleep"),
        Verify.Diagnostic("BURST005").WithLocation(1).WithOptions(DiagnosticOptions.IgnoreAdditionalLocations).WithMessage(
            "Request handler 'MapGet(\"/quote/{symbol}\")' reaches a blocking call through other methods: "
                + "MapGet(\"/quote/{symbol}\") → PriceService.Load → PriceFeed.Current → PriceFeed.Current.Wait → Thread.Sleep"));

    /// <summary>Additional locations: each hop's call (same file here), then the blocking call.</summary>
    [Fact]
    public Task AdditionalLocationsAreEachHopsCallAndTheBlockingCall() => Verify.VerifyAnalyzerAsync(
        Quotes,
        Verify.Diagnostic("BURST005").WithLocation(0).WithLocation(2).WithLocation(3).WithLocation(4).WithArguments(
            "QuotesController.GetQuote", "GetQuote → PriceService.Load → PriceFeed.Current → PriceFeed.Current.Wait → Thread.Sleep"),
        Verify.Diagnostic("BURST005").WithLocation(1).WithLocation(2).WithLocation(3).WithLocation(4).WithArguments(
            "MapGet(\"/quote/{symbol}\")", "MapGet(\"/quote/{symbol}\") → PriceService.Load → PriceFeed.Current → PriceFeed.Current.Wait → Thread.Sleep"));

    [Fact]
    public Task HopsAreNamedAsTheCodeNamesThem_DispatchThroughTheFirstBlockingImplementation() => Verify.VerifyAnalyzerAsync(
        """
        using System.IO;
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public interface IClock { void Tick(); string Name { get; } }
        public class FastClock : IClock { public void Tick() { } public string Name => "fast"; }
        public class SlowClock : IClock { public void Tick() => Thread.Sleep(1); string IClock.Name => File.ReadAllText("name"); }
        public class SlowerClock : IClock { public void Tick() => Thread.Sleep(2); public string Name => ""; }

        public class Cache<T>
        {
            public T Get<TKey>(TKey key, IClock clock) { clock.Tick(); return default!; }
        }

        public class Loaded
        {
            public Loaded(string path) => File.ReadAllText(path);
        }

        public class ClockController : ControllerBase
        {
            public void Tick(IClock clock) => {|#0:clock.Tick()|};
            public string Name(IClock clock) => {|#1:clock.Name|};
            public int Cached(IClock clock) => {|#2:new Cache<int>().Get("key", clock)|};
            public object Load(string path) => {|#3:new Loaded(path)|};
        }
        """,
        // Every implementation may run: the first that blocks names the chain, the other one is counted with it.
        Hops(0, "Tick", "Tick → SlowClock.Tick → Thread.Sleep (and 1 more blocking call behind the same call)"),
        Hops(1, "Name", "Name → SlowClock.Name → File.ReadAllText"),
        Hops(2, "Cached", "Cached → Cache.Get → SlowClock.Tick → Thread.Sleep (and 1 more blocking call behind the same call)"),
        Hops(3, "Load", "Load → new Loaded → File.ReadAllText"));

    [Fact]
    public Task TopLevelLocalFunctionIsNamedByItsOwnName() => Verify.VerifyAnalyzerAsync(
        TestSource.Files(new TestSource("Program.cs", """
            using System.Threading;
            using Microsoft.AspNetCore.Builder;

            var app = WebApplication.CreateBuilder(args).Build();
            app.MapGet("/work", () => {|#0:Work()|});
            app.Run();

            static string Work() { Thread.Sleep(1); return "done"; }
            """)),
        outputKind: OutputKind.ConsoleApplication,
        expected: Verify.Diagnostic("BURST005").WithLocation(0).WithOptions(DiagnosticOptions.IgnoreAdditionalLocations).WithMessage(
            "Request handler 'MapGet(\"/work\")' reaches a blocking call through other methods: MapGet(\"/work\") → Work → Thread.Sleep"));

    [Fact]
    public void DescriptorIsAScalabilityWarningWithItsHelpPage()
    {
        // The analyzer also reports chains from dependency-injection factories, as BURST007.
        var descriptor = new CallChainAnalyzer().SupportedDiagnostics.Single(d => d.Id == "BURST005");

        Assert.Equal("BURST005", descriptor.Id);
        Assert.Equal("Request handler reaches a blocking call through other methods", descriptor.Title.ToString());
        Assert.Equal("Scalability", descriptor.Category);
        Assert.Equal(DiagnosticSeverity.Warning, descriptor.DefaultSeverity);
        Assert.True(descriptor.IsEnabledByDefault);
        Assert.Equal("https://github.com/burstanalyzers/BurstAnalyzers/blob/main/docs/rules/BURST005.md", descriptor.HelpLinkUri);
    }

    private static DiagnosticResult Hops(int location, string action, string chain)
        => Verify.Diagnostic("BURST005").WithLocation(location).WithOptions(DiagnosticOptions.IgnoreAdditionalLocations).WithMessage(
            $"Request handler 'ClockController.{action}' reaches a blocking call through other methods: {chain}");
}
