using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.CallChainAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>Chains across files: a handler in one file, its service, repository and blocking client in others.</summary>
public class CrossFileTests
{
    [Fact]
    public Task ChainAcrossFourFiles() => Verify.VerifyAnalyzerAsync(TestSource.Files(
        new TestSource("Controllers/QuotesController.cs", """
            using Microsoft.AspNetCore.Mvc;

            public class QuotesController : ControllerBase
            {
                private readonly IQuoteService _service;

                public QuotesController(IQuoteService service) => _service = service;

                [HttpGet]
                public decimal GetQuote(string symbol) => {|BURST005:_service.Quote(symbol)|};

                [HttpGet("cached")]
                public decimal Cached(string symbol) => _service.Cached(symbol);
            }
            """),
        new TestSource("Services/QuoteService.cs", """
            public interface IQuoteService
            {
                decimal Quote(string symbol);
                decimal Cached(string symbol);
            }

            public partial class QuoteService : IQuoteService
            {
                private readonly PriceRepository _repository = new();

                public decimal Quote(string symbol) => _repository.Price(symbol);
            }
            """),
        new TestSource("Services/QuoteService.Cache.cs", """
            public partial class QuoteService
            {
                public decimal Cached(string symbol) => 1m;
            }
            """),
        new TestSource("Data/PriceRepository.cs", """
            using System.Net.Http;

            public class PriceRepository
            {
                private static readonly HttpClient Client = new();

                public decimal Price(string symbol) => decimal.Parse(Client.GetStringAsync("https://prices/" + symbol).Result);
            }
            """)));
}
