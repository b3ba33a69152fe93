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
