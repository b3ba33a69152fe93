using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.CallChainAnalyzer, BurstAnalyzers.Rules.CallChainFixer>;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>
/// The chain fix converts every blocking call behind the handler's call or none (issue 35), in the handler's project as
/// through another one: where the report counts a blocking call the fix's walk does not see (an EF Core query
/// enumerated by a foreach), converting the others would leave the handler's call blocking, so no fix is offered
/// (blogifier's AssetsController.Upload → SaveFile, converted in part before).
/// </summary>
public class ChainAllOrNoneFixerTests
{
    private const string Model = """

        public class Item
        {
            public int Id { get; set; }
        }

        public class ShopContext : DbContext
        {
            public DbSet<Item> Items => Set<Item>();
        }
        """;

    [Fact]
    public async Task ABlockingCallTheWalkDoesNotSee_NoFix()
    {
        const string Code = """
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;
            using Microsoft.EntityFrameworkCore;

            public class Stock
            {
                private readonly ShopContext _db;

                public Stock(ShopContext db) => _db = db;

                public int Count()
                {
                    Thread.Sleep(1);
                    var count = 0;
                    foreach (var item in _db.Items)
                    {
                        count++;
                    }

                    return count;
                }
            }

            public class StockController : ControllerBase
            {
                private readonly Stock _stock;

                public StockController(Stock stock) => _stock = stock;

                public int Get() => [|_stock.Count()|];
            }
            """ + Model;
        var test = new Verify.Test { TestCode = Code, FixedCode = Code };
        test.Project.References = ReferenceSets.WithEntityFrameworkCore;
        await test.RunAsync(CancellationToken.None);
    }

    /// <summary>The same method with both blocking calls seen by the walk: both are converted, in one fix.</summary>
    [Fact]
    public async Task EveryBlockingCallSeen_AllAreConverted()
    {
        var test = new Verify.Test
        {
            TestCode = """
                using System.Linq;
                using System.Threading;
                using Microsoft.AspNetCore.Mvc;
                using Microsoft.EntityFrameworkCore;

                public class Stock
                {
                    private readonly ShopContext _db;

                    public Stock(ShopContext db) => _db = db;

                    public int Count()
                    {
                        Thread.Sleep(1);
                        return _db.Items.Count();
                    }
                }

                public class StockController : ControllerBase
                {
                    private readonly Stock _stock;

                    public StockController(Stock stock) => _stock = stock;

                    public int Get() => [|_stock.Count()|];
                }
                """ + Model,
            FixedCode = """
                using System.Linq;
                using System.Threading;
                using System.Threading.Tasks;
                using Microsoft.AspNetCore.Mvc;
                using Microsoft.EntityFrameworkCore;

                public class Stock
                {
                    private readonly ShopContext _db;

                    public Stock(ShopContext db) => _db = db;

                    public async Task<int> CountAsync()
                    {
                        await Task.Delay(1);
                        return await _db.Items.CountAsync();
                    }
                }

                public class StockController : ControllerBase
                {
                    private readonly Stock _stock;

                    public StockController(Stock stock) => _stock = stock;

                    public async Task<int> Get() => await _stock.CountAsync();
                }
                """ + Model,
        };
        test.Project.References = ReferenceSets.WithEntityFrameworkCore;
        await test.RunAsync(CancellationToken.None);
    }
}
