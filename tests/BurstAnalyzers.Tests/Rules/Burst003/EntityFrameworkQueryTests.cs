using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using Fix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.Rules.SyncIoFixer>;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst003;

/// <summary>
/// EF Core's async queries are extension methods in Microsoft.EntityFrameworkCore, but an EF query is one whatever the
/// file imports: a LINQ call over a DbSet is reported with or without the using, and the fix adds it. A LINQ call over
/// an in-memory queryable is not a query of the database. Against EF Core 10 itself.
/// </summary>
public class EntityFrameworkQueryTests
{
    private const string Model = """

        public class Item
        {
            public int Id { get; set; }

            public string Name { get; set; } = "";
        }

        public class ShopContext : Microsoft.EntityFrameworkCore.DbContext
        {
            public Microsoft.EntityFrameworkCore.DbSet<Item> Items => Set<Item>();
        }
        """;

    private const string Controller = """
        using System.Linq;
        using Microsoft.AspNetCore.Mvc;

        public class ItemsController : ControllerBase
        {
            private readonly ShopContext _db;

            public ItemsController(ShopContext db) => _db = db;

            public IActionResult Get(int id) => Ok({|BURST003:_db.Items.FirstOrDefault(i => i.Id == id)|});

            public IActionResult List(string name) => Ok({|BURST003:_db.Items.Where(i => i.Name == name).OrderBy(i => i.Id).ToList()|});

            public IActionResult InMemory(int[] ids) => Ok(ids.AsQueryable().Where(i => i > 0).ToList());
        }
        """ + Model;

    [Fact]
    public Task QueriesAreFoundWithTheUsing() => Verify.VerifyAnalyzerAsync(
        TestSource.Files("using Microsoft.EntityFrameworkCore;\n" + Controller), references: ReferenceSets.WithEntityFrameworkCore);

    [Fact]
    public Task QueriesAreFoundWithoutTheUsing() => Verify.VerifyAnalyzerAsync(
        TestSource.Files(Controller), references: ReferenceSets.WithEntityFrameworkCore);

    /// <summary>The fix awaits EF's counterpart and adds the using it needs; one at a time and through Fix All.</summary>
    [Fact]
    public async Task TheFixAddsTheUsing()
    {
        var test = new Fix.Test
        {
            TestCode = Controller,
            FixedCode = """
                using System.Linq;
                using System.Threading.Tasks;
                using Microsoft.AspNetCore.Mvc;
                using Microsoft.EntityFrameworkCore;

                public class ItemsController : ControllerBase
                {
                    private readonly ShopContext _db;

                    public ItemsController(ShopContext db) => _db = db;

                    public async Task<IActionResult> Get(int id) => Ok(await _db.Items.FirstOrDefaultAsync(i => i.Id == id));

                    public async Task<IActionResult> List(string name) => Ok(await _db.Items.Where(i => i.Name == name).OrderBy(i => i.Id).ToListAsync());

                    public IActionResult InMemory(int[] ids) => Ok(ids.AsQueryable().Where(i => i > 0).ToList());
                }
                """ + Model,
        };
        test.Project.References = ReferenceSets.WithEntityFrameworkCore;
        await test.RunAsync(CancellationToken.None);
    }
}
