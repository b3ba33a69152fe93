using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;
using Fix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.CallChainAnalyzer, BurstAnalyzers.Rules.SyncIoFixer>;

namespace BurstAnalyzers.Tests.Rules.Burst003;

/// <summary>
/// Issue 35 ("after one Fix All pass, no finding is left that the fix could have converted"): a handler runs a query a
/// repository hands out (<c>repository.All().Count()</c>) in a file that does not import EF Core, so the call graph,
/// not the direct rule, reports it (PressCenters.com's StatsController, 16 such reports left after
/// <c>dotnet format</c>). The fix awaits EF Core's operator and adds the using, as for a query over a DbSet, but only
/// where every method the query can come from returns an EF Core query: EF Core's async operators throw on any other
/// <c>IQueryable</c> (an in-memory repository's <c>list.AsQueryable()</c>), so there the report keeps no fix.
/// </summary>
public class EnumeratedEntityQueryFixTests
{
    internal const string Data = """
        using System.Linq;
        using Microsoft.EntityFrameworkCore;

        namespace Shop.Data
        {
            public class News
            {
                public int Id { get; set; }

                public string Title { get; set; } = "";

                public bool IsDeleted { get; set; }
            }

            public class ShopContext : DbContext
            {
            }

            public interface IRepository<T> where T : class
            {
                IQueryable<T> All();
            }

            public class EfRepository<T> : IRepository<T> where T : class
            {
                private readonly ShopContext _context;

                public EfRepository(ShopContext context) => _context = context;

                public virtual IQueryable<T> All() => _context.Set<T>();
            }

            public class EfNewsRepository : EfRepository<News>
            {
                public EfNewsRepository(ShopContext context) : base(context)
                {
                }

                public override IQueryable<News> All() => base.All().Where(n => !n.IsDeleted);
            }
        }
        """;

    [Fact]
    public Task QueriesFromARepositoryOverEfCore_WithoutTheUsing_AwaitEfCoreOperatorsAndAddTheUsing() => Verify(
        Data,
        """
        using System.Linq;
        using Microsoft.AspNetCore.Mvc;
        using Shop.Data;

        public class NewsController : Controller
        {
            private readonly IRepository<News> _news;

            public NewsController(IRepository<News> news) => _news = news;

            public IActionResult Count()
            {
                var count = {|BURST003:_news.All().Count()|};
                return View(count);
            }

            public IActionResult Titles() => View({|BURST003:_news.All().Select(n => n.Title).ToList()|});
        }
        """,
        """
        using System.Linq;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.EntityFrameworkCore;
        using Shop.Data;

        public class NewsController : Controller
        {
            private readonly IRepository<News> _news;

            public NewsController(IRepository<News> news) => _news = news;

            public async Task<IActionResult> Count()
            {
                var count = await _news.All().CountAsync();
                return View(count);
            }

            public async Task<IActionResult> Titles() => View(await _news.All().Select(n => n.Title).ToListAsync());
        }
        """);

    /// <summary>StatsController.Index's shape: a list and counts in one action, all converted by one Fix All pass (and one
    /// at a time), the query first kept in a local.</summary>
    [Fact]
    public Task SeveralQueriesInOneAction_AreConvertedInOnePass() => Verify(
        Data,
        """
        using System;
        using System.Linq;
        using Microsoft.AspNetCore.Mvc;
        using Shop.Data;

        public class StatsController : Controller
        {
            private readonly IRepository<News> _news;

            public StatsController(IRepository<News> news) => _news = news;

            public IActionResult Index()
            {
                var ids = {|BURST003:_news.All().Select(n => n.Id).ToList()|};
                var all = _news.All();
                var count = {|BURST003:all.Count()|};
                var recent = {|BURST003:_news.All().Count(n => n.Id > 10)|};
                return View(Tuple.Create(ids, count, recent));
            }
        }
        """,
        """
        using System;
        using System.Linq;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.EntityFrameworkCore;
        using Shop.Data;

        public class StatsController : Controller
        {
            private readonly IRepository<News> _news;

            public StatsController(IRepository<News> news) => _news = news;

            public async Task<IActionResult> Index()
            {
                var ids = await _news.All().Select(n => n.Id).ToListAsync();
                var all = _news.All();
                var count = await all.CountAsync();
                var recent = await _news.All().CountAsync(n => n.Id > 10);
                return View(Tuple.Create(ids, count, recent));
            }
        }
        """);

    /// <summary>
    /// A query that can come from anything but EF Core: another implementation or an override over memory
    /// (<c>AsQueryable</c>), one that hands out a query it was given (a field), or one with no query to read (it throws).
    /// EF Core's CountAsync would throw there: no fix. (A <c>foreach</c> over the query: <see cref="ForEachOverEntityQueryFixTests"/>.)
    /// </summary>
    [Theory]
    [InlineData("public class OtherRepository<T> : IRepository<T> where T : class { private readonly System.Collections.Generic.List<T> _items = new(); public IQueryable<T> All() => _items.AsQueryable(); }", "return View({|BURST003:_news.All().Count()|});")]
    [InlineData("public class CachedNewsRepository : EfNewsRepository { public CachedNewsRepository(ShopContext context) : base(context) { } public override IQueryable<News> All() => new System.Collections.Generic.List<News>().AsQueryable(); }", "return View({|BURST003:_news.All().Count()|});")]
    [InlineData("public class OtherRepository<T> : IRepository<T> where T : class { private readonly IQueryable<T> _query = Enumerable.Empty<T>().AsQueryable(); public IQueryable<T> All() => _query; }", "return View({|BURST003:_news.All().Count()|});")]
    [InlineData("public class OtherRepository<T> : IRepository<T> where T : class { public IQueryable<T> All() => throw new System.NotSupportedException(); }", "return View({|BURST003:_news.All().Count()|});")]
    public Task AQueryThatMayNotBeEfCore_LeavesTheReportWithoutFix(string otherClass, string action)
    {
        var data = Data.Replace("    public class EfNewsRepository", "    " + otherClass + "\n\n    public class EfNewsRepository", System.StringComparison.Ordinal);
        var controller = """
            using System.Linq;
            using Microsoft.AspNetCore.Mvc;
            using Shop.Data;

            public class NewsController : Controller
            {
                private readonly IRepository<News> _news;

                public NewsController(IRepository<News> news) => _news = news;

                public IActionResult Count()
                {
                    ACTION
                }
            }
            """.Replace("ACTION", action, System.StringComparison.Ordinal);
        return Verify(data, controller, controller);
    }

    /// <summary>An implementation that builds its query step by step in a local, from <c>Set&lt;T&gt;()</c>: every value
    /// the local is given is an EF Core query, so the fix is offered.</summary>
    [Fact]
    public Task AnImplementationBuildingItsQueryInALocal_GetsTheFix() => Verify(
        Data.Replace(
            "public virtual IQueryable<T> All() => _context.Set<T>();",
            "public virtual IQueryable<T> All()\n        {\n            IQueryable<T> query = _context.Set<T>();\n            if (_context.ChangeTracker.AutoDetectChangesEnabled)\n            {\n                query = query.AsNoTracking();\n            }\n\n            return query;\n        }",
            System.StringComparison.Ordinal),
        """
        using System.Linq;
        using Microsoft.AspNetCore.Mvc;
        using Shop.Data;

        public class NewsController(IRepository<News> news) : Controller
        {
            public IActionResult Any() => View({|BURST003:news.All().Any()|});
        }
        """,
        """
        using System.Linq;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.EntityFrameworkCore;
        using Shop.Data;

        public class NewsController(IRepository<News> news) : Controller
        {
            public async Task<IActionResult> Any() => View(await news.All().AnyAsync());
        }
        """);

    /// <summary>A file that keeps its usings inside its namespace (StyleCop's <c>insideNamespace</c>, as PressCenters
    /// does) gets EF Core's there, in sorted place and indented like the others.</summary>
    [Fact]
    public Task UsingsInsideTheNamespace_GetEfCoreThere() => Verify(
        Data,
        """
        namespace Shop.Web
        {
            using System.Linq;
            using Microsoft.AspNetCore.Mvc;

            using Shop.Data;

            public class NewsController(IRepository<News> news) : Controller
            {
                public IActionResult Count() => View({|BURST003:news.All().Count()|});
            }
        }
        """,
        """
        namespace Shop.Web
        {
            using System.Linq;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;
            using Microsoft.EntityFrameworkCore;

            using Shop.Data;

            public class NewsController(IRepository<News> news) : Controller
            {
                public async Task<IActionResult> Count() => View(await news.All().CountAsync());
            }
        }
        """);

    /// <summary>
    /// PressCenters' layout: the repository interface in one project, its EF Core implementations in another, the web
    /// project referencing both (an editor or <c>dotnet format</c> on the solution): the implementations' source is
    /// read in their project.
    /// </summary>
    [Fact]
    public Task ARepositoryInterfaceAndItsEfCoreImplementationInOtherProjects_GetTheFix()
    {
        const string Common = """
            using System.Linq;

            namespace Shop.Common
            {
                public class News
                {
                    public int Id { get; set; }

                    public bool IsDeleted { get; set; }
                }

                public interface IRepository<T> where T : class
                {
                    IQueryable<T> All();
                }
            }
            """;
        const string Data = """
            using System.Linq;
            using Microsoft.EntityFrameworkCore;
            using Shop.Common;

            namespace Shop.Data
            {
                public class ShopContext : DbContext
                {
                }

                public class EfRepository<T> : IRepository<T> where T : class
                {
                    public EfRepository(ShopContext context) => DbSet = context.Set<T>();

                    protected DbSet<T> DbSet { get; set; }

                    public virtual IQueryable<T> All() => this.DbSet;
                }

                public class EfNewsRepository : EfRepository<News>
                {
                    public EfNewsRepository(ShopContext context) : base(context)
                    {
                    }

                    public override IQueryable<News> All() => base.All().Where(n => !n.IsDeleted);
                }
            }
            """;
        var test = new Fix.Test();
        foreach (var state in new[] { test.TestState, test.FixedState })
        {
            PackagedProject.AddTo(state, "Shop.Common", "Common.cs", Common, ReferenceSets.WithEntityFrameworkCore);
            PackagedProject.AddTo(state, "Shop.Data", "Data.cs", Data, ReferenceSets.WithEntityFrameworkCore).AdditionalProjectReferences.Add("Shop.Common");
        }

        test.TestState.Sources.Add(("/0/Controller.cs", """
            using System.Linq;
            using Microsoft.AspNetCore.Mvc;
            using Microsoft.Extensions.DependencyInjection;
            using Shop.Common;
            using Shop.Data;

            public static class Startup
            {
                public static void ConfigureServices(IServiceCollection services) => services.AddScoped(typeof(IRepository<>), typeof(EfRepository<>));
            }

            public class StatsController(IRepository<News> news) : Controller
            {
                public IActionResult Index() => View({|BURST003:news.All().Count()|});
            }
            """));
        test.FixedState.Sources.Add(("/0/Controller.cs", """
            using System.Linq;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;
            using Microsoft.EntityFrameworkCore;
            using Microsoft.Extensions.DependencyInjection;
            using Shop.Common;
            using Shop.Data;

            public static class Startup
            {
                public static void ConfigureServices(IServiceCollection services) => services.AddScoped(typeof(IRepository<>), typeof(EfRepository<>));
            }

            public class StatsController(IRepository<News> news) : Controller
            {
                public async Task<IActionResult> Index() => View(await news.All().CountAsync());
            }
            """));
        test.Project.References = ReferenceSets.WithEntityFrameworkCore;
        test.OtherAnalyzers.Add(new BurstAnalyzers.Rules.BlockingCallAnalyzer());
        test.MarkupOptions = Microsoft.CodeAnalysis.Testing.MarkupOptions.UseFirstDescriptor;
        return test.RunAsync(CancellationToken.None);
    }

    private static Task Verify(string data, string controller, string fixedController)
    {
        var test = new Fix.Test();
        test.TestState.Sources.Add(("/0/Data.cs", data));
        test.TestState.Sources.Add(("/0/Controller.cs", controller));
        test.FixedState.Sources.Add(("/0/Data.cs", data));
        test.FixedState.Sources.Add(("/0/Controller.cs", fixedController));
        test.Project.References = ReferenceSets.WithEntityFrameworkCore;

        // Once one fix has added the using, the direct rule reports the handler's other queries: one at a time, the
        // fixes go on with those.
        test.OtherAnalyzers.Add(new BurstAnalyzers.Rules.BlockingCallAnalyzer());
        test.MarkupOptions = Microsoft.CodeAnalysis.Testing.MarkupOptions.UseFirstDescriptor;
        return test.RunAsync(CancellationToken.None);
    }
}
