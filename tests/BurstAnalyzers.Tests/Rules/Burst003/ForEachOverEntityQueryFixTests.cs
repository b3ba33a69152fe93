using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;
using Fix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.CallChainAnalyzer, BurstAnalyzers.Rules.SyncIoFixer>;

namespace BurstAnalyzers.Tests.Rules.Burst003;

/// <summary>
/// Issue 35 ("after one Fix All pass, no finding is left that the fix could have converted"): AccountGo's controllers
/// loop over what a service hands out, <c>repository.GetAllIncluding(...).AsEnumerable()</c> typed
/// <c>IEnumerable&lt;T&gt;</c> (24 of the 110 reports left after one pass). The loop becomes <c>await foreach</c> over
/// EF Core's <c>AsAsyncEnumerable()</c>, through <c>AsQueryable()</c> where the sequence is typed
/// <c>IEnumerable&lt;T&gt;</c>: that hands out the EF Core query the sequence is. Only where the sequence is the EF
/// Core query object wherever it comes from: <c>AsAsyncEnumerable</c> throws on anything else, and an
/// <c>Enumerable.Where</c> on the way (an in-memory filter over the query) makes anything else.
/// </summary>
public class ForEachOverEntityQueryFixTests
{
    private const string Service = """
        using System.Collections.Generic;
        using System.Linq;

        namespace Shop.Services
        {
            using Shop.Data;

            public interface INewsService
            {
                IEnumerable<News> GetNews();
            }

            public class NewsService : INewsService
            {
                private readonly IRepository<News> _news;

                public NewsService(IRepository<News> news) => _news = news;

                public IEnumerable<News> GetNews()
                {
                    var news = _news.All().AsEnumerable();
                    return news;
                }
            }
        }
        """;

    private const string Controller = """
        using System.Collections.Generic;
        using System.Linq;
        using Microsoft.AspNetCore.Mvc;
        using Shop.Data;
        using Shop.Services;

        public class NewsController : Controller
        {
            private readonly INewsService _service;
            private readonly IRepository<News> _news;

            public NewsController(INewsService service, IRepository<News> news)
            {
                _service = service;
                _news = news;
            }

            public IActionResult Titles()
            {
                var titles = new List<string>();
                var news = _service.GetNews();
                foreach (var item in {|BURST003:news|})
                {
                    titles.Add(item.Title);
                }

                return View(titles);
            }

            public IActionResult Sum()
            {
                var sum = 0;
                foreach (var item in {|BURST003:_news.All()|})
                    sum += item.Id;

                return View(sum);
            }
        }
        """;

    [Fact]
    public Task AForeachOverAServicesEnumerableOfAnEfCoreQuery_BecomesAwaitForeach() => Verify(
        Service,
        Controller,
        """
        using System.Collections.Generic;
        using System.Linq;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.EntityFrameworkCore;
        using Shop.Data;
        using Shop.Services;

        public class NewsController : Controller
        {
            private readonly INewsService _service;
            private readonly IRepository<News> _news;

            public NewsController(INewsService service, IRepository<News> news)
            {
                _service = service;
                _news = news;
            }

            public async Task<IActionResult> Titles()
            {
                var titles = new List<string>();
                var news = _service.GetNews();
                await foreach (var item in news.AsQueryable().AsAsyncEnumerable())
                {
                    titles.Add(item.Title);
                }

                return View(titles);
            }

            public async Task<IActionResult> Sum()
            {
                var sum = 0;
                await foreach (var item in _news.All().AsAsyncEnumerable())
                    sum += item.Id;

                return View(sum);
            }
        }
        """);

    /// <summary>What the service hands out is not the query object: filtered in memory (<c>Enumerable.Where</c> after
    /// <c>AsEnumerable</c>), or, from another implementation of the service, a list. No fix: the report stays.</summary>
    [Theory]
    [InlineData("var news = _news.All().AsEnumerable().Where(n => !n.IsDeleted);", "")]
    [InlineData("var news = _news.All().AsEnumerable();", "public class CachedNewsService : INewsService { public IEnumerable<News> GetNews() => new List<News>(); }")]
    public Task ASequenceThatMayNotBeTheQueryObject_LeavesTheLoopWithoutFix(string body, string otherService)
    {
        var service = Service
            .Replace("var news = _news.All().AsEnumerable();", body, System.StringComparison.Ordinal)
            .Replace("    public class NewsService", "    " + otherService + "\n\n    public class NewsService", System.StringComparison.Ordinal);
        var controller = """
            using System.Collections.Generic;
            using Microsoft.AspNetCore.Mvc;
            using Shop.Services;

            public class NewsController : Controller
            {
                private readonly INewsService _service;

                public NewsController(INewsService service) => _service = service;

                public IActionResult Titles()
                {
                    var titles = new List<string>();
                    foreach (var item in {|BURST003:_service.GetNews()|})
                    {
                        titles.Add(item.Title);
                    }

                    return View(titles);
                }
            }
            """;
        return Verify(service, controller, controller);
    }

    private static Task Verify(string service, string controller, string fixedController)
    {
        var test = new Fix.Test();
        foreach (var state in new[] { test.TestState, test.FixedState })
        {
            state.Sources.Add(("/0/Data.cs", EnumeratedEntityQueryFixTests.Data));
            state.Sources.Add(("/0/Service.cs", service));
        }

        test.TestState.Sources.Add(("/0/Controller.cs", controller));
        test.FixedState.Sources.Add(("/0/Controller.cs", fixedController));
        test.Project.References = ReferenceSets.WithEntityFrameworkCore;
        test.OtherAnalyzers.Add(new BurstAnalyzers.Rules.BlockingCallAnalyzer());
        test.MarkupOptions = Microsoft.CodeAnalysis.Testing.MarkupOptions.UseFirstDescriptor;
        return test.RunAsync(CancellationToken.None);
    }
}
