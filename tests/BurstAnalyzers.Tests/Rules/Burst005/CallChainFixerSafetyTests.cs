using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Microsoft.CodeAnalysis;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.CallChainAnalyzer, BurstAnalyzers.Rules.CallChainFixer>;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>
/// Where the chain fix must not break code that compiles: names it must not take, calls no reference search finds,
/// shapes that cannot await. Each case came from a review of the fix.
/// </summary>
public class CallChainFixerSafetyTests
{
    [Fact]
    public Task DocumentationReferenceFollowsTheRename_OnceEvenWhenTwoBlockingCallsReachIt() => Verify.VerifyCodeFixAsync("""
        using System.IO;
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        /// <summary>Entry is <see cref="Importer.Run(string)"/>.</summary>
        public static class Importer
        {
            public static int Run(string path)
            {
                Thread.Sleep(1);
                return File.ReadAllText(path).Length;
            }
        }

        public class ImportController : ControllerBase
        {
            public int Post(string path) => {|BURST005:Importer.Run(path)|};
        }
        """, """
        using System.IO;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        /// <summary>Entry is <see cref="Importer.RunAsync(string)"/>.</summary>
        public static class Importer
        {
            public static async Task<int> RunAsync(string path)
            {
                await Task.Delay(1);
                return (await File.ReadAllTextAsync(path)).Length;
            }
        }

        public class ImportController : ControllerBase
        {
            public async Task<int> Post(string path) => await Importer.RunAsync(path);
        }
        """);

    [Fact]
    public Task GenericLocalFunction_EveryCallIsAwaitedAndRenamed() => Verify.VerifyCodeFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public class Cache
        {
            public string Get(string key)
            {
                return Fill(key) + Fill<string>(key);

                T Fill<T>(T k)
                {
                    Thread.Sleep(10);
                    return k;
                }
            }
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
            public async Task<string> GetAsync(string key)
            {
                return await FillAsync(key) + await FillAsync<string>(key);

                async Task<T> FillAsync<T>(T k)
                {
                    await Task.Delay(10);
                    return k;
                }
            }
        }

        public class CacheController : ControllerBase
        {
            private readonly Cache _cache = new();

            public async Task<string> Read(string key) => await _cache.GetAsync(key);
        }
        """);

    [Fact]
    public Task TopLevelLocalFunction_CalledFromAnEndpoint() => Verify.VerifyCodeFixAsync(
        TestSource.Files(new TestSource("Program.cs", """
            using System.Threading;
            using Microsoft.AspNetCore.Builder;

            var app = WebApplication.Create(args);
            app.MapGet("/", () => {|BURST005:Compute(1)|});
            app.Run();

            int Compute(int x)
            {
                Thread.Sleep(1);
                return x;
            }
            """)),
        TestSource.Files(new TestSource("Program.cs", """
            using System.Threading;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Builder;

            var app = WebApplication.Create(args);
            app.MapGet("/", async () => await ComputeAsync(1));
            app.Run();

            async Task<int> ComputeAsync(int x)
            {
                await Task.Delay(1);
                return x;
            }
            """)),
        outputKind: OutputKind.ConsoleApplication);

    /// <summary>The new name is spelled elsewhere (a using static import, an outer class, an extension method, a local
    /// in a nested scope): renamed, an existing call could bind to the method or the method's calls elsewhere.</summary>
    [Fact]
    public Task NamesSpelledAnywhereInTheSolution_AreNotTaken() => Verify.VerifyCodeFixAsync(
        TestSource.Files(
            new TestSource("Client.cs", """
                using System.Threading;
                using System.Threading.Tasks;
                using static Helpers;

                public static class Helpers
                {
                    public static Task<string> DownloadAsync(string url) => Task.FromResult(url);
                }

                public class Client
                {
                    public string Download(System.Uri uri)
                    {
                        Thread.Sleep(1);
                        return uri.ToString() + Count(1);
                    }

                    public Task<string> Other() => DownloadAsync("x");

                    private static int Count(int k)
                    {
                        Thread.Sleep(1);
                        for (var CountAsync = 0; CountAsync < 1; CountAsync++)
                        {
                            k++;
                        }

                        return k;
                    }
                }
                """),
            new TestSource("Prices.cs", """
                using System.Threading;
                using System.Threading.Tasks;

                public class Prices
                {
                    public decimal Load(string symbol)
                    {
                        Thread.Sleep(1);
                        return 1m;
                    }
                }

                namespace Ext
                {
                    public static class PriceExtensions
                    {
                        public static Task<decimal> LoadAsync(this Prices prices, string symbol) => Task.FromResult(2m);
                    }
                }
                """),
            new TestSource("Controller.cs", """
                using Microsoft.AspNetCore.Mvc;

                public class QuotesController : ControllerBase
                {
                    public string Get(Client client, System.Uri uri) => {|BURST005:client.Download(uri)|};

                    public decimal Price(Prices prices) => {|BURST005:prices.Load("x")|};
                }
                """)),
        TestSource.Files(
            new TestSource("Client.cs", """
                using System.Threading;
                using System.Threading.Tasks;
                using static Helpers;

                public static class Helpers
                {
                    public static Task<string> DownloadAsync(string url) => Task.FromResult(url);
                }

                public class Client
                {
                    public async Task<string> Download(System.Uri uri)
                    {
                        await Task.Delay(1);
                        return uri.ToString() + await Count(1);
                    }

                    public Task<string> Other() => DownloadAsync("x");

                    private static async Task<int> Count(int k)
                    {
                        await Task.Delay(1);
                        for (var CountAsync = 0; CountAsync < 1; CountAsync++)
                        {
                            k++;
                        }

                        return k;
                    }
                }
                """),
            new TestSource("Prices.cs", """
                using System.Threading;
                using System.Threading.Tasks;

                public class Prices
                {
                    public async Task<decimal> Load(string symbol)
                    {
                        await Task.Delay(1);
                        return 1m;
                    }
                }

                namespace Ext
                {
                    public static class PriceExtensions
                    {
                        public static Task<decimal> LoadAsync(this Prices prices, string symbol) => Task.FromResult(2m);
                    }
                }
                """),
            new TestSource("Controller.cs", """
                using System.Threading.Tasks;
                using Microsoft.AspNetCore.Mvc;

                public class QuotesController : ControllerBase
                {
                    public async Task<string> Get(Client client, System.Uri uri) => await client.Download(uri);

                    public async Task<decimal> Price(Prices prices) => await prices.Load("x");
                }
                """)));

    /// <summary>Overloads keep their names (renamed one at a time, they would part ways); a function nothing calls
    /// keeps its name (something outside may call it by name).</summary>
    [Fact]
    public Task OverloadsAndUncalledFunctions_KeepTheirNames() => Verify.VerifyCodeFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public static class Legacy
        {
            public static int Foo(int x)
            {
                Thread.Sleep(1);
                return x;
            }

            public static int Foo(string s) => s.Length;

            public static void Nightly() => Foo(1);
        }

        public class LegacyController : ControllerBase
        {
            public int Get() => {|BURST005:Legacy.Foo(1)|};
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public static class Legacy
        {
            public static async Task<int> Foo(int x)
            {
                await Task.Delay(1);
                return x;
            }

            public static int Foo(string s) => s.Length;

            public static async Task Nightly() => await Foo(1);
        }

        public class LegacyController : ControllerBase
        {
            public async Task<int> Get() => await Legacy.Foo(1);
        }
        """);

    [Fact]
    public Task ThroughAnInterface_EveryBlockingCallOfItsImplementationIsConverted() => Verify.VerifyCodeFixAsync("""
        using System.IO;
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public interface IPrices { decimal Load(string symbol); }

        public class Prices : IPrices
        {
            public decimal Load(string symbol)
            {
                Thread.Sleep(1);
                return decimal.Parse(File.ReadAllText(symbol));
            }
        }

        public class QuotesController : ControllerBase
        {
            private readonly IPrices _prices;

            public QuotesController(IPrices prices) => _prices = prices;

            public decimal Get(string symbol) => {|BURST005:_prices.Load(symbol)|};
        }
        """, """
        using System.IO;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public interface IPrices { Task<decimal> Load(string symbol); }

        public class Prices : IPrices
        {
            public async Task<decimal> Load(string symbol)
            {
                await Task.Delay(1);
                return decimal.Parse(await File.ReadAllTextAsync(symbol));
            }
        }

        public class QuotesController : ControllerBase
        {
            private readonly IPrices _prices;

            public QuotesController(IPrices prices) => _prices = prices;

            public async Task<decimal> Get(string symbol) => await _prices.Load(symbol);
        }
        """);

    [Fact]
    public Task NoFix_WhenACallIsPatternBased() => Verify.VerifyNoFixAsync("""
        using System.Collections;
        using System.Collections.Generic;
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public class Bag : IEnumerable<int>
        {
            private readonly List<int> _items = new();

            public void Add(int item)
            {
                Thread.Sleep(1);
                _items.Add(item);
            }

            public IEnumerator<int> GetEnumerator() => _items.GetEnumerator();

            IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
        }

        public class BagController : ControllerBase
        {
            private static readonly Bag Seed = new() { 1, 2 };

            public void Post(Bag bag, int item) => {|BURST005:bag.Add(item)|};
        }
        """);

    [Fact]
    public Task NoFix_WhenACallerIsAnExpressionTree() => Verify.VerifyNoFixAsync("""
        using System;
        using System.Linq.Expressions;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public static class Numbers
        {
            public static int One()
            {
                Thread.Sleep(1);
                return 1;
            }

            public static readonly Expression<Func<Task<int>>> Tree = () => Task.FromResult(One());
        }

        public class NumbersController : ControllerBase
        {
            public int Get() => {|BURST005:Numbers.One()|};
        }
        """);

    [Fact]
    public Task NoFix_WhenADerivedClassImplementsAnInterfaceThroughTheMethod() => Verify.VerifyNoFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public interface IPrices { decimal Load(string symbol); }

        public class PricesBase
        {
            public decimal Load(string symbol)
            {
                Thread.Sleep(1);
                return 1m;
            }
        }

        public class Prices : PricesBase, IPrices { }

        public class QuotesController : ControllerBase
        {
            public decimal Get(Prices prices) => {|BURST005:prices.Load("x")|};
        }
        """);

    // Blogifier's shape: one generic repository implements the generic interface, and each entity's repository
    // implements a derived interface through the inherited method. The interface changes with the method, so every
    // construction stays implemented; both calls, through the derived interface and the base one, are awaited.
    [Fact]
    public Task ThroughAGenericRepository_ADerivedRepositoryImplementingTheSameInterfaceKeepsImplementingIt() => Verify.VerifyCodeFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public class Post { }

        public interface IRepository<TEntity> where TEntity : class
        {
            TEntity Single(int id);
        }

        public class Repository<TEntity> : IRepository<TEntity> where TEntity : class
        {
            public TEntity Single(int id)
            {
                Thread.Sleep(1);
                return null;
            }
        }

        public interface IPostRepository : IRepository<Post> { }

        public class PostRepository : Repository<Post>, IPostRepository { }

        public class PostsController : ControllerBase
        {
            private readonly IPostRepository _posts;
            private readonly IRepository<Post> _all;

            public PostsController(IPostRepository posts, IRepository<Post> all) => (_posts, _all) = (posts, all);

            public Post Get(int id) => {|BURST005:_posts.Single(id)|};

            public Post Any(int id) => {|BURST005:_all.Single(id)|};
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class Post { }

        public interface IRepository<TEntity> where TEntity : class
        {
            Task<TEntity> Single(int id);
        }

        public class Repository<TEntity> : IRepository<TEntity> where TEntity : class
        {
            public async Task<TEntity> Single(int id)
            {
                await Task.Delay(1);
                return null;
            }
        }

        public interface IPostRepository : IRepository<Post> { }

        public class PostRepository : Repository<Post>, IPostRepository { }

        public class PostsController : ControllerBase
        {
            private readonly IPostRepository _posts;
            private readonly IRepository<Post> _all;

            public PostsController(IPostRepository posts, IRepository<Post> all) => (_posts, _all) = (posts, all);

            public async Task<Post> Get(int id) => await _posts.Single(id);

            public async Task<Post> Any(int id) => await _all.Single(id);
        }
        """);

    // Blogifier's SettingsController: the POST action redirects with nameof(Index) to the GET action being converted.
    // nameof runs nothing and names the same method after the fix; a helper named in nameof keeps its name, as the
    // string would change with it.
    [Fact]
    public Task AMethodNamedInNameOf_IsConvertedAndKeepsItsName() => Verify.VerifyCodeFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public class SettingsController : Controller
        {
            public IActionResult Index() => View({|BURST005:Load()|});

            [HttpPost]
            public IActionResult Index(string title) => RedirectToAction(nameof(Index), new { from = nameof(Load) });

            private string Load()
            {
                Thread.Sleep(1);
                return "";
            }
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class SettingsController : Controller
        {
            public async Task<IActionResult> Index() => View(await Load());

            [HttpPost]
            public IActionResult Index(string title) => RedirectToAction(nameof(Index), new { from = nameof(Load) });

            private async Task<string> Load()
            {
                await Task.Delay(1);
                return "";
            }
        }
        """);

    // The derived repository implements another interface through the inherited method: that one is not changed.
    [Fact]
    public Task NoFix_WhenADerivedRepositoryImplementsAnotherInterfaceThroughTheMethod() => Verify.VerifyNoFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public class Post { }

        public interface IRepository<TEntity> where TEntity : class
        {
            TEntity Single(int id);
        }

        public interface IFinder<TEntity> where TEntity : class
        {
            TEntity Single(int id);
        }

        public class Repository<TEntity> : IRepository<TEntity> where TEntity : class
        {
            public TEntity Single(int id)
            {
                Thread.Sleep(1);
                return null;
            }
        }

        public class PostRepository : Repository<Post>, IFinder<Post> { }

        public class PostsController : ControllerBase
        {
            public Post Get(IRepository<Post> posts, int id) => {|BURST005:posts.Single(id)|};
        }
        """);

    [Fact]
    public Task NoFix_WhenAStartupMethodWouldStopReturningVoid() => Verify.VerifyNoFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Builder;
        using Microsoft.AspNetCore.Mvc;

        public static class Seeder
        {
            public static void Seed() => Thread.Sleep(1);
        }

        public class Startup
        {
            public void Configure(IApplicationBuilder app) => Seeder.Seed();
        }

        public class SeedController : ControllerBase
        {
            public void Post() => {|BURST005:Seeder.Seed()|};
        }
        """);

    [Fact]
    public Task NoFix_WhenADynamicCallMayNameTheMethod() => Verify.VerifyNoFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public class Numbers
        {
            public int One()
            {
                Thread.Sleep(1);
                return 1;
            }
        }

        public class NumbersController : ControllerBase
        {
            public int Get(Numbers numbers) => {|BURST005:numbers.One()|};

            public static int Late(object target)
            {
                dynamic d = target;
                return d.One();
            }
        }
        """);
}
