using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Rules.Burst003;
using Xunit;
using Fix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.CallChainAnalyzer, BurstAnalyzers.Rules.CallChainFixer>;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>
/// A chain that ends in a query a service runs (<c>NewsService.Count</c>: <c>repository.All().Count()</c> in a file that
/// does not import EF Core; PressCenters.com's HomeController.Services) gets the chain fix with EF Core's operator, as
/// BURST003's own fix does for the handler's query, and on the same proof: every implementation the query can come from
/// returns an EF Core query (<see cref="EnumeratedEntityQueryFixTests"/>).
/// </summary>
public class ChainIntoEntityQueryFixerTests
{
    private const string Service = """
        using System.Linq;
        using Shop.Data;

        namespace Shop.Services
        {
            public class NewsService
            {
                private readonly IRepository<News> _news;

                public NewsService(IRepository<News> news) => _news = news;

                public int Count() => _news.All().Count();
            }
        }
        """;

    private const string Controller = """
        using Microsoft.AspNetCore.Mvc;
        using Shop.Services;

        public class HomeController : Controller
        {
            private readonly NewsService _service;

            public HomeController(NewsService service) => _service = service;

            public IActionResult Index() => View({|BURST005:_service.Count()|});
        }
        """;

    private const string AwaitingController = """
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;
        using Shop.Services;

        public class HomeController : Controller
        {
            private readonly NewsService _service;

            public HomeController(NewsService service) => _service = service;

            public async Task<IActionResult> Index() => View(await _service.CountAsync());
        }
        """;

    // NewsService.Count as a loop over the repository's query.
    private const string CountOverLoop = """
        public int Count()
                {
                    var count = 0;
                    foreach (var news in _news.All())
                    {
                        count += news.Id;
                    }

                    return count;
                }
        """;

    [Fact]
    public Task AChainEndingInARepositorysQuery_AwaitsEfCoresOperatorAndAddsTheUsing() => Verify(
        EnumeratedEntityQueryFixTests.Data,
        """
        using System.Linq;
        using System.Threading.Tasks;
        using Microsoft.EntityFrameworkCore;
        using Shop.Data;

        namespace Shop.Services
        {
            public class NewsService
            {
                private readonly IRepository<News> _news;

                public NewsService(IRepository<News> news) => _news = news;

                public async Task<int> CountAsync() => await _news.All().CountAsync();
            }
        }
        """,
        AwaitingController);

    /// <summary>A chain ending in a service's loop over a repository's query: the loop becomes <c>await foreach</c> over
    /// EF Core's <c>AsAsyncEnumerable()</c>, the service method async, the handler awaits it.</summary>
    [Fact]
    public Task AChainEndingInALoopOverARepositorysQuery_BecomesAwaitForeach() => Verify(
        EnumeratedEntityQueryFixTests.Data,
        ServiceWithCount(CountOverLoop),
        """
        using System.Linq;
        using System.Threading.Tasks;
        using Microsoft.EntityFrameworkCore;
        using Shop.Data;

        namespace Shop.Services
        {
            public class NewsService
            {
                private readonly IRepository<News> _news;

                public NewsService(IRepository<News> news) => _news = news;

                public async Task<int> CountAsync()
                {
                    var count = 0;
                    await foreach (var news in _news.All().AsAsyncEnumerable())
                    {
                        count += news.Id;
                    }

                    return count;
                }
            }
        }
        """,
        AwaitingController);

    /// <summary>The same loop where CA2007 is on: the service is not a handler, so the loop's sequence takes
    /// <c>.ConfigureAwait(false)</c>, an extension of System.Threading.Tasks whose using the file then has.</summary>
    [Fact]
    public Task AChainEndingInALoop_UnderCa2007_ConfiguresTheAsyncSequence() => Verify(
        EnumeratedEntityQueryFixTests.Data,
        ServiceWithCount(CountOverLoop),
        """
        using System.Linq;
        using System.Threading.Tasks;
        using Microsoft.EntityFrameworkCore;
        using Shop.Data;

        namespace Shop.Services
        {
            public class NewsService
            {
                private readonly IRepository<News> _news;

                public NewsService(IRepository<News> news) => _news = news;

                public async Task<int> CountAsync()
                {
                    var count = 0;
                    await foreach (var news in _news.All().AsAsyncEnumerable().ConfigureAwait(false))
                    {
                        count += news.Id;
                    }

                    return count;
                }
            }
        }
        """,
        Controller,
        AwaitingController,
        globalConfig: "is_global = true\ndotnet_diagnostic.CA2007.severity = warning\n");

    /// <summary>A loop at the chain's end over a query that may not be EF Core's object (another implementation hands out
    /// memory): no async fix, not the twin of the call that hands the sequence out.</summary>
    [Fact]
    public Task AChainEndingInALoopOverAQueryThatMayBeMemory_GetsNoAsyncFix()
    {
        var service = ServiceWithCount(CountOverLoop + """


                    public System.Threading.Tasks.Task<int> AllAsync() => System.Threading.Tasks.Task.FromResult(0);
            """);
        var data = EnumeratedEntityQueryFixTests.Data.Replace(
            "    public class EfNewsRepository",
            "    public class MemoryRepository<T> : IRepository<T> where T : class { public IQueryable<T> All() => new System.Collections.Generic.List<T>().AsQueryable(); }\n\n    public class EfNewsRepository",
            System.StringComparison.Ordinal);
        return Verify(data, service, service, Controller, Controller);
    }

    /// <summary>A blocking call of its own used as a loop's sequence, behind the chain's end (File.ReadAllLines after a
    /// Thread.Sleep): the loop is not a query's, and the call takes its async counterpart with the rest.</summary>
    [Fact]
    public Task ABlockingCallUsedAsALoopsSequence_TakesItsCounterpartInTheChainFix() => Verify(
        EnumeratedEntityQueryFixTests.Data,
        ServiceWithCount(
            """
            public int Count()
                    {
                        System.Threading.Thread.Sleep(1);
                        var count = 0;
                        foreach (var line in System.IO.File.ReadAllLines("news.txt"))
                        {
                            count += line.Length;
                        }

                        return count;
                    }
            """),
        """
        using System.Linq;
        using System.Threading.Tasks;
        using Shop.Data;

        namespace Shop.Services
        {
            public class NewsService
            {
                private readonly IRepository<News> _news;

                public NewsService(IRepository<News> news) => _news = news;

                public async Task<int> CountAsync()
                {
                    await Task.Delay(1);
                    var count = 0;
                    foreach (var line in await System.IO.File.ReadAllLinesAsync("news.txt"))
                    {
                        count += line.Length;
                    }

                    return count;
                }
            }
        }
        """,
        AwaitingController);

    /// <summary>Another implementation hands out a query over memory, on which EF Core's operators throw: no fix.</summary>
    [Fact]
    public Task AnImplementationOverMemory_LeavesTheChainWithoutFix()
    {
        var data = EnumeratedEntityQueryFixTests.Data.Replace(
            "    public class EfNewsRepository",
            """
                public class MemoryRepository<T> : IRepository<T> where T : class
                {
                    private readonly System.Collections.Generic.List<T> _items = new();

                    public IQueryable<T> All() => _items.AsQueryable();
                }

                public class EfNewsRepository
            """.Replace("\r", string.Empty),
            System.StringComparison.Ordinal);
        return Verify(data, Service, Controller);
    }

    /// <summary>NewsService with its Count method replaced.</summary>
    private static string ServiceWithCount(string count) => Service.Replace("public int Count() => _news.All().Count();", count, System.StringComparison.Ordinal);

    private static Task Verify(string data, string fixedService, string fixedController) => Verify(data, Service, fixedService, Controller, fixedController);

    private static Task Verify(string data, string service, string fixedService, string fixedController) => Verify(data, service, fixedService, Controller, fixedController);

    private static Task Verify(string data, string service, string fixedService, string controller, string fixedController, string? globalConfig = null)
    {
        var test = new Fix.Test();
        test.TestState.Sources.Add(("/0/Data.cs", data));
        test.TestState.Sources.Add(("/0/Service.cs", service));
        test.TestState.Sources.Add(("/0/Controller.cs", controller));
        test.FixedState.Sources.Add(("/0/Data.cs", data));
        test.FixedState.Sources.Add(("/0/Service.cs", fixedService));
        test.FixedState.Sources.Add(("/0/Controller.cs", fixedController));
        if (globalConfig is not null)
        {
            test.TestState.AnalyzerConfigFiles.Add(("/.globalconfig", globalConfig));
            test.FixedState.AnalyzerConfigFiles.Add(("/.globalconfig", globalConfig));
        }

        test.Project.References = ReferenceSets.WithEntityFrameworkCore;
        test.MarkupOptions = Microsoft.CodeAnalysis.Testing.MarkupOptions.UseFirstDescriptor;
        return test.RunAsync(CancellationToken.None);
    }
}
