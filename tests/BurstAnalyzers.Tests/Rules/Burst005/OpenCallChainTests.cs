using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>
/// Calls through an interface or a virtual member whose implementation is in another project than the call (issue 35):
/// a domain project declares the interface, the web project implements it, and its handlers — or a services project
/// in between — call the interface. The project that sees both closes the chain, in a build as in an editor.
/// </summary>
public class OpenCallChainTests
{
    private const string Domain = """
        namespace Shop.Domain
        {
            public interface IStore
            {
                string Load(string name);
            }

            public abstract class Job
            {
                public abstract int Run();
            }
        }
        """;

    /// <summary>The web project implements the domain's interface and abstract class and calls them itself.</summary>
    [Fact]
    public async Task AnInterfaceOfAnotherProject_ImplementedHere_IsFollowedIntoTheImplementation()
    {
        const string Web = """
            using Microsoft.AspNetCore.Mvc;
            using Shop.Domain;

            public class FileStore : IStore
            {
                public string Load(string name) => System.IO.File.ReadAllText(name);
            }

            public class SleepyJob : Job
            {
                public override int Run()
                {
                    System.Threading.Thread.Sleep(10);
                    return 1;
                }
            }

            public class StoreController(IStore store, Job job) : ControllerBase
            {
                public string Get(string name) => store.Load(name);

                public int Run() => job.Run();
            }
            """;
        string[] expected =
        {
            "Web.cs(20,39): BURST005: Request handler 'StoreController.Get' reaches a blocking call through other methods: Get \u2192 FileStore.Load \u2192 File.ReadAllText [Web.cs(6,40)]",
            "Web.cs(22,25): BURST005: Request handler 'StoreController.Run' reaches a blocking call through other methods: Run \u2192 SleepyJob.Run \u2192 Thread.Sleep [Web.cs(13,9)]",
        };

        var solution = new LayeredSolution().Library("Shop.Domain", Domain);
        Assert.Equal(string.Join("\n", expected), string.Join("\n", LayeredSolution.Describe(await solution.BuildAsync(Web))));
        Assert.Equal(string.Join("\n", expected), string.Join("\n", LayeredSolution.Describe(await solution.EditorAsync(Web))));
    }
    private const string Repositories = """
        using System.Linq;

        namespace Shop.Domain
        {
            public class Order
            {
                public int Id { get; set; }
            }

            public interface IRepository<T>
            {
                IQueryable<T> Table { get; }

                void Insert(T entity);
            }
        }
        """;

    private const string Services = """
        using System.Collections.Generic;
        using System.Linq;
        using Shop.Domain;

        namespace Shop.Services
        {
            public interface IOrderService
            {
                Order? Find(int id);

                void Save(Order order);

                int Count();
            }

            public class OrderService : IOrderService
            {
                private readonly IRepository<Order> _orders;

                public OrderService(IRepository<Order> orders) => _orders = orders;

                public Order? Find(int id) => _orders.Table.Where(o => o.Id == id).FirstOrDefault();

                public void Save(Order order) => Store(order);

                public int Count()
                {
                    var count = 0;
                    foreach (var order in All())
                    {
                        count++;
                    }

                    return count;
                }

                public IEnumerable<Order> All() => _orders.Table;

                private void Store(Order order) => _orders.Insert(order);
            }
        }
        """;

    private const string EfWeb = """
        using System.Linq;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.EntityFrameworkCore;
        using Shop.Domain;
        using Shop.Services;

        public class ShopContext : DbContext
        {
        }

        public class EfRepository<T> : IRepository<T> where T : class
        {
            private readonly ShopContext _context;

            public EfRepository(ShopContext context) => _context = context;

            public IQueryable<T> Table => _context.Set<T>();

            public void Insert(T entity)
            {
                _context.Add(entity);
                _context.SaveChanges();
            }
        }

        public class OrdersController(IOrderService orders, OrderService concrete) : ControllerBase
        {
            public object? Get(int id) => orders.Find(id);

            public void Post(Order order) => orders.Save(order);

            public int Count() => concrete.Count();

            public int Total() => concrete.All().Count();
        }
        """;

    /// <summary>
    /// A helper of the web project, reached from an action, enumerates what a service interface's method returns: the
    /// service hands out the repository's query, implemented in the web project; each enumeration runs it.
    /// </summary>
    [Fact]
    public async Task AQueryHandedOutThroughAServiceInterface_RunsWhereTheWebProjectEnumeratesIt()
    {
        const string Web = """
            using System.Linq;
            using Microsoft.AspNetCore.Mvc;
            using Microsoft.EntityFrameworkCore;
            using Shop.Domain;
            using Shop.Services;

            public class ShopContext : DbContext
            {
            }

            public class EfRepository<T> : IRepository<T> where T : class
            {
                private readonly ShopContext _context;

                public EfRepository(ShopContext context) => _context = context;

                public IQueryable<T> Table => _context.Set<T>();

                public void Insert(T entity) => _context.Add(entity);
            }

            public class Initializer(IOrderService orders)
            {
                public bool Setup()
                {
                    if (orders.Listed().Any())
                    {
                        return false;
                    }

                    return orders.Listed().FirstOrDefault() is null;
                }
            }

            public class AdminController(IOrderService orders) : ControllerBase
            {
                public bool Setup() => new Initializer(orders).Setup();
            }
            """;
        const string ListingServices = """
            using System.Collections.Generic;
            using System.Linq;
            using Shop.Domain;

            namespace Shop.Services
            {
                public interface IOrderService
                {
                    IEnumerable<Order> Listed();
                }

                public class OrderService(IRepository<Order> orders) : IOrderService
                {
                    public IEnumerable<Order> Listed() => orders.Table.Where(o => o.Id > 0).AsEnumerable();
                }
            }
            """;

        var solution = new LayeredSolution(webReferences: ReferenceSets.WithEntityFrameworkCore).Library("Shop.Domain", Repositories).Library("Shop.Services", ListingServices);
        var build = LayeredSolution.Describe(await solution.BuildAsync(Web));
        Assert.Equal(string.Join("\n", build), string.Join("\n", LayeredSolution.Describe(await solution.EditorAsync(Web))));
        Assert.Equal(
            new[]
            {
                "Web.cs(37,28): BURST005: Request handler 'AdminController.Setup' reaches a blocking call through other methods: Setup \u2192 Initializer.Setup \u2192 Enumerable.Any (an EF Core query from [Shop.Services] OrderService.Listed \u2192 IRepository.Table \u21D2 [Shop.Web] EfRepository.Table) (and 1 more blocking call behind the same call) [Web.cs(26,13)]",
            },
            build);
    }

    /// <summary>
    /// A data library hands out an EF Core query through its repository interface (implemented in the same library):
    /// the web project that enumerates what the interface returns runs the query, named from the library's build.
    /// </summary>
    [Fact]
    public async Task AQueryALibraryReturnsThroughItsInterface_RunsWhereTheWebProjectEnumeratesIt()
    {
        const string Data = """
            using System.Collections.Generic;
            using System.Linq;
            using Microsoft.EntityFrameworkCore;

            namespace Shop.Data
            {
                public class Order
                {
                    public int Id { get; set; }
                }

                public class ShopContext : DbContext
                {
                    public DbSet<Order> Orders => Set<Order>();
                }

                public interface IOrderRepository
                {
                    IEnumerable<Order> Find(int id);
                }

                public class OrderRepository(ShopContext db) : IOrderRepository
                {
                    public IEnumerable<Order> Find(int id) => db.Orders.Where(o => o.Id == id);
                }
            }
            """;
        const string Web = """
            using System.Linq;
            using Microsoft.AspNetCore.Mvc;
            using Shop.Data;

            public class OrdersController(IOrderRepository orders) : ControllerBase
            {
                public object? Get(int id) => orders.Find(id).FirstOrDefault();
            }
            """;
        string[] expected =
        {
            "Web.cs(7,35): BURST003: 'Enumerable.FirstOrDefault over the EF Core query from [Shop.Data] IOrderRepository.Find' does synchronous I/O in request handler 'OrdersController.Get'; use 'await FirstOrDefaultAsync (EF Core)' instead []",
        };

        var solution = new LayeredSolution(webReferences: ReferenceSets.WithEntityFrameworkCore, libraryReferences: ReferenceSets.WithEntityFrameworkCore).Library("Shop.Data", Data);
        Assert.Equal(string.Join("\n", expected), string.Join("\n", LayeredSolution.Describe(await solution.BuildAsync(Web))));
        Assert.Equal(string.Join("\n", expected), string.Join("\n", LayeredSolution.Describe(await solution.EditorAsync(Web))));
    }

    /// <summary>
    /// Clean architecture: the services project calls the domain's repository interface, the web project implements it
    /// with EF Core. The services' build carries its open calls up; the web project, which sees the implementation,
    /// closes them: a query the service runs over the repository's table, a save the repository makes.
    /// </summary>
    [Fact]
    public async Task OpenCallsOfAServicesProject_AreClosedByTheWebProjectThatImplementsTheRepository()
    {
        string[] expected =
        {
            "Web.cs(28,35): BURST005: Request handler 'OrdersController.Get' reaches a blocking call through other methods: Get \u2192 [Shop.Services] OrderService.Find \u2192 Queryable.FirstOrDefault (an EF Core query from IRepository.Table \u21D2 [Shop.Web] EfRepository.Table) [Shop.Services.cs(22,39)]",
            "Web.cs(30,38): BURST005: Request handler 'OrdersController.Post' reaches a blocking call through other methods: Post \u2192 [Shop.Services] OrderService.Save \u2192 OrderService.Store \u2192 IRepository.Insert \u21D2 [Shop.Web] EfRepository.Insert \u2192 DbContext.SaveChanges [Web.cs(22,9)]",
            "Web.cs(32,27): BURST005: Request handler 'OrdersController.Count' reaches a blocking call through other methods: Count \u2192 [Shop.Services] OrderService.Count \u2192 foreach (an EF Core query from IRepository.Table \u21D2 [Shop.Web] EfRepository.Table) [Shop.Services.cs(29,35)]",
            "Web.cs(34,27): BURST003: 'Enumerable.Count over the EF Core query from [Shop.Services] OrderService.All \u2192 IRepository.Table \u21D2 [Shop.Web] EfRepository.Table' does synchronous I/O in request handler 'OrdersController.Total'; use 'await CountAsync (EF Core)' instead []",
        };

        var solution = new LayeredSolution(webReferences: ReferenceSets.WithEntityFrameworkCore).Library("Shop.Domain", Repositories).Library("Shop.Services", Services);
        Assert.Equal(string.Join("\n", expected), string.Join("\n", LayeredSolution.Describe(await solution.BuildAsync(EfWeb))));
        Assert.Equal(string.Join("\n", expected), string.Join("\n", LayeredSolution.Describe(await solution.EditorAsync(EfWeb))));
    }

    /// <summary>
    /// The interface in one library, its implementations in another, the registration in the web project that
    /// references both: the web project closes the call with the registered implementation's carried chain; a
    /// registration of the one that does not block is silent.
    /// </summary>
    [Theory]
    [InlineData("FileStore", "Web.cs(10,97): BURST005: Request handler 'StoreController.Get' reaches a blocking call through other methods: Get \u2192 [Shop.Domain] IStore.Load \u21D2 [Shop.Files] FileStore.Load (registered in Web.cs) \u2192 File.ReadAllText [Shop.Files.cs(8,44)]")]
    [InlineData("MemoryStore", "")]
    public async Task AnInterfaceOfOneLibrary_ImplementedInAnother_IsClosedByTheHostThatRegistersIt(string registered, string expected)
    {
        const string Files = """
            using System.IO;
            using Shop.Domain;

            namespace Shop.Files
            {
                public sealed class FileStore : IStore
                {
                    public string Load(string name) => File.ReadAllText(name);
                }

                public sealed class MemoryStore : IStore
                {
                    public string Load(string name) => name;
                }
            }
            """;
        var web = """
            using Microsoft.AspNetCore.Mvc;
            using Microsoft.Extensions.DependencyInjection;
            using Shop.Domain;
            using Shop.Files;

            public static class Startup
            {
                public static void ConfigureServices(IServiceCollection services) => services.AddScoped<IStore, REGISTERED>();
            }
            public class StoreController(IStore store) : ControllerBase { public string Get(string name) => store.Load(name); }
            """.Replace("REGISTERED", registered, System.StringComparison.Ordinal);

        var solution = new LayeredSolution().Library("Shop.Domain", Domain).Library("Shop.Files", Files);
        Assert.Equal(expected, string.Join("\n", LayeredSolution.Describe(await solution.BuildAsync(web))));
        Assert.Equal(expected, string.Join("\n", LayeredSolution.Describe(await solution.EditorAsync(web))));
    }

    /// <summary>
    /// The layout behind AccountGo's two request-path <c>SaveChanges</c> sites the benchmark counts as missed
    /// (<c>EfRepository.Delete</c>, <c>SecurityRepository.AddUser</c>): a service of another project runs a query, then
    /// calls the repository interface, whose implementation here calls the application's own <c>SaveChanges</c>
    /// override. That call runs a method of this compilation, judged by its body (BlockingVerdict),
    /// so it is a hop, not a blocking call: the report lists the blocking call the override makes
    /// (<c>base.SaveChanges()</c>), counted once, and names the calls that lead to it only on the chain its message
    /// names (here the service's query). Pinned so that listing hops off the named chain is a decision, not an accident:
    /// it would change the "and N more" count that the chain fix's all-or-none check compares with its own walk.
    /// </summary>
    [Fact]
    public async Task ACallIntoTheApplicationsSaveChangesOverride_OffTheNamedChain_ListsTheOverridesBlockingCall_NotTheCall()
    {
        const string Domain = """
            using System.Linq;

            namespace Shop.Domain
            {
                public class Order
                {
                    public int Id { get; set; }
                }

                public interface IRepository<T>
                {
                    IQueryable<T> Table { get; }

                    void Delete(T entity);
                }
            }
            """;
        const string Services = """
            using System.Linq;
            using Shop.Domain;

            namespace Shop.Services
            {
                public class OrderService
                {
                    private readonly IRepository<Order> _orders;

                    public OrderService(IRepository<Order> orders) => _orders = orders;

                    public void Remove(int id)
                    {
                        var order = _orders.Table.Where(o => o.Id == id).FirstOrDefault();
                        _orders.Delete(order!);
                    }
                }
            }
            """;
        const string Web = """
            using System.Linq;
            using Microsoft.AspNetCore.Mvc;
            using Microsoft.EntityFrameworkCore;
            using Shop.Domain;
            using Shop.Services;

            public class ShopContext : DbContext
            {
                public override int SaveChanges()
                {
                    return base.SaveChanges();
                }
            }

            public class EfRepository<T> : IRepository<T> where T : class
            {
                private readonly ShopContext _context;

                public EfRepository(ShopContext context) => _context = context;

                public IQueryable<T> Table => _context.Set<T>();

                public void Delete(T entity)
                {
                    _context.Remove(entity);
                    _context.SaveChanges();
                }
            }

            public class OrdersController(OrderService orders) : ControllerBase
            {
                public void Delete(int id) => orders.Remove(id);
            }
            """;

        // The override's base.SaveChanges() (Web.cs(11,16)) is among the locations; the repository's call into the
        // override (Web.cs(26,9)) is not. Then the handler's call, then the query the chain names.
        const string Expected = "Web.cs(32,35): BURST005: Request handler 'OrdersController.Delete' reaches a blocking call through other methods: Delete \u2192 [Shop.Services] OrderService.Remove \u2192 Queryable.FirstOrDefault (an EF Core query from IRepository.Table \u21D2 [Shop.Web] EfRepository.Table) (and 1 more blocking call behind the same call) @ Web.cs(11,16), Web.cs(32,35), Shop.Services.cs(14,25)";
        var solution = new LayeredSolution(webReferences: ReferenceSets.WithEntityFrameworkCore).Library("Shop.Domain", Domain).Library("Shop.Services", Services);
        Assert.Equal(Expected, string.Join("\n", WithAllLocations(await solution.BuildAsync(Web))));
        Assert.Equal(Expected, string.Join("\n", WithAllLocations(await solution.EditorAsync(Web))));
    }

    /// <summary>Each diagnostic as <see cref="LayeredSolution.Describe"/> gives it, with every additional location, in order.</summary>
    private static string[] WithAllLocations(System.Collections.Immutable.ImmutableArray<Microsoft.CodeAnalysis.Diagnostic> diagnostics)
        => diagnostics
            .Select(d => Position(d.Location) + ": " + d.Id + ": " + d.GetMessage(System.Globalization.CultureInfo.InvariantCulture) + " @ " + string.Join(", ", d.AdditionalLocations.Select(Position)))
            .ToArray();

    private static string Position(Microsoft.CodeAnalysis.Location location)
    {
        var span = location.GetLineSpan();
        return $"{System.IO.Path.GetFileName(span.Path)}({span.StartLinePosition.Line + 1},{span.StartLinePosition.Character + 1})";
    }
}
