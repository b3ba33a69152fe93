using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.CallChainAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>Chains of one to several methods between a handler and a blocking call, and chains that never block.</summary>
public class CallChainDepthTests
{
    [Fact]
    public Task HelperThatBlocksItself() => Verify.VerifyAnalyzerAsync("""
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
        """);

    [Fact]
    public Task ChainsOfOneToSixMethods() => Verify.VerifyAnalyzerAsync("""
        using System.IO;
        using System.Net.Http;
        using Microsoft.AspNetCore.Mvc;

        public static class Io
        {
            public static string Read(string path) => File.ReadAllText(path);
        }

        public class Helper
        {
            public string Fetch(HttpClient client) => client.GetStringAsync("http://example.org").Result;
            public string Parse(string path) => Io.Read(path).Trim();
        }

        public class Repository
        {
            private readonly Helper _helper = new();
            public string Get(string path) => _helper.Parse(path);
            public string Remote(HttpClient client) => _helper.Fetch(client);
        }

        public class Service
        {
            private readonly Repository _repository = new();
            public string Find(string path) => _repository.Get(path);
            public string Deep(string path) => Find(path);
            public string Deeper(string path) => Deep(path) + Deep(path);
        }

        public class ReportsController : ControllerBase
        {
            private readonly Service _service = new();
            private readonly Repository _repository = new();
            private readonly Helper _helper = new();

            public string One(string path) => {|BURST005:Io.Read(path)|};
            public string Two(string path) => {|BURST005:_helper.Parse(path)|};
            public string Three(string path) => {|BURST005:_repository.Get(path)|};
            public string Four(string path) => {|BURST005:_service.Find(path)|};
            public string Five(string path) => {|BURST005:_service.Deep(path)|};
            public string Six(string path) => {|BURST005:_service.Deeper(path)|};
            public string Remote(HttpClient client) => {|BURST005:_repository.Remote(client)|};
        }
        """);

    [Fact]
    public Task ChainsThatNeverBlockAreNotReported() => Verify.VerifyAnalyzerAsync("""
        using System.Collections.Generic;
        using System.IO;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class Repository
        {
            private readonly Dictionary<int, string> _cache = new();

            // Awaiting is not blocking.
            public async Task<string> LoadAsync(string path) => await File.ReadAllTextAsync(path);

            public async Task<string> ChainAsync(string path)
            {
                await Task.Delay(10);
                return await LoadAsync(path);
            }

            // Exempt: a task known to be complete, a zero-timeout try, in-memory I/O.
            public int Completed() => Task.FromResult(1).Result;
            public bool TryEnter(SemaphoreSlim gate) => gate.Wait(0);
            public string InMemory() => new StreamReader(new MemoryStream()).ReadToEnd();

            // Plain computation.
            public string Lookup(int id) => _cache.TryGetValue(id, out var value) ? value : Format(id);
            private static string Format(int id) => id.ToString();

            // A blocking call in a callback it neither runs nor queues to the pool (Task.Run bodies are followed:
            // see PoolLambdaTests).
            public void Later(System.Action<System.Action> register) => register(() => Thread.Sleep(100));
        }

        public class DataController : ControllerBase
        {
            private readonly Repository _repository = new();

            public async Task<string> Get(string path) => await _repository.ChainAsync(path);
            public int Completed() => _repository.Completed();
            public bool Try(SemaphoreSlim gate) => _repository.TryEnter(gate);
            public string Memory() => _repository.InMemory();
            public string Lookup(int id) => _repository.Lookup(id);
            public void Later() => _repository.Later(callback => { });
        }
        """);

    [Fact]
    public Task AsyncMethodThatBlocksIsAHop() => Verify.VerifyAnalyzerAsync("""
        using System.IO;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class Repository
        {
            public async Task<string> LoadAsync(string path)
            {
                Thread.Sleep(10);
                return await File.ReadAllTextAsync(path);
            }
        }

        public class DataController : ControllerBase
        {
            private readonly Repository _repository = new();

            public async Task<string> Get(string path) => await {|BURST005:_repository.LoadAsync(path)|};
        }
        """);

    [Fact]
    public Task BlockingInTheHandlerItselfIsLeftToTheDirectRules() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class Repository
        {
            // Its async twin makes no difference: a method of the project is judged by its body, here as a hop.
            public string Load() { Thread.Sleep(1); return ""; }
            public Task<string> LoadAsync() => Task.FromResult("");

            public string Other() { Thread.Sleep(1); return ""; }
        }

        public class DataController : ControllerBase
        {
            private readonly Repository _repository = new();

            public string Get()
            {
                Thread.Sleep(1);
                Task.Delay(1).Wait();
                _ = {|BURST005:_repository.Load()|};
                return {|BURST005:_repository.Other()|};
            }
        }
        """);

    [Fact]
    public Task CallsOutsideHandlersAreNotReported() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.Extensions.Hosting;

        public static class Slow
        {
            public static void Work() => Thread.Sleep(100);
        }

        public class Startup
        {
            public void Configure() => Slow.Work();
        }

        public class Worker : BackgroundService
        {
            protected override System.Threading.Tasks.Task ExecuteAsync(CancellationToken token)
            {
                Slow.Work();
                return System.Threading.Tasks.Task.CompletedTask;
            }
        }

        public class WorkController : ControllerBase
        {
            [NonAction]
            public void Helper() => Slow.Work();

            public void Run() => {|BURST005:Slow.Work()|};
        }
        """);

    [Fact]
    public Task OneDiagnosticPerCallSite() => Verify.VerifyAnalyzerAsync("""
        using System.IO;
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public class Service
        {
            public string Both(string path)
            {
                Thread.Sleep(1);
                Thread.Sleep(2);
                return Read(path) + Read(path);
            }

            private static string Read(string path) => File.ReadAllText(path);
        }

        public class FilesController : ControllerBase
        {
            private readonly Service _service = new();

            public string Get(string path) => {|BURST005:_service.Both(path)|} + {|BURST005:_service.Both(path)|};
        }
        """);

    [Fact]
    public Task SyncIoFoundByItsCounterpartEndsAChain_AsInAHandler() => Verify.VerifyAnalyzerAsync(TestSource.Files(
        new TestSource("Ef.cs", """
            using System.Collections.Generic;
            using System.Linq;
            using System.Threading;
            using System.Threading.Tasks;

            namespace Fake.Ef
            {
                public static class QueryableExtensions
                {
                    public static Task<List<T>> ToListAsync<T>(this IQueryable<T> query, CancellationToken token = default)
                        => Task.FromResult(query.ToList());
                }
            }
            """),
        new TestSource("OrderRepository.cs", """
            using System.Collections.Generic;
            using System.Linq;
            using Fake.Ef;

            public class OrderRepository
            {
                private readonly IQueryable<int> _orders = new List<int>().AsQueryable();

                // ToList on a query, with ToListAsync in scope: synchronous database I/O (BURST003 in a handler).
                public List<int> Open() => _orders.Where(o => o > 0).ToList();

                // ToList on a list: no counterpart applies.
                public List<int> Copy(List<int> items) => items.ToList();
            }
            """),
        new TestSource("Unimported.cs", """
            using System.Collections.Generic;
            using System.Linq;

            public class PlainRepository
            {
                private readonly IQueryable<int> _orders = new List<int>().AsQueryable();

                // ToListAsync exists, but not in scope here.
                public List<int> Open() => _orders.ToList();
            }
            """),
        new TestSource("OrdersController.cs", """
            using System.Collections.Generic;
            using Microsoft.AspNetCore.Mvc;

            public class OrdersController : ControllerBase
            {
                private readonly OrderRepository _orders = new();
                private readonly PlainRepository _plain = new();

                public List<int> Open() => {|BURST005:_orders.Open()|};
                public List<int> Copy(List<int> items) => _orders.Copy(items);
                public List<int> Plain() => _plain.Open();
            }
            """)));
}
