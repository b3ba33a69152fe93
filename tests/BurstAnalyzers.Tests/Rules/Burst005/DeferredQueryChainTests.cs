using System.Collections.Immutable;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using Fix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.CallChainAnalyzer, BurstAnalyzers.Rules.SyncIoFixer>;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.CallChainAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>
/// Queries that run somewhere else (issue 35): a repository hands out an EF Core query — typed <c>IQueryable</c>, or
/// <c>IEnumerable</c> — and a service runs it in another method, in a file that does not import EF Core, by
/// <c>FirstOrDefault()</c>, <c>ToList()</c>, <c>foreach</c> or a new list. The chain ends where the query runs, named
/// with where it came from. Quiet where the value is in memory (a list, <c>AsQueryable</c> over one, a parameter the
/// service cannot trace) or where nothing enumerates it.
/// </summary>
public class DeferredQueryChainTests
{
    private const string Data = """
        using System.Collections.Generic;
        using System.Linq;
        using Microsoft.EntityFrameworkCore;

        namespace Shop.Data
        {
            public class Order
            {
                public int Id { get; set; }

                public bool Open { get; set; }
            }

            public class ShopContext : DbContext
            {
                public DbSet<Order> Orders => Set<Order>();
            }

            public interface IRepository<T>
            {
                IQueryable<T> Table { get; }
            }

            public class EfRepository<T> : IRepository<T> where T : class
            {
                private readonly ShopContext _context;

                public EfRepository(ShopContext context) => _context = context;

                public virtual IQueryable<T> Table => _context.Set<T>();

                public IQueryable<T> Including(params string[] paths)
                {
                    IQueryable<T> query = _context.Set<T>();
                    foreach (var path in paths)
                    {
                        query = query.Include(path);
                    }

                    return query;
                }
            }

            public class CachedOrders
            {
                private readonly List<Order> _orders = new();

                public IQueryable<Order> Table => _orders.AsQueryable();
            }
        }
        """;

    private static ImmutableArray<TestSource> Sources(string services, string controller)
        => ImmutableArray.Create(new TestSource("Data.cs", Data), new TestSource("Services.cs", services), new TestSource("Controller.cs", controller));

    [Fact]
    public Task AQueryHandedOutAndRunElsewhere_EndsTheChainWhereItRuns() => Verify.VerifyAnalyzerAsync(
        Sources(
            """
            using System.Collections.Generic;
            using System.Linq;
            using Shop.Data;

            namespace Shop.Services
            {
                public class OrderService
                {
                    private readonly IRepository<Order> _orders;
                    private readonly EfRepository<Order> _repository;
                    private readonly CachedOrders _cache;

                    public OrderService(IRepository<Order> orders, EfRepository<Order> repository, CachedOrders cache)
                    {
                        _orders = orders;
                        _repository = repository;
                        _cache = cache;
                    }

                    public Order? Find(int id) => {|#3:_orders.Table.Where(o => o.Id == id).FirstOrDefault()|};

                    public IEnumerable<Order> OpenOrders() => _repository.Including("Lines").Where(o => o.Open);

                    public int CountOpen()
                    {
                        var count = 0;
                        foreach (var order in {|#4:OpenOrders()|})
                        {
                            count++;
                        }

                        return count;
                    }

                    public List<Order> Copy() => {|#5:new List<Order>(from o in _orders.Table where o.Open select o)|};

                    public Order? Cached(int id) => _cache.Table.FirstOrDefault(o => o.Id == id);

                    public IEnumerable<Order> Handed() => OpenOrders();

                    public int Given(IEnumerable<Order> orders) => orders.Count();
                }
            }
            """,
            """
            using Microsoft.AspNetCore.Mvc;
            using Shop.Services;

            public class OrdersController : ControllerBase
            {
                private readonly OrderService _service;

                public OrdersController(OrderService service) => _service = service;

                public object? Get(int id) => {|#0:_service.Find(id)|};

                public int Count() => {|#1:_service.CountOpen()|};

                public object Copy() => {|#2:_service.Copy()|};

                public object? Cached(int id) => _service.Cached(id);

                public object Handed() => _service.Handed();

                public int Given() => _service.Given(new Shop.Data.Order[0]);
            }
            """),
        references: ReferenceSets.WithEntityFrameworkCore,
        expected: new[]
        {
            Verify.Diagnostic("BURST005").WithLocation(0).WithArguments("OrdersController.Get", "Get \u2192 OrderService.Find \u2192 Queryable.FirstOrDefault (an EF Core query from IRepository.Table)").WithLocation(3),
            Verify.Diagnostic("BURST005").WithLocation(1).WithArguments("OrdersController.Count", "Count \u2192 OrderService.CountOpen \u2192 foreach (an EF Core query from OrderService.OpenOrders)").WithLocation(4),
            Verify.Diagnostic("BURST005").WithLocation(2).WithArguments("OrdersController.Copy", "Copy \u2192 OrderService.Copy \u2192 new List (an EF Core query from IRepository.Table)").WithLocation(5),
        });

    /// <summary>
    /// In the handler itself: BURST003 where it enumerates what a call returns that is an EF Core query, or a DbSet the
    /// direct rules cannot judge (<c>foreach</c>, a new list). Where the direct rules judge the call (EF Core's
    /// counterpart in scope), they report it, not this analyzer.
    /// </summary>
    [Fact]
    public Task AHandlerEnumeratingAQuery_IsReportedAsSyncIoWhereItRuns() => Verify.VerifyAnalyzerAsync(
        Sources(
            """
            using System.Collections.Generic;
            using System.Linq;
            using Shop.Data;

            namespace Shop.Services
            {
                public class OrderService
                {
                    private readonly EfRepository<Order> _repository;

                    public OrderService(EfRepository<Order> repository) => _repository = repository;

                    public IEnumerable<Order> OpenOrders() => _repository.Table.Where(o => o.Open);

                    public IEnumerable<Order> Recent() => new List<Order>();
                }
            }
            """,
            """
            using System.Collections.Generic;
            using System.Linq;
            using Microsoft.AspNetCore.Mvc;
            using Shop.Data;
            using Shop.Services;

            public class OrdersController : ControllerBase
            {
                private readonly OrderService _service;
                private readonly IRepository<Order> _orders;
                private readonly ShopContext _db;

                public OrdersController(OrderService service, IRepository<Order> orders, ShopContext db)
                {
                    _service = service;
                    _orders = orders;
                    _db = db;
                }

                public int Open()
                {
                    var open = 0;
                    foreach (var order in {|#0:_service.OpenOrders()|})
                    {
                        open++;
                    }

                    return open;
                }

                public object? First() => {|#1:_orders.Table.FirstOrDefault()|};

                public object All() => {|#2:new List<Order>(_db.Orders)|};

                public int Recent() => _service.Recent().Count();
            }
            """),
        references: ReferenceSets.WithEntityFrameworkCore,
        expected: new[]
        {
            Verify.Diagnostic("BURST003").WithLocation(0).WithArguments("foreach over the EF Core query from OrderService.OpenOrders", "OrdersController.Open", "await foreach over the query's AsAsyncEnumerable(), or await its ToListAsync()"),
            Verify.Diagnostic("BURST003").WithLocation(1).WithArguments("Queryable.FirstOrDefault over the EF Core query from IRepository.Table", "OrdersController.First", "await FirstOrDefaultAsync (EF Core)"),
            Verify.Diagnostic("BURST003").WithLocation(2).WithArguments("new List over an EF Core query", "OrdersController.All", "await the query's ToListAsync()"),
        });

    /// <summary>
    /// ASP.NET Core Identity over EF Core's stores (its IdentityDbContext referenced): the managers' Users and Roles are
    /// queries over the stores' DbSets, run where they are enumerated (a new list, a foreach); without those stores,
    /// nothing says they are. A LINQ operator over them (Single, Count) has EF Core's counterpart, so the direct rule
    /// judges it and this one stays out (IdentityStoreQueryFixTests).
    /// </summary>
    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public Task IdentityUsersOverEntityFrameworkStores_AreQueries(bool efStores) => Verify.VerifyAnalyzerAsync(
        TestSource.Files(
            new TestSource("Controller.cs", """
                using System.Collections.Generic;
                using System.Linq;
                using Microsoft.AspNetCore.Identity;
                using Microsoft.AspNetCore.Mvc;

                public class AccountController : ControllerBase
                {
                    private readonly UserManager<IdentityUser> _users;
                    private readonly RoleManager<IdentityRole> _roles;

                    public AccountController(UserManager<IdentityUser> users, RoleManager<IdentityRole> roles)
                    {
                        _users = users;
                        _roles = roles;
                    }

                    public object All() => MARK0new List<IdentityUser>(_users.Users)END0;

                    public int Roles()
                    {
                        var count = 0;
                        foreach (var role in MARK1_roles.RolesEND1)
                        {
                            count++;
                        }

                        return count;
                    }

                    public int Admins() => _users.Users.Count(u => u.UserName == "admin");
                }
                """.Replace("MARK0", efStores ? "{|#0:" : "").Replace("END0", efStores ? "|}" : "").Replace("MARK1", efStores ? "{|#1:" : "").Replace("END1", efStores ? "|}" : "")),
            new TestSource("Stores.cs", efStores
                ? "namespace Microsoft.AspNetCore.Identity.EntityFrameworkCore { public class IdentityDbContext { } }"
                : "namespace Elsewhere { public class IdentityDbContext { } }")),
        references: ReferenceSets.WithEntityFrameworkCore,
        expected: efStores
            ? new[]
            {
                Verify.Diagnostic("BURST003").WithLocation(0).WithArguments("new List over an EF Core query", "AccountController.All", "await the query's ToListAsync()"),
                Verify.Diagnostic("BURST003").WithLocation(1).WithArguments("foreach over an EF Core query", "AccountController.Roles", "await foreach over the query's AsAsyncEnumerable(), or await its ToListAsync()"),
            }
            : System.Array.Empty<Microsoft.CodeAnalysis.Testing.DiagnosticResult>());

    /// <summary>
    /// The sync I/O fix awaits the counterpart of the call it points at; a query the call graph found is enumerated
    /// there, and the counterpart of the call that hands it out (OpenOrdersAsync) is another thing, never used. The loop
    /// becomes <c>await foreach</c> over the EF Core query the call hands out (ForEachOverEntityQueryFixTests).
    /// </summary>
    [Fact]
    public async Task AQueryTheCallGraphFound_GetsNoCounterpartFix_ButAnAwaitForeach()
    {
        const string Code = """
            using System.Collections.Generic;
            using System.Linq;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;
            using Microsoft.EntityFrameworkCore;

            public class Order
            {
                public bool Open { get; set; }
            }

            public class ShopContext : DbContext
            {
                public DbSet<Order> Orders => Set<Order>();
            }

            public class OrderService(ShopContext db)
            {
                public IEnumerable<Order> OpenOrders() => db.Orders.Where(o => o.Open);

                public Task<List<Order>> OpenOrdersAsync() => db.Orders.Where(o => o.Open).ToListAsync();
            }

            public class OrdersController(OrderService service) : ControllerBase
            {
                public int Open()
                {
                    var open = 0;
                    foreach (var order in {|BURST003:service.OpenOrders()|})
                    {
                        open++;
                    }

                    return open;
                }
            }
            """;
        var test = new Fix.Test
        {
            TestCode = Code,
            FixedCode = Code
                .Replace("public int Open()", "public async Task<int> Open()", System.StringComparison.Ordinal)
                .Replace("foreach (var order in {|BURST003:service.OpenOrders()|})", "await foreach (var order in service.OpenOrders().AsQueryable().AsAsyncEnumerable())", System.StringComparison.Ordinal),
        };
        test.Project.References = ReferenceSets.WithEntityFrameworkCore;
        await test.RunAsync();
    }

    [Fact]
    public Task ADbSetEnumeratedByForeach_IsAQueryRun() => Verify.VerifyAnalyzerAsync(
        Sources(
            """
            using Shop.Data;

            namespace Shop.Services
            {
                public class Totals
                {
                    private readonly ShopContext _db;

                    public Totals(ShopContext db) => _db = db;

                    public int Open()
                    {
                        var open = 0;
                        foreach (var order in {|#1:_db.Orders|})
                        {
                            open += order.Open ? 1 : 0;
                        }

                        return open;
                    }
                }
            }
            """,
            """
            using Microsoft.AspNetCore.Mvc;
            using Shop.Services;

            public class TotalsController : ControllerBase
            {
                public int Open([FromServices] Totals totals) => {|#0:totals.Open()|};
            }
            """),
        references: ReferenceSets.WithEntityFrameworkCore,
        expected: Verify.Diagnostic("BURST005").WithLocation(0).WithArguments("TotalsController.Open", "Open \u2192 Totals.Open \u2192 foreach (an EF Core query)").WithLocation(1));
}
