using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.CallChainAnalyzer, BurstAnalyzers.Rules.CallChainFixer>;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>
/// The chain fix: the blocking call at the end is rewritten as its own rule's fix would, each method on the way
/// becomes async under its ...Async name, each call of it is awaited, up to the handler.
/// </summary>
public class CallChainFixerTests
{
    /// <summary>Each method on the chain becomes async and each call of it an await, under its async name where that
    /// name is free.</summary>
    public class ChainConversion
    {
        /// <summary>AccountGo's EfRepository&lt;T&gt;.GetById: a virtual method that nothing in the solution overrides
        /// changes like any other, and its interface with it.</summary>
        [Fact]
        public Task ThroughAVirtualMethodNothingOverrides_ItIsConvertedWithItsInterface() => Verify.VerifyCodeFixAsync("""
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            public interface IRepository<T> { T GetById(int id); }

            public class Repository<T> : IRepository<T> where T : new()
            {
                public virtual T GetById(int id)
                {
                    Thread.Sleep(1);
                    return new T();
                }
            }

            public class Order { }

            public class OrdersController : ControllerBase
            {
                private readonly IRepository<Order> _orders;

                public OrdersController(IRepository<Order> orders) => _orders = orders;

                public Order Get(int id) => [|_orders.GetById(id)|];
            }
            """, """
            using System.Threading;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;

            public interface IRepository<T> { Task<T> GetById(int id); }

            public class Repository<T> : IRepository<T> where T : new()
            {
                public virtual async Task<T> GetById(int id)
                {
                    await Task.Delay(1);
                    return new T();
                }
            }

            public class Order { }

            public class OrdersController : ControllerBase
            {
                private readonly IRepository<Order> _orders;

                public OrdersController(IRepository<Order> orders) => _orders = orders;

                public async Task<Order> Get(int id) => await _orders.GetById(id);
            }
            """);

        /// <summary>A callee that blocks twice (a distributed cache's GetString, then SetString): the chain names the
        /// first, the fix converts both, so the handler's call no longer blocks at all.</summary>
        [Fact]
        public Task CalleeBlockingTwice_BothCallsBecomeAwaits() => Verify.VerifyCodeFixAsync("""
            using Microsoft.AspNetCore.Mvc;
            using Microsoft.Extensions.Caching.Distributed;

            public class PriceCache
            {
                private readonly IDistributedCache _cache;

                public PriceCache(IDistributedCache cache) => _cache = cache;

                public string Price(string symbol)
                {
                    var cached = _cache.GetString(symbol);
                    if (cached is null)
                    {
                        cached = "1.0";
                        _cache.SetString(symbol, cached);
                    }

                    return cached;
                }
            }

            public class PricesController : ControllerBase
            {
                private readonly PriceCache _prices;

                public PricesController(PriceCache prices) => _prices = prices;

                public string Get(string symbol) => [|_prices.Price(symbol)|];
            }
            """, """
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;
            using Microsoft.Extensions.Caching.Distributed;

            public class PriceCache
            {
                private readonly IDistributedCache _cache;

                public PriceCache(IDistributedCache cache) => _cache = cache;

                public async Task<string> PriceAsync(string symbol)
                {
                    var cached = await _cache.GetStringAsync(symbol);
                    if (cached is null)
                    {
                        cached = "1.0";
                        await _cache.SetStringAsync(symbol, cached);
                    }

                    return cached;
                }
            }

            public class PricesController : ControllerBase
            {
                private readonly PriceCache _prices;

                public PricesController(PriceCache prices) => _prices = prices;

                public async Task<string> Get(string symbol) => await _prices.PriceAsync(symbol);
            }
            """);

        /// <summary>When one of the blocking calls behind the handler's call has no faithful async rewrite (a wait with a
        /// timeout), converting the others would leave the call blocking: no async fix at all (offload remains).</summary>
        [Fact]
        public Task CalleeBlockingTwice_OneWithoutRewrite_NoAsyncFix() => Verify.VerifyNoFixAsync("""
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;
            using Microsoft.Extensions.Caching.Distributed;

            public class PriceCache
            {
                private readonly IDistributedCache _cache;
                private readonly Task _warm = Task.Delay(10);

                public PriceCache(IDistributedCache cache) => _cache = cache;

                public string Price(string symbol)
                {
                    var cached = _cache.GetString(symbol);
                    _warm.Wait(100);
                    return cached ?? "1.0";
                }
            }

            public class PricesController : ControllerBase
            {
                private readonly PriceCache _prices;

                public PricesController(PriceCache prices) => _prices = prices;

                public string Get(string symbol) => [|_prices.Price(symbol)|];
            }
            """);

        [Fact]
        public Task OneHop_HelperBecomesAsyncUnderItsAsyncName() => Verify.VerifyCodeFixAsync("""
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            public class PriceService
            {
                public decimal Load(string symbol)
                {
                    Thread.Sleep(100);
                    return 1m;
                }
            }

            public class QuotesController : ControllerBase
            {
                private readonly PriceService _prices = new();

                [HttpGet]
                public decimal GetQuote(string symbol) => {|BURST005:_prices.Load(symbol)|};
            }
            """, """
            using System.Threading;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;

            public class PriceService
            {
                public async Task<decimal> LoadAsync(string symbol)
                {
                    await Task.Delay(100);
                    return 1m;
                }
            }

            public class QuotesController : ControllerBase
            {
                private readonly PriceService _prices = new();

                [HttpGet]
                public async Task<decimal> GetQuote(string symbol) => await _prices.LoadAsync(symbol);
            }
            """);

        [Fact]
        public Task ThreeHopsAcrossFiles_EveryCallerAwaits_DocumentationFollowsTheRename() => Verify.VerifyCodeFixAsync(
            TestSource.Files(
                new TestSource("QuotesController.cs", """
                    using Microsoft.AspNetCore.Mvc;

                    public class QuotesController : ControllerBase
                    {
                        private readonly QuoteService _quotes = new();

                        [HttpGet]
                        public IActionResult Get(string symbol)
                        {
                            var quote = {|BURST005:_quotes.Quote(symbol)|};
                            return Ok(quote);
                        }
                    }
                    """),
                new TestSource("QuoteService.cs", """
                    using System.Net.Http;

                    public class QuoteService
                    {
                        private readonly HttpClient _client = new();

                        /// <summary>Prices with <see cref="Fetch(string)"/>.</summary>
                        public decimal Quote(string symbol) => Fetch(symbol) * 1.01m;

                        public void Warm()
                        {
                            Fetch("MSFT");
                        }

                        private decimal Fetch(string symbol)
                        {
                            var body = Download(symbol);
                            return decimal.Parse(body);
                        }

                        private string Download(string symbol) => _client.GetStringAsync("https://quotes.example/" + symbol).Result;
                    }
                    """)),
            TestSource.Files(
                new TestSource("QuotesController.cs", """
                    using System.Threading.Tasks;
                    using Microsoft.AspNetCore.Mvc;

                    public class QuotesController : ControllerBase
                    {
                        private readonly QuoteService _quotes = new();

                        [HttpGet]
                        public async Task<IActionResult> Get(string symbol)
                        {
                            var quote = await _quotes.QuoteAsync(symbol);
                            return Ok(quote);
                        }
                    }
                    """),
                new TestSource("QuoteService.cs", """
                    using System.Net.Http;
                    using System.Threading.Tasks;

                    public class QuoteService
                    {
                        private readonly HttpClient _client = new();

                        /// <summary>Prices with <see cref="FetchAsync(string)"/>.</summary>
                        public async Task<decimal> QuoteAsync(string symbol) => await FetchAsync(symbol) * 1.01m;

                        public async Task Warm()
                        {
                            await FetchAsync("MSFT");
                        }

                        private async Task<decimal> FetchAsync(string symbol)
                        {
                            var body = await DownloadAsync(symbol);
                            return decimal.Parse(body);
                        }

                        private async Task<string> DownloadAsync(string symbol) => await _client.GetStringAsync("https://quotes.example/" + symbol);
                    }
                    """)));

        [Fact]
        public Task GenericExtensionAndPartialHops_SyncIoAtTheEnd_WithTheRequestToken() => Verify.VerifyObservingCancellationAsync("""
            using System.IO;
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            public static class TextFiles
            {
                public static string ReadFrom(this string path, CancellationToken token) => File.ReadAllText(path);
            }

            public partial class Store<T>
            {
                public T Load(string path, System.Func<string, T> parse) => parse(Read(path));
            }

            public partial class Store<T>
            {
                private static string Read(string path) => path.ReadFrom(default);
            }

            public class ReportsController : ControllerBase
            {
                private readonly Store<int> _store = new();

                [HttpGet]
                public int Count(string path) => {|BURST005:_store.Load(path, int.Parse)|};
            }
            """, """
            using System.IO;
            using System.Threading;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;

            public static class TextFiles
            {
                public static async Task<string> ReadFromAsync(this string path, CancellationToken token) => await File.ReadAllTextAsync(path, token);
            }

            public partial class Store<T>
            {
                public async Task<T> LoadAsync(string path, System.Func<string, T> parse) => parse(await ReadAsync(path));
            }

            public partial class Store<T>
            {
                private static async Task<string> ReadAsync(string path) => await path.ReadFromAsync(default);
            }

            public class ReportsController : ControllerBase
            {
                private readonly Store<int> _store = new();

                [HttpGet]
                public async Task<int> Count(string path) => await _store.LoadAsync(path, int.Parse);
            }
            """);

        [Fact]
        public Task LocalFunctionHop_AndANameThatIsTaken_KeepsItsName() => Verify.VerifyCodeFixAsync("""
            using System.Threading;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;

            public class Cache
            {
                public string Get(string key)
                {
                    return Fill(key);

                    string Fill(string k)
                    {
                        Thread.Sleep(10);
                        return k;
                    }
                }

                public Task<string> GetAsync(string key, System.TimeSpan maxAge) => Task.FromResult(key);
            }

            public class CacheController : ControllerBase
            {
                private readonly Cache _cache = new();

                public string Read(string key) => {|BURST005:_cache.Get(key)|};
            }
            """, """
            using System.Threading;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;

            public class Cache
            {
                public async Task<string> Get(string key)
                {
                    return await FillAsync(key);

                    async Task<string> FillAsync(string k)
                    {
                        await Task.Delay(10);
                        return k;
                    }
                }

                public Task<string> GetAsync(string key, System.TimeSpan maxAge) => Task.FromResult(key);
            }

            public class CacheController : ControllerBase
            {
                private readonly Cache _cache = new();

                public async Task<string> Read(string key) => await _cache.Get(key);
            }
            """);

        [Fact]
        public Task MethodsWithAttributesKeepTheirNames() => Verify.VerifyCodeFixAsync("""
            using System;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;

            public class Jobs
            {
                [Obsolete("use the queue")]
                public int Run(Task<int> job) => job.Result;
            }

            public class JobsController : ControllerBase
            {
                private readonly Jobs _jobs = new();

                public int Start(Task<int> job)
                {
            #pragma warning disable CS0618
                    return {|BURST005:_jobs.Run(job)|};
            #pragma warning restore CS0618
                }
            }
            """, """
            using System;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;

            public class Jobs
            {
                [Obsolete("use the queue")]
                public async Task<int> Run(Task<int> job) => await job;
            }

            public class JobsController : ControllerBase
            {
                private readonly Jobs _jobs = new();

                public async Task<int> Start(Task<int> job)
                {
            #pragma warning disable CS0618
                    return await _jobs.Run(job);
            #pragma warning restore CS0618
                }
            }
            """);
    }

    /// <summary>A WCF contract or a plain interface on the chain changes in step with its only
    /// implementation.</summary>
    public class Contracts
    {
        [Fact]
        public Task WcfOperation_ContractChangesInStep_HelperIsRenamed() => Verify.VerifyCodeFixAsync("""
            using System.Threading;
            using CoreWCF;

            [ServiceContract]
            public interface IQuoteService
            {
                [OperationContract]
                decimal GetQuote(string symbol);
            }

            public class QuoteService : IQuoteService
            {
                public decimal GetQuote(string symbol) => {|BURST005:Feed.Price(symbol)|};
            }

            public static class Feed
            {
                public static decimal Price(string symbol)
                {
                    Thread.Sleep(20);
                    return 1m;
                }
            }
            """, """
            using System.Threading;
            using System.Threading.Tasks;
            using CoreWCF;

            [ServiceContract]
            public interface IQuoteService
            {
                [OperationContract]
                Task<decimal> GetQuote(string symbol);
            }

            public class QuoteService : IQuoteService
            {
                public async Task<decimal> GetQuote(string symbol) => await Feed.PriceAsync(symbol);
            }

            public static class Feed
            {
                public static async Task<decimal> PriceAsync(string symbol)
                {
                    await Task.Delay(20);
                    return 1m;
                }
            }
            """);

        /// <summary>The shape of a service registered for dependency injection: the interface changes with its only
        /// implementation (which keeps its name, as the interface's).</summary>
        [Fact]
        public Task ThroughAnInterfaceWithOneImplementation_TheInterfaceChangesInStep() => Verify.VerifyCodeFixAsync("""
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

            public class QuotesController : ControllerBase
            {
                private readonly IPrices _prices;

                public QuotesController(IPrices prices) => _prices = prices;

                public decimal GetQuote(string symbol) => {|BURST005:_prices.Load(symbol)|};
            }
            """, """
            using System.Threading;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;

            public interface IPrices { Task<decimal> Load(string symbol); }

            public class Prices : IPrices
            {
                public async Task<decimal> Load(string symbol)
                {
                    await Task.Delay(100);
                    return 1m;
                }
            }

            public class QuotesController : ControllerBase
            {
                private readonly IPrices _prices;

                public QuotesController(IPrices prices) => _prices = prices;

                public async Task<decimal> GetQuote(string symbol) => await _prices.Load(symbol);
            }
            """);

        /// <summary>An interface with several implementations changes with all of them: the blocking one is converted,
        /// the other (explicit) one returns a completed task.</summary>
        [Fact]
        public Task ThroughAnInterfaceWithTwoImplementations_EveryImplementationChangesInStep() => Verify.VerifyCodeFixAsync("""
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            public interface IAudit { void Record(string entry); }

            public class FileAudit : IAudit
            {
                public void Record(string entry)
                {
                    if (entry.Length == 0)
                    {
                        return;
                    }

                    Thread.Sleep(100);
                }
            }

            public class NullAudit : IAudit
            {
                void IAudit.Record(string entry) => entry.GetHashCode();
            }

            public class OrdersController : ControllerBase
            {
                private readonly IAudit _audit;

                public OrdersController(IAudit audit) => _audit = audit;

                public void Post(string order) => {|BURST005:_audit.Record(order)|};
            }
            """, """
            using System.Threading;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;

            public interface IAudit { Task Record(string entry); }

            public class FileAudit : IAudit
            {
                public async Task Record(string entry)
                {
                    if (entry.Length == 0)
                    {
                        return;
                    }

                    await Task.Delay(100);
                }
            }

            public class NullAudit : IAudit
            {
                Task IAudit.Record(string entry)
                {
                    entry.GetHashCode();
                    return Task.CompletedTask;
                }
            }

            public class OrdersController : ControllerBase
            {
                private readonly IAudit _audit;

                public OrdersController(IAudit audit) => _audit = audit;

                public async Task Post(string order) => await _audit.Record(order);
            }
            """);

        /// <summary>A virtual method that is overridden changes with its override, which would otherwise keep the old
        /// signature and stop overriding it: the override awaits nothing and returns a completed task.</summary>
        [Fact]
        public Task ThroughAVirtualMethodThatIsOverridden_TheOverrideChangesInStep() => Verify.VerifyCodeFixAsync("""
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            public class Prices
            {
                public virtual decimal Load(string symbol)
                {
                    Thread.Sleep(100);
                    return 1m;
                }
            }

            public class CachedPrices : Prices
            {
                public override decimal Load(string symbol) => 2m;
            }

            public class RoundedPrices : Prices
            {
                public override decimal Load(string symbol)
                {
                    if (symbol.Length == 0)
                    {
                        return 0m;
                    }

                    return 3m;
                }
            }

            public class QuotesController : ControllerBase
            {
                private readonly Prices _prices = new();

                public decimal GetQuote(string symbol) => {|BURST005:_prices.Load(symbol)|};
            }
            """, """
            using System.Threading;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;

            public class Prices
            {
                public virtual async Task<decimal> Load(string symbol)
                {
                    await Task.Delay(100);
                    return 1m;
                }
            }

            public class CachedPrices : Prices
            {
                public override Task<decimal> Load(string symbol) => Task.FromResult<decimal>(2m);
            }

            public class RoundedPrices : Prices
            {
                public override Task<decimal> Load(string symbol)
                {
                    if (symbol.Length == 0)
                    {
                        return Task.FromResult<decimal>(0m);
                    }

                    return Task.FromResult<decimal>(3m);
                }
            }

            public class QuotesController : ControllerBase
            {
                private readonly Prices _prices = new();

                public async Task<decimal> GetQuote(string symbol) => await _prices.Load(symbol);
            }
            """);

        /// <summary>Tranga's shape: an abstract member whose overrides each block. The abstract member is retyped and
        /// every override converted, each one's own blocking call too, so the handler's call no longer blocks.</summary>
        [Fact]
        public Task ThroughAnAbstractMemberWithTwoBlockingOverrides_EveryOverrideIsConverted() => Verify.VerifyCodeFixAsync("""
            using System.IO;
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            public abstract class Connector
            {
                public abstract string[] GetChapters(string publication, string language = "");
            }

            public class Manganato : Connector
            {
                public override string[] GetChapters(string publication, string language = "")
                {
                    Thread.Sleep(100);
                    return new[] { publication };
                }
            }

            public class Mangasee : Connector
            {
                public override string[] GetChapters(string publication, string language = "")
                {
                    var text = File.ReadAllText(publication);
                    return new[] { text };
                }
            }

            public class ChaptersController : ControllerBase
            {
                private readonly Connector _connector;

                public ChaptersController(Connector connector) => _connector = connector;

                public string[] Get(string publication) => {|BURST005:_connector.GetChapters(publication)|};
            }
            """, """
            using System.IO;
            using System.Threading;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;

            public abstract class Connector
            {
                public abstract Task<string[]> GetChapters(string publication, string language = "");
            }

            public class Manganato : Connector
            {
                public override async Task<string[]> GetChapters(string publication, string language = "")
                {
                    await Task.Delay(100);
                    return new[] { publication };
                }
            }

            public class Mangasee : Connector
            {
                public override async Task<string[]> GetChapters(string publication, string language = "")
                {
                    var text = await File.ReadAllTextAsync(publication);
                    return new[] { text };
                }
            }

            public class ChaptersController : ControllerBase
            {
                private readonly Connector _connector;

                public ChaptersController(Connector connector) => _connector = connector;

                public async Task<string[]> Get(string publication) => await _connector.GetChapters(publication);
            }
            """);

        /// <summary>All or none: an override that cannot become async (an iterator) leaves the whole family as it is.</summary>
        [Fact]
        public Task NoFix_ThroughAnAbstractMemberWithAnOverrideThatCannotChange() => Verify.VerifyNoFixAsync("""
            using System.Collections.Generic;
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            public abstract class Connector
            {
                public abstract IEnumerable<string> GetChapters(string publication);
            }

            public class Manganato : Connector
            {
                public override IEnumerable<string> GetChapters(string publication)
                {
                    Thread.Sleep(100);
                    return new[] { publication };
                }
            }

            public class Lazy : Connector
            {
                public override IEnumerable<string> GetChapters(string publication)
                {
                    yield return publication;
                }
            }

            public class ChaptersController : ControllerBase
            {
                private readonly Connector _connector;

                public ChaptersController(Connector connector) => _connector = connector;

                public int Count(string publication) => {|BURST005:_connector.GetChapters(publication)|}.GetHashCode();
            }
            """);

        /// <summary>A family whose top is the framework's (an override of a library's virtual member) cannot change:
        /// the member outside the solution keeps its signature.</summary>
        [Fact]
        public Task NoFix_ThroughAnOverrideOfAMemberOutsideTheSolution() => Verify.VerifyNoFixAsync("""
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            public class Slow
            {
                public override string ToString()
                {
                    Thread.Sleep(100);
                    return "slow";
                }
            }

            public class SlowController : ControllerBase
            {
                private readonly Slow _slow = new();

                public string Get() => {|BURST005:_slow.ToString()|};
            }
            """);

        /// <summary>Two handlers reach the family, one through its abstract member, one through an override: each
        /// diagnostic's fix converts the same family, and Fix All converges in one pass, each declaration changed once.</summary>
        [Fact]
        public Task FixAll_TwoHandlersReachOneFamily_ItIsConvertedOnce() => Verify.VerifyCodeFixAsync("""
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            public abstract class Connector
            {
                public abstract int Count(string publication);
            }

            public class Manganato : Connector
            {
                public override int Count(string publication)
                {
                    Thread.Sleep(100);
                    return 1;
                }
            }

            public class Mangasee : Connector
            {
                public override int Count(string publication)
                {
                    Thread.Sleep(200);
                    return 2;
                }
            }

            public class ChaptersController : ControllerBase
            {
                private readonly Connector _connector;

                public ChaptersController(Connector connector) => _connector = connector;

                public int Get(string publication) => {|BURST005:_connector.Count(publication)|};

                public int GetManganato(string publication) => {|BURST005:new Manganato().Count(publication)|};
            }
            """, """
            using System.Threading;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;

            public abstract class Connector
            {
                public abstract Task<int> Count(string publication);
            }

            public class Manganato : Connector
            {
                public override async Task<int> Count(string publication)
                {
                    await Task.Delay(100);
                    return 1;
                }
            }

            public class Mangasee : Connector
            {
                public override async Task<int> Count(string publication)
                {
                    await Task.Delay(200);
                    return 2;
                }
            }

            public class ChaptersController : ControllerBase
            {
                private readonly Connector _connector;

                public ChaptersController(Connector connector) => _connector = connector;

                public async Task<int> Get(string publication) => await _connector.Count(publication);

                public async Task<int> GetManganato(string publication) => await new Manganato().Count(publication);
            }
            """);

        /// <summary>All or none: an implementation with its own overrides would be more than one change in step.</summary>
        [Fact]
        public Task NoFix_ThroughAnInterfaceWithAnImplementationThatIsOverridden() => Verify.VerifyNoFixAsync("""
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
                public virtual decimal Load(string symbol) => 1m;
            }

            public class OtherPrices : FixedPrices
            {
                public override decimal Load(string symbol) => 2m;
            }

            public class QuotesController : ControllerBase
            {
                private readonly IPrices _prices = new Prices();

                public decimal GetQuote(string symbol) => {|BURST005:_prices.Load(symbol)|};
            }
            """);
    }

    /// <summary>The fix converts every blocking call the handler's call reaches, once, also under Fix All.</summary>
    public class EveryReachedBlockingCall
    {
        /// <summary>The rule names the first blocking call; the fix converts every one the call reaches, so the handler's
        /// call stops blocking in one fix (and one Fix All pass, which is all dotnet format runs). A call with no faithful
        /// rewrite (a wait with a timeout) and code in a callback stay as they are.</summary>
        [Fact]
        public Task EveryBlockingCallTheHandlerReaches_IsConvertedInOneFix() => Verify.VerifyCodeFixAsync("""
            using System;
            using System.IO;
            using System.Threading;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;

            public class Importer
            {
                public int Import(string path, Task ready)
                {
                    Thread.Sleep(10);
                    var text = File.ReadAllText(path);
                    Audit(path);
                    Action later = () => Thread.Sleep(5);
                    return text.Length;
                }

                private static void Audit(string path)
                {
                    File.AppendAllText(path + ".log", "imported");
                }
            }

            public class ImportController : ControllerBase
            {
                private readonly Importer _importer = new();

                public int Post(string path, Task ready) => {|BURST005:_importer.Import(path, ready)|};
            }
            """, """
            using System;
            using System.IO;
            using System.Threading;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;

            public class Importer
            {
                public async Task<int> ImportAsync(string path, Task ready)
                {
                    await Task.Delay(10);
                    var text = await File.ReadAllTextAsync(path);
                    await AuditAsync(path);
                    Action later = () => Thread.Sleep(5);
                    return text.Length;
                }

                private static async Task AuditAsync(string path)
                {
                    await File.AppendAllTextAsync(path + ".log", "imported");
                }
            }

            public class ImportController : ControllerBase
            {
                private readonly Importer _importer = new();

                public async Task<int> Post(string path, Task ready) => await _importer.ImportAsync(path, ready);
            }
            """);

        [Fact]
        public Task ACallWithoutFaithfulRewrite_NoAsyncFix_TheWarningStays() => Verify.VerifyNoFixAsync("""
            using System.Threading;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;

            public static class Steps
            {
                public static bool Run(Task task)
                {
                    Thread.Sleep(10);
                    return task.Wait(1000);
                }
            }

            public class StepsController : ControllerBase
            {
                public bool Get(Task task) => {|BURST005:Steps.Run(task)|};
            }
            """);

        [Fact]
        public Task FixAll_TwoHandlersShareTheChain_ItIsConvertedOnce() => Verify.VerifyCodeFixAsync("""
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            public static class Legacy
            {
                public static void Pause() => Thread.Sleep(50);

                public static int Compute(int x)
                {
                    Pause();
                    return x * 2;
                }
            }

            public class MathController : ControllerBase
            {
                public int Double(int x) => {|BURST005:Legacy.Compute(x)|};

                public void Wait()
                {
                    {|BURST005:Legacy.Pause()|};
                }
            }
            """, """
            using System.Threading;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;

            public static class Legacy
            {
                public static async Task PauseAsync() => await Task.Delay(50);

                public static async Task<int> ComputeAsync(int x)
                {
                    await PauseAsync();
                    return x * 2;
                }
            }

            public class MathController : ControllerBase
            {
                public async Task<int> Double(int x) => await Legacy.ComputeAsync(x);

                public async Task Wait()
                {
                    await Legacy.PauseAsync();
                }
            }
            """);
    }

    /// <summary>Chains the async fix cannot convert safely: only the offload fix remains.</summary>
    public class WhereNoFixIsOffered
    {
        [Fact]
        public Task NoFix_ThroughAPropertyAConstructorOrALambda() => Verify.VerifyNoFixAsync("""
            using System;
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            public static class Slow
            {
                public static int Value()
                {
                    Thread.Sleep(10);
                    return 1;
                }
            }

            public class Settings
            {
                public Settings() => Slow.Value();

                public int Current => Slow.Value();

                public static int Lazy() => ((Func<int>)(() => Slow.Value()))();
            }

            public class SettingsController : ControllerBase
            {
                public int Get() => {|BURST005:new Settings()|}.GetHashCode();

                public int Current(Settings settings) => {|BURST005:settings.Current|};

                public int Lazy() => {|BURST005:Settings.Lazy()|};
            }
            """);

        [Fact]
        public Task NoFix_WhenAnotherCallerCannotAwait() => Verify.VerifyNoFixAsync("""
            using System;
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            public static class Slow
            {
                public static int Value()
                {
                    Thread.Sleep(10);
                    return 1;
                }

                public static Func<int> Factory => Value;
            }

            public class SlowController : ControllerBase
            {
                public int Get() => {|BURST005:Slow.Value()|};
            }
            """);

        [Fact]
        public Task NoFix_WhenTheChainEndsInAnApiWithoutAsyncTwin() => Verify.VerifyNoFixAsync("""
            using System;
            using Microsoft.AspNetCore.Mvc;

            public static class Prompt
            {
                public static string Ask() => Console.ReadLine() ?? "";
            }

            public class PromptController : ControllerBase
            {
                public string Get() => {|BURST005:Prompt.Ask()|};
            }
            """);

        [Fact]
        public Task NoFix_WhenTheBlockingCallHasNoFaithfulRewrite() => Verify.VerifyNoFixAsync("""
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;

            public static class Waits
            {
                public static bool Bounded(Task task) => task.Wait(1000);
            }

            public class WaitController : ControllerBase
            {
                public bool Get(Task task) => {|BURST005:Waits.Bounded(task)|};
            }
            """);
    }
}
