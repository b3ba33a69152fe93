using System.Collections.Immutable;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using Fix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.CallChainAnalyzer, BurstAnalyzers.Rules.SyncIoFixer>;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.CallChainAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst003;

/// <summary>
/// Issue 35: "an action returning such a query is reported too: the formatter enumerates it synchronously". The output
/// formatters (System.Text.Json's, Newtonsoft's, minimal APIs' JSON writer) buffer an <c>IAsyncEnumerable</c>
/// asynchronously, and an EF Core query object is one, so returning the query itself blocks nothing (ASP.NET Core 10's
/// NewtonsoftJsonOutputFormatter.WriteResponseBodyAsync awaits its reader first). A sequence composed in memory on the
/// query (<c>Enumerable.OrderBy</c> over what a service hands out as <c>IEnumerable&lt;T&gt;</c>, AccountGo's
/// CommonController.Measurements) is enumerated synchronously by the serializer after the action returns, and the query
/// runs then, on the request thread: BURST003 at the value.
/// </summary>
public class SerializedQueryTests
{
    /// <summary>A service that hands out an EF Core query as <c>IEnumerable&lt;T&gt;</c>, and one that hands out memory
    /// (also <see cref="ViewModelQueryTests"/>'s).</summary>
    internal const string Data = """
        using System.Collections.Generic;
        using System.Linq;
        using Microsoft.EntityFrameworkCore;

        namespace Shop
        {
            public class News
            {
                public int Id { get; set; }

                public string Title { get; set; } = "";
            }

            public class ShopContext : DbContext
            {
                public DbSet<News> News => Set<News>();
            }

            public class NewsService
            {
                private readonly ShopContext _db;

                public NewsService(ShopContext db) => _db = db;

                public IEnumerable<News> GetNews() => _db.News.AsEnumerable();

                public IEnumerable<News> Recent() => new List<News>();
            }
        }
        """;

    private const string Instead = "await the query's ToListAsync() before composing it in memory, or return the query itself";

    [Fact]
    public Task ASequenceComposedInMemoryOnAQuery_IsReportedWhereTheResponseTakesIt() => Verify.VerifyAnalyzerAsync(
        ImmutableArray.Create(
            new TestSource("Data.cs", Data),
            new TestSource("NewsController.cs", """
                using System.Collections.Generic;
                using System.Linq;
                using Microsoft.AspNetCore.Mvc;

                namespace Shop
                {
                    public class NewsController : Controller
                    {
                        private readonly NewsService _service;

                        public NewsController(NewsService service) => _service = service;

                        public IActionResult Sorted() => new ObjectResult({|#0:_service.GetNews().OrderBy(n => n.Title)|});

                        public IActionResult Page() => View({|#6:_service.GetNews().OrderBy(n => n.Title)|});

                        public IActionResult Filtered() => Ok({|#1:_service.GetNews().Where(n => n.Id > 1)|});

                        public IEnumerable<string> Titles()
                        {
                            var titles = _service.GetNews().Select(n => n.Title);
                            return {|#2:titles|};
                        }

                        public object Boxed() => {|#3:_service.GetNews().Skip(1)|};

                        public IActionResult Query() => Ok(_service.GetNews());

                        public IActionResult Cast() => Ok(_service.GetNews().AsEnumerable());

                        public IActionResult Memory() => Ok(_service.Recent().OrderBy(n => n.Title));
                    }
                }
                """),
            new TestSource("Endpoints.cs", """
                using System.Linq;
                using Microsoft.AspNetCore.Builder;
                using Microsoft.AspNetCore.Http;
                using Microsoft.AspNetCore.Routing;

                namespace Shop
                {
                    public static class Endpoints
                    {
                        public static void Map(IEndpointRouteBuilder app)
                        {
                            app.MapGet("/news", (NewsService service) => {|#4:service.GetNews().OrderBy(n => n.Id)|});
                            app.MapGet("/query", (NewsService service) => service.GetNews());
                            app.MapGet("/ok", (NewsService service) => Results.Ok({|#5:service.GetNews().Where(n => n.Id > 0)|}));
                        }
                    }
                }
                """)),
        references: ReferenceSets.WithEntityFrameworkCore,
        expected: new[]
        {
            Verify.Diagnostic("BURST003").WithLocation(0).WithArguments("the response's serialization over the EF Core query from NewsService.GetNews", "NewsController.Sorted", Instead),
            Verify.Diagnostic("BURST003").WithLocation(1).WithArguments("the response's serialization over the EF Core query from NewsService.GetNews", "NewsController.Filtered", Instead),
            Verify.Diagnostic("BURST003").WithLocation(2).WithArguments("the response's serialization over the EF Core query from NewsService.GetNews", "NewsController.Titles", Instead),
            Verify.Diagnostic("BURST003").WithLocation(3).WithArguments("the response's serialization over the EF Core query from NewsService.GetNews", "NewsController.Boxed", Instead),
            Verify.Diagnostic("BURST003").WithLocation(4).WithArguments("the response's serialization over the EF Core query from NewsService.GetNews", "MapGet(\"/news\")", Instead),
            Verify.Diagnostic("BURST003").WithLocation(5).WithArguments("the response's serialization over the EF Core query from NewsService.GetNews", "MapGet(\"/ok\")", Instead),

            // A view renders its model, not a serializer (ViewModelQueryTests).
            Verify.Diagnostic("BURST003").WithLocation(6).WithArguments("the view's rendering over the EF Core query from NewsService.GetNews", "NewsController.Page", "await the query's ToListAsync() and hand the view the list"),
        });

    /// <summary>The fix reads the query asynchronously where it becomes LINQ to Objects, and leaves the in-memory
    /// operators on the list: the serializer then enumerates memory. Not through a local (read at its declaration, the
    /// query would miss what the handler writes before it returns), nor where an operator above the query stops early
    /// (<c>Take</c>): the list would read rows the serializer never read. Nor under <c>Reverse</c>: over the list it binds
    /// to <c>List&lt;T&gt;.Reverse()</c>, which returns nothing (the fix did not compile before the review of 2026-11-29).</summary>
    [Fact]
    public async Task TheFix_AwaitsTheQuerysToListAsyncUnderTheInMemoryOperators()
    {
        const string Controller = """
            using System.Collections.Generic;
            using System.Linq;
            using Microsoft.AspNetCore.Mvc;

            namespace Shop
            {
                public class NewsController : ControllerBase
                {
                    private readonly NewsService _service;

                    public NewsController(NewsService service) => _service = service;

                    public IActionResult Sorted() => new ObjectResult({|#0:_service.GetNews().OrderBy(n => n.Title)|});

                    public IEnumerable<string> Titles()
                    {
                        var titles = _service.GetNews().Where(n => n.Id > 1).Select(n => n.Title);
                        return {|#1:titles|};
                    }

                    public IActionResult FirstThree() => Ok({|#2:_service.GetNews().Take(3)|});

                    public IActionResult Reversed() => Ok({|#3:_service.GetNews().Reverse()|});
                }
            }
            """;
        var test = new Fix.Test();
        foreach (var state in new[] { test.TestState, test.FixedState })
        {
            state.Sources.Add(("/0/Data.cs", Data));
        }

        test.TestState.Sources.Add(("/0/NewsController.cs", Controller));
        test.FixedState.Sources.Add(("/0/NewsController.cs", """
            using System.Collections.Generic;
            using System.Linq;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;
            using Microsoft.EntityFrameworkCore;

            namespace Shop
            {
                public class NewsController : ControllerBase
                {
                    private readonly NewsService _service;

                    public NewsController(NewsService service) => _service = service;

                    public async Task<IActionResult> Sorted() => new ObjectResult((await _service.GetNews().AsQueryable().ToListAsync()).OrderBy(n => n.Title));

                    public IEnumerable<string> Titles()
                    {
                        var titles = _service.GetNews().Where(n => n.Id > 1).Select(n => n.Title);
                        return {|#0:titles|};
                    }

                    public IActionResult FirstThree() => Ok({|#1:_service.GetNews().Take(3)|});

                    public IActionResult Reversed() => Ok({|#2:_service.GetNews().Reverse()|});
                }
            }
            """));
        var expected = "the response's serialization over the EF Core query from NewsService.GetNews";
        test.TestState.ExpectedDiagnostics.Add(Fix.Diagnostic("BURST003").WithLocation(0).WithArguments(expected, "NewsController.Sorted", Instead));
        test.TestState.ExpectedDiagnostics.Add(Fix.Diagnostic("BURST003").WithLocation(1).WithArguments(expected, "NewsController.Titles", Instead));
        test.TestState.ExpectedDiagnostics.Add(Fix.Diagnostic("BURST003").WithLocation(2).WithArguments(expected, "NewsController.FirstThree", Instead));
        test.FixedState.ExpectedDiagnostics.Add(Fix.Diagnostic("BURST003").WithLocation(0).WithArguments(expected, "NewsController.Titles", Instead));
        test.FixedState.ExpectedDiagnostics.Add(Fix.Diagnostic("BURST003").WithLocation(1).WithArguments(expected, "NewsController.FirstThree", Instead));
        test.TestState.ExpectedDiagnostics.Add(Fix.Diagnostic("BURST003").WithLocation(3).WithArguments(expected, "NewsController.Reversed", Instead));
        test.FixedState.ExpectedDiagnostics.Add(Fix.Diagnostic("BURST003").WithLocation(2).WithArguments(expected, "NewsController.Reversed", Instead));
        test.Project.References = ReferenceSets.WithEntityFrameworkCore;
        await test.RunAsync(System.Threading.CancellationToken.None);
    }
}
