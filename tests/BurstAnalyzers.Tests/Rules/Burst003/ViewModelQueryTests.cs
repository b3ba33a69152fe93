using System.Collections.Immutable;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using Fix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.CallChainAnalyzer, BurstAnalyzers.Rules.SyncIoFixer>;
using OffloadFix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.CallChainAnalyzer, BurstAnalyzers.CodeFixes.Offload.OffloadFixer>;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.CallChainAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst003;

/// <summary>
/// Issue 35's views and deferred queries together: an action hands a view an EF Core query as its model
/// (<c>return View(_db.News.Where(…))</c>), the view renders after the action returns and its <c>@foreach (var item in
/// Model)</c> runs the query synchronously, on the request thread. BURST003 at the model. The async fix only where the
/// model's type stays as it is (a sequence composed in memory on the query: the list is read under the in-memory
/// operators, as for a serialized response); handing the view a list instead of the query would change the model's type,
/// which a view typed <c>@model IQueryable&lt;News&gt;</c> rejects at run time. No offload fix: the view renders after
/// the offloaded action.
/// </summary>
public class ViewModelQueryTests
{
    private const string Data = SerializedQueryTests.Data;

    private const string Instead = "await the query's ToListAsync() and hand the view the list";

    [Fact]
    public Task AQueryHandedToAView_IsReportedAtTheModel() => Verify.VerifyAnalyzerAsync(
        ImmutableArray.Create(
            new TestSource("Data.cs", Data),
            new TestSource("NewsController.cs", """
                using System.Linq;
                using System.Threading.Tasks;
                using Microsoft.AspNetCore.Mvc;
                using Microsoft.EntityFrameworkCore;

                namespace Shop
                {
                    public class NewsController : Controller
                    {
                        private readonly ShopContext _db;
                        private readonly NewsService _service;

                        public NewsController(ShopContext db, NewsService service) => (_db, _service) = (db, service);

                        public IActionResult Index() => View({|#0:_db.News|});

                        public IActionResult Named() => View("Index", {|#1:_db.News.Where(n => n.Id > 1)|});

                        public IActionResult Partial() => PartialView({|#2:_service.GetNews().OrderBy(n => n.Title)|});

                        public async Task<IActionResult> Listed() => View(await _db.News.ToListAsync());

                        public IActionResult Memory() => View(_service.Recent().OrderBy(n => n.Title));

                        public IActionResult NoModel() => View("Index");

                        public IActionResult Single() => View(new News());
                    }

                    public abstract class SiteController : Controller
                    {
                        public override ViewResult View(string? viewName, object? model) => base.View(viewName, model);
                    }

                    public class ArchiveController : SiteController
                    {
                        private readonly ShopContext _db;

                        public ArchiveController(ShopContext db) => _db = db;

                        public IActionResult Index() => View("Archive", {|#4:_db.News|});
                    }

                    public class Report
                    {
                        public string View(object model) => model.ToString() ?? "";
                    }

                    public class ReportController : Controller
                    {
                        private readonly ShopContext _db;

                        public ReportController(ShopContext db) => _db = db;

                        public string Print() => new Report().View(_db.News);
                    }

                    public class LatestNews : ViewComponent
                    {
                        private readonly ShopContext _db;

                        public LatestNews(ShopContext db) => _db = db;

                        public IViewComponentResult Invoke() => View({|#3:_db.News.OrderBy(n => n.Id).Take(5)|});
                    }
                }
                """)),
        references: ReferenceSets.WithEntityFrameworkCore,
        expected: new[]
        {
            Verify.Diagnostic("BURST003").WithLocation(0).WithArguments("the view's rendering over an EF Core query", "NewsController.Index", Instead),
            Verify.Diagnostic("BURST003").WithLocation(1).WithArguments("the view's rendering over an EF Core query", "NewsController.Named", Instead),
            Verify.Diagnostic("BURST003").WithLocation(2).WithArguments("the view's rendering over the EF Core query from NewsService.GetNews", "NewsController.Partial", Instead),
            Verify.Diagnostic("BURST003").WithLocation(3).WithArguments("the view's rendering over an EF Core query", "LatestNews.Invoke", Instead),
            Verify.Diagnostic("BURST003").WithLocation(4).WithArguments("the view's rendering over an EF Core query", "ArchiveController.Index", Instead),
        });

    /// <summary>The fix reads the query under the in-memory operators, so the view's model keeps its type; the query
    /// handed over as it is gets none, nor through <c>AsEnumerable</c>, which hands out the query object itself.</summary>
    [Fact]
    public async Task TheFix_KeepsTheModelsType()
    {
        var test = new Fix.Test();
        foreach (var state in new[] { test.TestState, test.FixedState })
        {
            state.Sources.Add(("/0/Data.cs", Data));
        }

        test.TestState.Sources.Add(("/0/NewsController.cs", """
            using System.Linq;
            using Microsoft.AspNetCore.Mvc;

            namespace Shop
            {
                public class NewsController : Controller
                {
                    private readonly ShopContext _db;
                    private readonly NewsService _service;

                    public NewsController(ShopContext db, NewsService service) => (_db, _service) = (db, service);

                    public IActionResult Sorted() => View({|#0:_service.GetNews().OrderBy(n => n.Title)|});

                    public IActionResult Index() => View({|#1:_db.News.Where(n => n.Id > 1)|});

                    public IActionResult Whole() => View({|#2:_service.GetNews().AsEnumerable()|});
                }
            }
            """));
        test.FixedState.Sources.Add(("/0/NewsController.cs", """
            using System.Linq;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;
            using Microsoft.EntityFrameworkCore;

            namespace Shop
            {
                public class NewsController : Controller
                {
                    private readonly ShopContext _db;
                    private readonly NewsService _service;

                    public NewsController(ShopContext db, NewsService service) => (_db, _service) = (db, service);

                    public async Task<IActionResult> Sorted() => View((await _service.GetNews().AsQueryable().ToListAsync()).OrderBy(n => n.Title));

                    public IActionResult Index() => View({|#0:_db.News.Where(n => n.Id > 1)|});

                    public IActionResult Whole() => View({|#1:_service.GetNews().AsEnumerable()|});
                }
            }
            """));
        test.TestState.ExpectedDiagnostics.Add(Fix.Diagnostic("BURST003").WithLocation(0).WithArguments("the view's rendering over the EF Core query from NewsService.GetNews", "NewsController.Sorted", Instead));
        test.TestState.ExpectedDiagnostics.Add(Fix.Diagnostic("BURST003").WithLocation(1).WithArguments("the view's rendering over an EF Core query", "NewsController.Index", Instead));
        test.TestState.ExpectedDiagnostics.Add(Fix.Diagnostic("BURST003").WithLocation(2).WithArguments("the view's rendering over the EF Core query from NewsService.GetNews", "NewsController.Whole", Instead));
        test.FixedState.ExpectedDiagnostics.Add(Fix.Diagnostic("BURST003").WithLocation(0).WithArguments("the view's rendering over an EF Core query", "NewsController.Index", Instead));
        test.FixedState.ExpectedDiagnostics.Add(Fix.Diagnostic("BURST003").WithLocation(1).WithArguments("the view's rendering over the EF Core query from NewsService.GetNews", "NewsController.Whole", Instead));
        test.Project.References = ReferenceSets.WithEntityFrameworkCore;
        await test.RunAsync(System.Threading.CancellationToken.None);
    }

    /// <summary>The offload runtime moves the action, not the view's rendering: no [OffloadBlocking] fix, though the
    /// package is referenced.</summary>
    [Fact]
    public async Task NoOffloadFix()
    {
        var test = new OffloadFix.Test();
        foreach (var state in new[] { test.TestState, test.FixedState })
        {
            state.Sources.Add(("/0/Data.cs", Data));
            state.Sources.Add(("/0/Offload.cs", """
                namespace BurstAnalyzers.Offload
                {
                    [System.AttributeUsage(System.AttributeTargets.Class | System.AttributeTargets.Method)]
                    public sealed class OffloadBlockingAttribute : System.Attribute { }
                }
                """));
            state.Sources.Add(("/0/NewsController.cs", """
                using System.Linq;
                using Microsoft.AspNetCore.Mvc;

                namespace Shop
                {
                    public class NewsController : Controller
                    {
                        private readonly ShopContext _db;

                        public NewsController(ShopContext db) => _db = db;

                        public IActionResult Index() => View({|BURST003:_db.News.Where(n => n.Id > 1)|});
                    }
                }
                """));
        }

        test.Project.References = ReferenceSets.WithEntityFrameworkCore;
        await test.RunAsync(System.Threading.CancellationToken.None);
    }
}
