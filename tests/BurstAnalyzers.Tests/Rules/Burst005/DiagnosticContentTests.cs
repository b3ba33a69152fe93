using System.Collections.Immutable;
using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.Rules;
using BurstAnalyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;

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
            public decimal Load(string symbol) => _feed.Current;
        }

        public class PriceFeed
        {
            public decimal Current
            {
                get
                {
                    Wait();
                    return 1m;

                    void Wait() => Thread.Sleep(100);
                }
            }
        }

        public class QuotesController : ControllerBase
        {
            private readonly IPriceService _prices = new PriceService();

            [HttpGet]
            public decimal GetQuote(string symbol) => _prices.Load(symbol);
        }

        public static class Endpoints
        {
            public static void Map(IEndpointRouteBuilder app, IPriceService prices)
                => app.MapGet("/quote/{symbol}", (string symbol) => new PriceService().Load(symbol));
        }
        """;

    [Fact]
    public async Task MessageNamesTheHandlerAndTheWholeChain()
    {
        var diagnostics = await AnalyzerVerifier<CallChainAnalyzer>.GetDiagnosticsAsync(Quotes);

        Assert.Equal(
            new[]
            {
                "Request handler 'QuotesController.GetQuote' reaches a blocking call through other methods: "
                    + "GetQuote → PriceService.Load → PriceFeed.Current → PriceFeed.Current.Wait → Thread.Sleep",
                "Request handler 'MapGet(\"/quote/{symbol}\")' reaches a blocking call through other methods: "
                    + "MapGet(\"/quote/{symbol}\") → PriceService.Load → PriceFeed.Current → PriceFeed.Current.Wait → Thread.Sleep",
            },
            diagnostics.Select(d => d.GetMessage(System.Globalization.CultureInfo.InvariantCulture)));
    }

    [Fact]
    public async Task AdditionalLocationsAreEachHopsCallAndTheBlockingCall()
    {
        var diagnostics = await AnalyzerVerifier<CallChainAnalyzer>.GetDiagnosticsAsync(Quotes);

        var diagnostic = diagnostics.First();
        Assert.Equal("_prices.Load(symbol)", TextOf(diagnostic.Location));
        Assert.Equal(
            new[] { "_feed.Current", "Wait()", "Thread.Sleep(100)" },
            diagnostic.AdditionalLocations.Select(TextOf));
        Assert.All(diagnostic.AdditionalLocations, location => Assert.Equal(diagnostic.Location.SourceTree, location.SourceTree));
    }

    [Fact]
    public async Task HopsAreNamedAsTheCodeNamesThem_DispatchThroughTheFirstBlockingImplementation()
    {
        var diagnostics = await AnalyzerVerifier<CallChainAnalyzer>.GetDiagnosticsAsync("""
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
                public void Tick(IClock clock) => clock.Tick();
                public string Name(IClock clock) => clock.Name;
                public int Cached(IClock clock) => new Cache<int>().Get("key", clock);
                public object Load(string path) => new Loaded(path);
            }
            """);

        Assert.Equal(
            new[]
            {
                "Tick → SlowClock.Tick → Thread.Sleep",
                "Name → SlowClock.Name → File.ReadAllText",
                "Cached → Cache.Get → SlowClock.Tick → Thread.Sleep",
                "Load → new Loaded → File.ReadAllText",
            },
            diagnostics.Select(d => d.GetMessage(System.Globalization.CultureInfo.InvariantCulture).Split(": ")[1]));
    }

    [Fact]
    public async Task TopLevelLocalFunctionIsNamedByItsOwnName()
    {
        var project = TestWorkspace.CreateSolution(
            new[]
            {
                ("Program.cs", """
                    using System.Threading;
                    using Microsoft.AspNetCore.Builder;

                    var app = WebApplication.CreateBuilder(args).Build();
                    app.MapGet("/work", () => Work());
                    app.Run();

                    static string Work() { Thread.Sleep(1); return "done"; }
                    """),
            },
            null,
            ReferenceSets.Default,
            o => o.WithOutputKind(OutputKind.ConsoleApplication)).Projects.Single();
        await TestWorkspace.AssertCompilesAsync(project, "in the test source");

        var diagnostics = await TestWorkspace.GetAnalyzerDiagnosticsAsync(project, ImmutableArray.Create<DiagnosticAnalyzer>(new CallChainAnalyzer()));

        var diagnostic = Assert.Single(diagnostics);
        Assert.Equal("Work()", TextOf(diagnostic.Location));
        Assert.Equal(
            "Request handler 'MapGet(\"/work\")' reaches a blocking call through other methods: MapGet(\"/work\") → Work → Thread.Sleep",
            diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture));
    }

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

    private static string TextOf(Location location) => location.SourceTree!.GetText().ToString(location.SourceSpan);
}
