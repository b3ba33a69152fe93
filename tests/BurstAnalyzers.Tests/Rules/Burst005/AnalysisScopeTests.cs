using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.Rules;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>
/// A build analyses the whole compilation (calls wait for the end, callees' facts come from the driver); an IDE
/// analyses one document at a time (callees are bound on demand). Both must report the same diagnostics.
/// </summary>
public class AnalysisScopeTests
{
    private static readonly (string FileName, string Code)[] Files =
    {
        ("Controllers.cs", """
            using Microsoft.AspNetCore.Builder;
            using Microsoft.AspNetCore.Mvc;
            using Microsoft.AspNetCore.Routing;

            public class QuotesController : ControllerBase
            {
                private readonly IQuoteService _service = new QuoteService();

                public decimal GetQuote(string symbol) => _service.Quote(symbol);
                public decimal Cached(string symbol) => _service.Cached(symbol);
                public object Create() => new PriceRepository();
                public int Count() => _service.Count;
            }

            public static class Endpoints
            {
                public static void Map(IEndpointRouteBuilder app, IQuoteService service)
                {
                    app.MapGet("/quote/{symbol}", (string symbol) => service.Quote(symbol));
                    app.MapGet("/local", () => Local());

                    int Local() => service.Count;
                }
            }
            """),
        ("Services.cs", """
            using System.Threading;

            public interface IQuoteService
            {
                decimal Quote(string symbol);
                decimal Cached(string symbol);
                int Count { get; }
            }

            public class QuoteService : IQuoteService
            {
                private readonly PriceRepository _repository = new();

                public decimal Quote(string symbol) => Round(_repository.Price(symbol));
                public decimal Cached(string symbol) => 1m;
                public int Count => Counter.Next();

                private static decimal Round(decimal value) => decimal.Round(value, 2);
            }

            public static class Counter
            {
                public static int Next() { return Wait(); int Wait() { Thread.Sleep(1); return 1; } }
            }
            """),
        ("Data.cs", """
            using System.IO;
            using System.Net.Http;

            public class PriceRepository
            {
                private static readonly HttpClient Client = new();
                private readonly string _config = File.ReadAllText("prices.json");

                public decimal Price(string symbol) => decimal.Parse(Client.GetStringAsync("https://prices/" + symbol).Result);
            }
            """),
    };

    [Fact]
    public async Task DocumentByDocumentAndWholeCompilationReportTheSame()
    {
        var project = TestWorkspace.CreateSolution(Files, null, ReferenceSets.Default).Projects.Single();
        await TestWorkspace.AssertCompilesAsync(project, "in the test source");
        var compilation = (await project.GetCompilationAsync())!;

        var whole = await TestWorkspace.GetAnalyzerDiagnosticsAsync(project, ImmutableArray.Create<DiagnosticAnalyzer>(new CallChainAnalyzer()));

        var byDocument = new List<Diagnostic>();
        foreach (var tree in compilation.SyntaxTrees)
        {
            var withAnalyzers = compilation.WithAnalyzers(ImmutableArray.Create<DiagnosticAnalyzer>(new CallChainAnalyzer()), project.AnalyzerOptions);
            byDocument.AddRange(await withAnalyzers.GetAnalyzerSemanticDiagnosticsAsync(compilation.GetSemanticModel(tree), filterSpan: null, default));
        }

        Assert.Equal(5, whole.Length);
        Assert.Equal(Describe(whole), Describe(byDocument));
    }

    private static string[] Describe(IEnumerable<Diagnostic> diagnostics)
        => diagnostics
            .Select(d => TestWorkspace.Describe(d) + " @ " + string.Join(", ", d.AdditionalLocations.Select(l => l.GetLineSpan().ToString())))
            .OrderBy(text => text, System.StringComparer.Ordinal)
            .ToArray();
}
