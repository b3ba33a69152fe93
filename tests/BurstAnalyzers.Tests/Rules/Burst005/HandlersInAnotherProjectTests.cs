using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>
/// Issue 35, "where it is reported": the handlers live in an API library, the blocking implementation in an
/// infrastructure library the API library does not reference, and only the host references both and registers the
/// binding. Neither library's build sees the route; the host reports it once, at the registration that binds the
/// blocking implementation, in a build and in an editor alike.
/// </summary>
public class HandlersInAnotherProjectTests
{
    private const string Domain = OrderStoreSources.Domain;

    private const string Api = """
        using Microsoft.AspNetCore.Mvc;
        using Shop.Domain;

        namespace Shop.Api
        {
            public class OrdersController(IOrderStore store) : ControllerBase
            {
                public string Get(int id) => store.Load(id);
            }

            public class ReportsController(IOrderStore store) : ControllerBase
            {
                public int Length(int id) => store.Load(id).Length;
            }
        }
        """;

    private const string Infrastructure = OrderStoreSources.Stores;

    private const string Web = """
        using Microsoft.Extensions.DependencyInjection;
        using Shop.Domain;

        public static class Startup
        {
            public static void Register(IServiceCollection services)
            {
                services.AddControllers();
                services.AddScoped<IOrderStore, Shop.Infrastructure.REGISTERED>();
            }
        }
        """;

    [Theory]
    [InlineData("SqlOrderStore", "Web.cs(9,9): BURST005: Request handler 'OrdersController.Get' reaches a blocking call through other methods: [Shop.Api] OrdersController.Get \u2192 [Shop.Domain] IOrderStore.Load \u21D2 [Shop.Infrastructure] SqlOrderStore.Load (registered in Web.cs) \u2192 Thread.Sleep (and 1 more request handler through this registration) [Shop.Infrastructure.cs(9,13)]", "Shop.Api.cs(8,38) Shop.Api.cs(13,38) Shop.Infrastructure.cs(9,13)")]
    [InlineData("CachedOrderStore", "", "")]
    public async Task TheHostsRegistrationBindsABlockingImplementationIntoAnotherProjectsHandlers(string registered, string expected, string related)
    {
        var web = Web.Replace("REGISTERED", registered, System.StringComparison.Ordinal);
        var solution = new LayeredSolution(libraryReferences: ReferenceSets.Default)
            .Library("Shop.Domain", Domain)
            .Library("Shop.Api", Api)
            .Library("Shop.Infrastructure", Infrastructure);
        // The handlers' calls, then the blocking call.
        await AssertBuildAndEditor(solution, web, expected, related);
    }

    // The host with its own stores, registered the same way (the registration at line 9, the stores from line 13).
    private static readonly string HostWeb = Web.Replace("Shop.Infrastructure.REGISTERED", "REGISTERED", System.StringComparison.Ordinal) + "\n\n" + """
        public sealed class FileOrderStore : IOrderStore
        {
            public string Load(int id) => Read(id);

            private static string Read(int id) => System.IO.File.ReadAllText("orders/" + id);
        }

        public sealed class MemoryOrderStore : IOrderStore
        {
            public string Load(int id) => id.ToString();
        }
        """;

    /// <summary>
    /// The implementation is declared in the host itself: no library can reference it, so only the host sees the route,
    /// through its own call graph (judged at the end of a build, when its methods' facts are in; at once in an editor).
    /// The same report, with the host's methods on the way and the blocking call among the related locations.
    /// </summary>
    [Theory]
    [InlineData("FileOrderStore", "Web.cs(9,9): BURST005: Request handler 'OrdersController.Get' reaches a blocking call through other methods: [Shop.Api] OrdersController.Get \u2192 [Shop.Domain] IOrderStore.Load \u21D2 [Shop.Web] FileOrderStore.Load (registered in Web.cs) \u2192 FileOrderStore.Read \u2192 File.ReadAllText (and 1 more request handler through this registration) [Web.cs(17,43)]", "Shop.Api.cs(8,38) Shop.Api.cs(13,38) Web.cs(15,35) Web.cs(17,43)")]
    [InlineData("MemoryOrderStore", "", "")]
    public async Task TheHostDeclaresTheImplementation_ItsRegistrationReportsTheRoute(string registered, string expected, string related)
    {
        var web = HostWeb.Replace("REGISTERED", registered, System.StringComparison.Ordinal);
        var solution = new LayeredSolution(libraryReferences: ReferenceSets.Default)
            .Library("Shop.Domain", Domain)
            .Library("Shop.Api", Api);
        // The handlers' calls, the host's call on the way, then the blocking call.
        await AssertBuildAndEditor(solution, web, expected, related);
    }

    /// <summary>
    /// The infrastructure library registers its store inside its own extension method, and the host calls
    /// <c>services.AddInfrastructure()</c>: that call is where the binding happens for this application, reported
    /// there with the library's registration named. A registration made in a private helper the extension calls counts
    /// too, through helpers, public (<c>services.AddPersistence()</c>) or not (the library carries, with each registration,
    /// the public methods that reach it); the same pair registered twice on the way is one report; one the extension
    /// does not reach (an empty body) reports nothing.
    /// </summary>
    [Theory]
    [InlineData("SqlOrderStore", "services.AddScoped<IOrderStore, REGISTERED>();", "Web.cs(7,9): BURST005: Request handler 'OrdersController.Get' reaches a blocking call through other methods: [Shop.Api] OrdersController.Get \u2192 [Shop.Domain] IOrderStore.Load \u21D2 [Shop.Infrastructure] SqlOrderStore.Load (registered in Shop.Infrastructure.cs of Shop.Infrastructure) \u2192 Thread.Sleep (and 1 more request handler through this registration) [Shop.Infrastructure.cs(9,13)]")]
    [InlineData("CachedOrderStore", "services.AddScoped<IOrderStore, REGISTERED>();", "")]
    [InlineData("SqlOrderStore", "AddStores(services);", "Web.cs(7,9): BURST005: Request handler 'OrdersController.Get' reaches a blocking call through other methods: [Shop.Api] OrdersController.Get \u2192 [Shop.Domain] IOrderStore.Load \u21D2 [Shop.Infrastructure] SqlOrderStore.Load (registered in Shop.Infrastructure.cs of Shop.Infrastructure) \u2192 Thread.Sleep (and 1 more request handler through this registration) [Shop.Infrastructure.cs(9,13)]")]
    [InlineData("SqlOrderStore", "AddData(services);", "Web.cs(7,9): BURST005: Request handler 'OrdersController.Get' reaches a blocking call through other methods: [Shop.Api] OrdersController.Get \u2192 [Shop.Domain] IOrderStore.Load \u21D2 [Shop.Infrastructure] SqlOrderStore.Load (registered in Shop.Infrastructure.cs of Shop.Infrastructure) \u2192 Thread.Sleep (and 1 more request handler through this registration) [Shop.Infrastructure.cs(9,13)]")]
    [InlineData("SqlOrderStore", "services.AddPersistence();", "Web.cs(7,9): BURST005: Request handler 'OrdersController.Get' reaches a blocking call through other methods: [Shop.Api] OrdersController.Get \u2192 [Shop.Domain] IOrderStore.Load \u21D2 [Shop.Infrastructure] SqlOrderStore.Load (registered in Shop.Infrastructure.cs of Shop.Infrastructure) \u2192 Thread.Sleep (and 1 more request handler through this registration) [Shop.Infrastructure.cs(9,13)]")]
    [InlineData("SqlOrderStore", "services.AddScoped<IOrderStore, REGISTERED>(); AddStores(services);", "Web.cs(7,9): BURST005: Request handler 'OrdersController.Get' reaches a blocking call through other methods: [Shop.Api] OrdersController.Get \u2192 [Shop.Domain] IOrderStore.Load \u21D2 [Shop.Infrastructure] SqlOrderStore.Load (registered in Shop.Infrastructure.cs of Shop.Infrastructure) \u2192 Thread.Sleep (and 1 more request handler through this registration) [Shop.Infrastructure.cs(9,13)]")]
    [InlineData("SqlOrderStore", "", "")]
    public async Task AnotherLibraryRegistersInsideItsExtensionMethod_TheHostsCallReportsTheRoute(string registered, string body, string expected)
    {
        var solution = new LayeredSolution(libraryReferences: ReferenceSets.Default)
            .Library("Shop.Domain", Domain)
            .Library("Shop.Api", Api)
            .Library("Shop.Infrastructure", Registering(registered, body), references: new[] { "Shop.Domain" });
        await AssertBuildAndEditor(solution, CallingWeb, expected, expected.Length > 0 ? "Shop.Api.cs(8,38) Shop.Api.cs(13,38) Shop.Infrastructure.cs(9,13)" : "");
    }

    /// <summary>
    /// Where the registering library references the handlers' project, its own build sees both and reports at its
    /// registration; the host's call of its extension method does not report the route again. (The host knows the
    /// reference from the library's assembly, which keeps only the references it uses: one that uses nothing of the
    /// handlers' project looks like none, and both would report.)
    /// </summary>
    [Fact]
    public async Task TheRegisteringLibrarySeesTheHandlers_ItReportsAtItsRegistration_TheHostDoesNot()
    {
        var solution = new LayeredSolution(libraryReferences: ReferenceSets.Default)
            .Library("Shop.Domain", Domain)
            .Library("Shop.Api", Api)
            .Library("Shop.Infrastructure", Registering("SqlOrderStore", "services.AddScoped<IOrderStore, REGISTERED>(); services.AddScoped<Shop.Api.OrdersController>();"))
            .KeepLibraryReports();
        Assert.Empty(LayeredSolution.Describe(await solution.BuildAsync(CallingWeb)));
        Assert.Empty(LayeredSolution.Describe(await solution.EditorAsync(CallingWeb)));
        Assert.Equal(
            new[]
            {
                // The extension's registration, the private helper's and the public one's (the same pair: each reported).
                "Shop.Infrastructure.cs(28,13): BURST005: Request handler 'OrdersController.Get' reaches a blocking call through other methods: [Shop.Api] OrdersController.Get \u2192 [Shop.Domain] IOrderStore.Load \u21D2 [Shop.Infrastructure] SqlOrderStore.Load (registered in Shop.Infrastructure.cs) \u2192 Thread.Sleep (and 1 more request handler through this registration) [Shop.Infrastructure.cs(9,13)]",
                "Shop.Infrastructure.cs(32,71): BURST005: Request handler 'OrdersController.Get' reaches a blocking call through other methods: [Shop.Api] OrdersController.Get \u2192 [Shop.Domain] IOrderStore.Load \u21D2 [Shop.Infrastructure] SqlOrderStore.Load (registered in Shop.Infrastructure.cs) \u2192 Thread.Sleep (and 1 more request handler through this registration) [Shop.Infrastructure.cs(9,13)]",
                "Shop.Infrastructure.cs(36,94): BURST005: Request handler 'OrdersController.Get' reaches a blocking call through other methods: [Shop.Api] OrdersController.Get \u2192 [Shop.Domain] IOrderStore.Load \u21D2 [Shop.Infrastructure] SqlOrderStore.Load (registered in Shop.Infrastructure.cs) \u2192 Thread.Sleep (and 1 more request handler through this registration) [Shop.Infrastructure.cs(9,13)]",
            },
            solution.LibraryReports);
    }

    /// <summary>The same report in a build and in an editor (none where <paramref name="expected"/> is empty), with its
    /// related locations where given.</summary>
    private static async Task AssertBuildAndEditor(LayeredSolution solution, string web, string expected, string related = "")
    {
        var expectedLines = expected.Length == 0 ? System.Array.Empty<string>() : new[] { expected };
        var build = await solution.BuildAsync(web);
        var editor = await solution.EditorAsync(web);
        Assert.Equal(expectedLines, LayeredSolution.Describe(build));
        Assert.Equal(expectedLines, LayeredSolution.Describe(editor));
        if (related.Length > 0)
        {
            Assert.Equal(related, LayeredSolution.Related(build[0]));
            Assert.Equal(related, LayeredSolution.Related(editor[0]));
        }
    }

    private const string CallingWeb = """
        using Microsoft.Extensions.DependencyInjection;
        using Shop.Infrastructure;

        public static class Startup
        {
            public static void Register(IServiceCollection services) =>
                services.AddInfrastructure();
        }
        """;

    /// <summary>The store library with an <c>AddInfrastructure()</c> extension whose body is <paramref name="body"/>
    /// (a registration, at line 28, column 13, or a call of the private helper that makes it at line 32, of the one that calls that helper, or of a public extension that makes it).</summary>
    private static string Registering(string registered, string body) => Extending(
        OrderStoreSources.Stores,
        body,
        """

                private static void AddStores(IServiceCollection services) => services.AddScoped<IOrderStore, REGISTERED>();

                private static void AddData(IServiceCollection services) => AddStores(services);

                public static IServiceCollection AddPersistence(this IServiceCollection services) => services.AddScoped<IOrderStore, REGISTERED>();
        """).Replace("REGISTERED", registered, System.StringComparison.Ordinal);

    /// <summary><paramref name="library"/> with an <c>AddInfrastructure()</c> extension whose body is <paramref name="body"/>,
    /// then the class's other members, <paramref name="helpers"/>.</summary>
    private static string Extending(string library, string body, string helpers = "") => library + """

        namespace Shop.Infrastructure
        {
            using Microsoft.Extensions.DependencyInjection;
            using Shop.Domain;

            public static class DependencyInjection
            {
                public static IServiceCollection AddInfrastructure(this IServiceCollection services)
                {
                    BODY
                    return services;
                }
        HELPERS
            }
        }
        """.Replace("BODY", body, System.StringComparison.Ordinal).Replace("HELPERS", helpers, System.StringComparison.Ordinal);

    /// <summary>
    /// The action is declared on an abstract base controller of the API library and inherited by the controllers that
    /// derive from it (ASP.NET Core routes a base class's public methods as actions of each): its call through the
    /// service is the base method's, carried once, and the registration reports it once. Where no controller derives
    /// from the base, or each that does overrides the method, the base's method is never routed: nothing is reported.
    /// </summary>
    [Theory]
    [InlineData("OrdersController(IOrderStore store) : StoreController(store)", "ArchiveController(IOrderStore store) : StoreController(store)", "Web.cs(9,9): BURST005: Request handler 'StoreController.Get' reaches a blocking call through other methods: [Shop.Api] StoreController.Get \u2192 [Shop.Domain] IOrderStore.Load \u21D2 [Shop.Infrastructure] SqlOrderStore.Load (registered in Web.cs) \u2192 Thread.Sleep [Shop.Infrastructure.cs(9,13)]")]
    [InlineData("OrdersController(IOrderStore store) : StoreController(store)", "ArchiveController(IOrderStore store) : OrdersController(store)", "")]
    [InlineData("OrdersController", "ArchiveController", "")]
    public async Task TheActionIsInheritedFromAnAbstractBaseController(string first, string second, string expected)
    {
        const string InheritingApi = """
            using Microsoft.AspNetCore.Mvc;
            using Shop.Domain;

            namespace Shop.Api
            {
                public abstract class StoreController(IOrderStore store) : ControllerBase
                {
                    public virtual string Get(int id) => store.Load(id);
                }

                public class FIRST
                {
                    OVERRIDE
                }

                public class SECOND
                {
                }
            }
            """;
        var web = Web.Replace("REGISTERED", "SqlOrderStore", System.StringComparison.Ordinal);
        // The second case: the first controller overrides the action, the second derives from the first.
        var api = InheritingApi.Replace("FIRST", first, System.StringComparison.Ordinal).Replace("SECOND", second, System.StringComparison.Ordinal)
            .Replace("OVERRIDE", second.Contains("OrdersController(store)", System.StringComparison.Ordinal) ? "public override string Get(int id) => \"none\";" : "", System.StringComparison.Ordinal);
        var solution = new LayeredSolution(libraryReferences: ReferenceSets.Default)
            .Library("Shop.Domain", Domain)
            .Library("Shop.Api", api)
            .Library("Shop.Infrastructure", Infrastructure);
        await AssertBuildAndEditor(solution, web, expected);
    }

    /// <summary>
    /// Where the API library references the infrastructure library, its own build sees the implementation and reports
    /// at the handler's call (every implementation counts there); the host's registration reports nothing again.
    /// </summary>
    [Fact]
    public async Task TheHandlersProjectSeesTheImplementation_TheHostDoesNotReportItAgain()
    {
        var web = Web.Replace("REGISTERED", "SqlOrderStore", System.StringComparison.Ordinal);
        var solution = new LayeredSolution(libraryReferences: ReferenceSets.Default)
            .Library("Shop.Domain", Domain)
            .Library("Shop.Infrastructure", Infrastructure)
            .Library("Shop.Api", Api)
            .KeepLibraryReports();
        Assert.Empty(LayeredSolution.Describe(await solution.BuildAsync(web)));
        Assert.Empty(LayeredSolution.Describe(await solution.EditorAsync(web)));
        Assert.Equal(
            new[]
            {
                "Shop.Api.cs(8,38): BURST005: Request handler 'OrdersController.Get' reaches a blocking call through other methods: Get \u2192 [Shop.Domain] IOrderStore.Load \u21D2 [Shop.Infrastructure] SqlOrderStore.Load \u2192 Thread.Sleep [Shop.Infrastructure.cs(9,13)]",
                "Shop.Api.cs(13,38): BURST005: Request handler 'ReportsController.Length' reaches a blocking call through other methods: Length \u2192 [Shop.Domain] IOrderStore.Load \u21D2 [Shop.Infrastructure] SqlOrderStore.Load \u2192 Thread.Sleep [Shop.Infrastructure.cs(9,13)]",
            },
            solution.LibraryReports);
    }

    /// <summary>
    /// The handler calls a member the service inherits from another interface (<c>IOrderStore : IReadStore</c>): the
    /// registration of <c>IOrderStore</c> still sends the call to the store, and one of <c>IReadStore</c> does not (the
    /// handler asked for <c>IOrderStore</c>). One handler calling twice counts as one handler; both calls are related
    /// locations.
    /// </summary>
    [Fact]
    public async Task TheMemberIsDeclaredOnAnInheritedInterface_AndOneHandlerCallsItTwice()
    {
        const string InheritingDomain = """
            namespace Shop.Domain
            {
                public interface IReadStore
                {
                    string Load(int id);
                }

                public interface IOrderStore : IReadStore
                {
                }
            }
            """;
        const string TwiceApi = """
            using Microsoft.AspNetCore.Mvc;
            using Shop.Domain;

            namespace Shop.Api
            {
                public class OrdersController(IOrderStore store) : ControllerBase
                {
                    public string Get(int id) => store.Load(id) + store.Load(id + 1);
                }
            }
            """;
        var web = Web.Replace("REGISTERED", "SqlOrderStore", System.StringComparison.Ordinal);
        var solution = new LayeredSolution(libraryReferences: ReferenceSets.Default)
            .Library("Shop.Domain", InheritingDomain)
            .Library("Shop.Api", TwiceApi)
            .Library("Shop.Infrastructure", Infrastructure);
        var expected = new[] { "Web.cs(9,9): BURST005: Request handler 'OrdersController.Get' reaches a blocking call through other methods: [Shop.Api] OrdersController.Get \u2192 [Shop.Domain] IReadStore.Load \u21D2 [Shop.Infrastructure] SqlOrderStore.Load (registered in Web.cs) \u2192 Thread.Sleep [Shop.Infrastructure.cs(9,13)]" };
        var build = await solution.BuildAsync(web);
        var editor = await solution.EditorAsync(web);
        Assert.Equal(expected, LayeredSolution.Describe(build));
        Assert.Equal(expected, LayeredSolution.Describe(editor));
        Assert.Equal("Shop.Api.cs(8,38) Shop.Api.cs(8,55) Shop.Infrastructure.cs(9,13)", LayeredSolution.Related(build[0]));
        Assert.Equal("Shop.Api.cs(8,38) Shop.Api.cs(8,55) Shop.Infrastructure.cs(9,13)", LayeredSolution.Related(editor[0]));

        // Registered as the interface that declares the member, the store is not what the handler asked for (IOrderStore).
        var asDeclaring = Web.Replace("IOrderStore, Shop.Infrastructure.REGISTERED", "IReadStore, Shop.Infrastructure.SqlOrderStore", System.StringComparison.Ordinal);
        Assert.Empty(LayeredSolution.Describe(await solution.BuildAsync(asDeclaring)));
        Assert.Empty(LayeredSolution.Describe(await solution.EditorAsync(asDeclaring)));
    }

    private const string EntityDomain = """
        namespace Shop.Domain
        {
            public interface IRepository<T>
            {
                T Get(int id);
            }

            public interface ICustomerRepository : IRepository<Customer> { }

            public interface IOrderRepository : IRepository<Order> { }

            public class Order { }

            public class Customer { }
        }
        """;

    private const string EntityInfrastructure = """
        using Shop.Domain;

        namespace Shop.Infrastructure
        {
            public class SqlCustomerRepository : ICustomerRepository
            {
                public Customer Get(int id)
                {
                    System.Threading.Thread.Sleep(10);
                    return new Customer();
                }
            }

            public class MemoryCustomerRepository : ICustomerRepository
            {
                public Customer Get(int id) => new Customer();
            }

            public class SqlOrderRepository : IOrderRepository
            {
                public Order Get(int id)
                {
                    System.Threading.Thread.Sleep(10);
                    return new Order();
                }
            }

            public class SlowRepository<T> : IRepository<T>
            {
                public T Get(int id)
                {
                    System.Threading.Thread.Sleep(10);
                    return default!;
                }
            }
        }
        """;

    private const string GenericDomain = """
        namespace Shop.Domain
        {
            public interface IRepository<T>
            {
                T Get(int id);
            }

            public class Order { }

            public class Customer { }
        }
        """;

    private const string GenericApi = """
        using Microsoft.AspNetCore.Mvc;
        using Shop.Domain;

        namespace Shop.Api
        {
            public class CustomersController(IRepository<Customer> customers) : ControllerBase
            {
                public Customer Get(int id) => customers.Get(id);
            }
        }
        """;

    private const string GenericInfrastructure = """
        using Shop.Domain;

        namespace Shop.Infrastructure
        {
            public class SlowRepository<T> : IRepository<T>
            {
                public T Get(int id)
                {
                    System.Threading.Thread.Sleep(10);
                    return default!;
                }
            }

            public class OrderRepository : SlowRepository<Order>
            {
            }

            public class CustomerRepository : IRepository<Customer>
            {
                public Customer Get(int id) => new Customer();
            }
        }
        """;

    /// <summary>A host whose <c>Register</c> makes <c>REGISTRATIONS</c> (at line 9, column 9).</summary>
    private const string RegistrationsWeb = """
        using Microsoft.Extensions.DependencyInjection;
        using Shop.Domain;
        using Shop.Infrastructure;

        public static class Startup
        {
            public static void Register(IServiceCollection services)
            {
                REGISTRATIONS
            }
        }
        """;

    /// <summary>
    /// A generic service registered per entity: the open call carries the construction the handler called the member
    /// through (<c>IRepository&lt;Customer&gt;</c>), so the registration of that construction reports the customers'
    /// handler and the one of <c>IRepository&lt;Order&gt;</c>, though it binds a blocking repository, does not; an
    /// open-generic registration serves every construction and is reported.
    /// </summary>
    [Theory]
    [InlineData("services.AddScoped<IRepository<Order>, OrderRepository>(); services.AddScoped<IRepository<Customer>, CustomerRepository>();", "")]
    [InlineData("services.AddScoped<IRepository<Customer>, SlowRepository<Customer>>();", "Web.cs(9,9): BURST005: Request handler 'CustomersController.Get' reaches a blocking call through other methods: [Shop.Api] CustomersController.Get \u2192 [Shop.Domain] IRepository.Get \u21D2 [Shop.Infrastructure] SlowRepository.Get (registered in Web.cs) \u2192 Thread.Sleep [Shop.Infrastructure.cs(9,13)]")]
    [InlineData("services.AddScoped<IRepository<Order>, OrderRepository>(); services.AddScoped(typeof(IRepository<Customer>), typeof(SlowRepository<Customer>));", "Web.cs(9,68): BURST005: Request handler 'CustomersController.Get' reaches a blocking call through other methods: [Shop.Api] CustomersController.Get \u2192 [Shop.Domain] IRepository.Get \u21D2 [Shop.Infrastructure] SlowRepository.Get (registered in Web.cs) \u2192 Thread.Sleep [Shop.Infrastructure.cs(9,13)]")]
    [InlineData("services.AddScoped(typeof(IRepository<>), typeof(SlowRepository<>));", "Web.cs(9,9): BURST005: Request handler 'CustomersController.Get' reaches a blocking call through other methods: [Shop.Api] CustomersController.Get \u2192 [Shop.Domain] IRepository.Get \u21D2 [Shop.Infrastructure] SlowRepository.Get (registered in Web.cs) \u2192 Thread.Sleep [Shop.Infrastructure.cs(9,13)]")]
    public async Task AGenericServiceRegisteredPerEntity_ReportsTheHandlersOfItsEntityOnly(string registrations, string expected)
    {
        await AssertBuildAndEditor(GenericSolution(GenericInfrastructure), RegistrationsWeb.Replace("REGISTRATIONS", registrations, System.StringComparison.Ordinal), expected);
    }

    /// <summary>The generic repository's domain and the customers' controller, over <paramref name="infrastructure"/>
    /// (which references the domain only).</summary>
    private static LayeredSolution GenericSolution(string infrastructure) => new LayeredSolution(libraryReferences: ReferenceSets.Default)
        .Library("Shop.Domain", GenericDomain)
        .Library("Shop.Api", GenericApi)
        .Library("Shop.Infrastructure", infrastructure, references: new[] { "Shop.Domain" });

    /// <summary>
    /// A per-entity registration made inside another library's extension method carries the construction it binds
    /// beside its generic definition: the host's call of the method reports it for its own entity's handler, and does not
    /// blame it for another entity's (the orders' blocking repository, the customers' controller). An open-generic one
    /// there serves them all.
    /// </summary>
    [Theory]
    [InlineData("services.AddScoped<IRepository<Order>, OrderRepository>();", "")]
    [InlineData("services.AddScoped<IRepository<Customer>, SlowRepository<Customer>>();", "Web.cs(7,9): BURST005: Request handler 'CustomersController.Get' reaches a blocking call through other methods: [Shop.Api] CustomersController.Get \u2192 [Shop.Domain] IRepository.Get \u21D2 [Shop.Infrastructure] SlowRepository.Get (registered in Shop.Infrastructure.cs of Shop.Infrastructure) \u2192 Thread.Sleep [Shop.Infrastructure.cs(9,13)]")]
    [InlineData("services.AddScoped(typeof(IRepository<>), typeof(SlowRepository<>));", "Web.cs(7,9): BURST005: Request handler 'CustomersController.Get' reaches a blocking call through other methods: [Shop.Api] CustomersController.Get \u2192 [Shop.Domain] IRepository.Get \u21D2 [Shop.Infrastructure] SlowRepository.Get (registered in Shop.Infrastructure.cs of Shop.Infrastructure) \u2192 Thread.Sleep [Shop.Infrastructure.cs(9,13)]")]
    public async Task APerEntityRegistrationInsideAnotherLibrarysExtension_ReportsItsOwnEntitysHandlerOnly(string body, string expected)
    {
        await AssertBuildAndEditor(GenericSolution(Extending(GenericInfrastructure, body)), CallingWeb, expected);
    }

    /// <summary>
    /// The action is a generic base controller's (<c>CrudController&lt;T&gt;.Get</c> calling <c>IRepository&lt;T&gt;</c>),
    /// and each controller deriving from it closes the construction (<c>CustomersController : CrudController&lt;Customer&gt;</c>):
    /// a per-entity registration reports the controllers of its entity, each named as itself and counted once, among
    /// them an override calling <c>base.Get</c> and an action calling a protected helper of the base, and not another
    /// entity's, nor one that overrides the action without calling it, nor classes MVC does not route (nested, or
    /// <c>[NonController]</c>); an open-generic registration reports the base's action once, and those two.
    /// </summary>
    [Theory]
    [InlineData("services.AddScoped<IRepository<Customer>, SlowRepository<Customer>>();", "Web.cs(9,9): BURST005: Request handler 'CustomersController.Get' reaches a blocking call through other methods: [Shop.Api] CrudController.Get \u2192 [Shop.Domain] IRepository.Get \u21D2 [Shop.Infrastructure] SlowRepository.Get (registered in Web.cs) \u2192 Thread.Sleep (and 3 more request handlers through this registration) [Shop.Infrastructure.cs(9,13)]", "Shop.Api.cs(8,41) Shop.Api.cs(10,37) Shop.Infrastructure.cs(9,13)")]
    [InlineData("services.AddScoped<IRepository<Order>, OrderRepository>(); services.AddScoped<IRepository<Customer>, CustomerRepository>();", "Web.cs(9,9): BURST005: Request handler 'OrdersController.Get' reaches a blocking call through other methods: [Shop.Api] CrudController.Get \u2192 [Shop.Domain] IRepository.Get \u21D2 [Shop.Infrastructure] SlowRepository.Get (registered in Web.cs) \u2192 Thread.Sleep [Shop.Infrastructure.cs(9,13)]")]
    [InlineData("services.AddScoped<IRepository<Customer>, CustomerRepository>();", "")]
    [InlineData("services.AddScoped(typeof(IRepository<>), typeof(SlowRepository<>));", "Web.cs(9,9): BURST005: Request handler 'CrudController.Get' reaches a blocking call through other methods: [Shop.Api] CrudController.Get \u2192 [Shop.Domain] IRepository.Get \u21D2 [Shop.Infrastructure] SlowRepository.Get (registered in Web.cs) \u2192 Thread.Sleep (and 2 more request handlers through this registration) [Shop.Infrastructure.cs(9,13)]")]
    public async Task AGenericBaseControllersAction_IsReportedForTheControllersOfTheRegisteredEntity(string registrations, string expected, string related = "")
    {
        const string GenericBaseApi = """
            using Microsoft.AspNetCore.Mvc;
            using Shop.Domain;

            namespace Shop.Api
            {
                public abstract class CrudController<T>(IRepository<T> repository) : ControllerBase
                {
                    public virtual T Get(int id) => repository.Get(id);

                    protected T Load(int id) => repository.Get(id);
                }

                public class CustomersController(IRepository<Customer> customers) : CrudController<Customer>(customers) { }

                public class VipCustomersController(IRepository<Customer> customers) : CrudController<Customer>(customers) { }

                public class RegularsController(IRepository<Customer> customers) : CrudController<Customer>(customers)
                {
                    public override Customer Get(int id) => base.Get(id);

                    public Customer Find(int id) => Load(id);
                }

                public static class Holder
                {
                    public class CustomersController(IRepository<Customer> customers) : CrudController<Customer>(customers) { }
                }

                [NonController]
                public class CustomersHelper(IRepository<Customer> customers) : CrudController<Customer>(customers) { }

                public class OrdersController(IRepository<Order> orders) : CrudController<Order>(orders) { }

                public class ArchivedOrdersController(IRepository<Order> orders) : OrdersController(orders)
                {
                    public override Order Get(int id) => new Order();
                }
            }
            """;
        var solution = new LayeredSolution(libraryReferences: ReferenceSets.Default)
            .Library("Shop.Domain", GenericDomain)
            .Library("Shop.Api", GenericBaseApi)
            .Library("Shop.Infrastructure", GenericInfrastructure, references: new[] { "Shop.Domain" });
        await AssertBuildAndEditor(solution, RegistrationsWeb.Replace("REGISTRATIONS", registrations, System.StringComparison.Ordinal), expected, related);
    }

    /// <summary>A generic base controller that is not abstract is not routed itself either, and its actions are the
    /// deriving controllers' as an abstract one's are.</summary>
    [Fact]
    public async Task AGenericBaseControllerThatIsNotAbstract_ItsActionIsTheDerivingControllers()
    {
        const string ConcreteBaseApi = """
            using Microsoft.AspNetCore.Mvc;
            using Shop.Domain;

            namespace Shop.Api
            {
                public class CrudController<T>(IRepository<T> repository) : ControllerBase
                {
                    public T Get(int id) => repository.Get(id);
                }

                public class CustomersController(IRepository<Customer> customers) : CrudController<Customer>(customers) { }
            }
            """;
        var solution = new LayeredSolution(libraryReferences: ReferenceSets.Default)
            .Library("Shop.Domain", GenericDomain)
            .Library("Shop.Api", ConcreteBaseApi)
            .Library("Shop.Infrastructure", GenericInfrastructure, references: new[] { "Shop.Domain" });
        await AssertBuildAndEditor(
            solution,
            RegistrationsWeb.Replace("REGISTRATIONS", "services.AddScoped<IRepository<Customer>, SlowRepository<Customer>>();", System.StringComparison.Ordinal),
            "Web.cs(9,9): BURST005: Request handler 'CustomersController.Get' reaches a blocking call through other methods: [Shop.Api] CrudController.Get \u2192 [Shop.Domain] IRepository.Get \u21D2 [Shop.Infrastructure] SlowRepository.Get (registered in Web.cs) \u2192 Thread.Sleep [Shop.Infrastructure.cs(9,13)]");
    }

    /// <summary>
    /// The controllers deriving from a shared library's base controller are the host's own: the base's action is theirs,
    /// though no code of the host calls it, and the host's registration reports it for the controllers of its entity
    /// (an abstract base that is not generic: once, as the base's).
    /// </summary>
    [Theory]
    [InlineData("CrudController<Customer>(customers)", "IRepository<Customer> customers", "services.AddScoped<IRepository<Customer>, SlowRepository<Customer>>();", "Web.cs(8,9): BURST005: Request handler 'CustomersController.Get' reaches a blocking call through other methods: [Shop.Api] CrudController.Get \u2192 [Shop.Domain] IRepository.Get \u21D2 [Shop.Infrastructure] SlowRepository.Get (registered in Web.cs) \u2192 Thread.Sleep [Shop.Infrastructure.cs(9,13)]")]
    [InlineData("CrudController<Customer>(customers)", "IRepository<Customer> customers", "services.AddScoped<IRepository<Order>, SlowRepository<Order>>();", "")]
    [InlineData("CustomerController(customers)", "IRepository<Customer> customers", "services.AddScoped<IRepository<Customer>, SlowRepository<Customer>>();", "Web.cs(8,9): BURST005: Request handler 'CustomerController.Find' reaches a blocking call through other methods: [Shop.Api] CustomerController.Find \u2192 [Shop.Domain] IRepository.Get \u21D2 [Shop.Infrastructure] SlowRepository.Get (registered in Web.cs) \u2192 Thread.Sleep [Shop.Infrastructure.cs(9,13)]")]
    public async Task TheHostsOwnControllersDeriveFromALibrarysBaseController(string baseCall, string parameters, string registrations, string expected)
    {
        const string SharedApi = """
            using Microsoft.AspNetCore.Mvc;
            using Shop.Domain;

            namespace Shop.Api
            {
                public abstract class CrudController<T>(IRepository<T> repository) : ControllerBase
                {
                    public T Get(int id) => repository.Get(id);
                }

                public abstract class CustomerController(IRepository<Customer> customers) : ControllerBase
                {
                    public Customer Find(int id) => customers.Get(id);
                }
            }
            """;
        const string HostWeb = """
            using Microsoft.Extensions.DependencyInjection;
            using Shop.Domain;
            using Shop.Infrastructure;

            public static class Startup
            {
                public static void Register(IServiceCollection services) =>
                    REGISTRATIONS
            }

            public class CustomersController(PARAMETERS) : Shop.Api.BASE { }
            """;
        var solution = new LayeredSolution(libraryReferences: ReferenceSets.Default)
            .Library("Shop.Domain", GenericDomain)
            .Library("Shop.Api", SharedApi)
            .Library("Shop.Infrastructure", GenericInfrastructure, references: new[] { "Shop.Domain" });
        var web = HostWeb.Replace("REGISTRATIONS", registrations.TrimEnd(';') + ";", System.StringComparison.Ordinal)
            .Replace("PARAMETERS", parameters, System.StringComparison.Ordinal).Replace("BASE", baseCall, System.StringComparison.Ordinal);
        await AssertBuildAndEditor(solution, web, expected);
    }

    /// <summary>
    /// A per-entity interface (<c>ICustomerRepository : IRepository&lt;Customer&gt;</c>) the handler calls a member of
    /// the generic base through: its registration binds that construction, and reports the handler; one of the orders'
    /// interface (<c>IOrderRepository : IRepository&lt;Order&gt;</c>) does not, nor a non-blocking implementation, nor a
    /// blocking one registered for the generic service (<c>IRepository&lt;Customer&gt;</c> or <c>typeof(IRepository&lt;&gt;)</c>),
    /// which the handler did not ask for.
    /// </summary>
    [Theory]
    [InlineData("services.AddScoped<ICustomerRepository, SqlCustomerRepository>();", "Web.cs(9,9): BURST005: Request handler 'CustomersController.Get' reaches a blocking call through other methods: [Shop.Api] CustomersController.Get \u2192 [Shop.Domain] IRepository.Get \u21D2 [Shop.Infrastructure] SqlCustomerRepository.Get (registered in Web.cs) \u2192 Thread.Sleep [Shop.Infrastructure.cs(9,13)]")]
    [InlineData("services.AddScoped<ICustomerRepository, MemoryCustomerRepository>(); services.AddScoped<IOrderRepository, SqlOrderRepository>();", "")]
    [InlineData("services.AddScoped<ICustomerRepository, MemoryCustomerRepository>(); services.AddScoped<IRepository<Customer>, SlowRepository<Customer>>();", "")]
    [InlineData("services.AddScoped<ICustomerRepository, MemoryCustomerRepository>(); services.AddScoped(typeof(IRepository<>), typeof(SlowRepository<>));", "")]
    public async Task APerEntityInterfaceInheritsTheGenericService_ItsRegistrationReportsTheHandler(string registrations, string expected)
    {
        const string EntityApi = """
            using Microsoft.AspNetCore.Mvc;
            using Shop.Domain;

            namespace Shop.Api
            {
                public class CustomersController(ICustomerRepository customers) : ControllerBase
                {
                    public Customer Get(int id) => customers.Get(id);
                }
            }
            """;
        var solution = new LayeredSolution(libraryReferences: ReferenceSets.Default)
            .Library("Shop.Domain", EntityDomain)
            .Library("Shop.Api", EntityApi)
            .Library("Shop.Infrastructure", EntityInfrastructure);
        await AssertBuildAndEditor(solution, RegistrationsWeb.Replace("REGISTRATIONS", registrations, System.StringComparison.Ordinal), expected);
    }

    /// <summary>
    /// The handler asks for <c>ICustomerRepository</c> but calls <c>Get</c> through the generic interface it inherits (a
    /// helper's <c>IRepository&lt;Customer&gt;</c> parameter): the call does not tell which service was asked for, so
    /// every registration that binds <c>IRepository&lt;Customer&gt;</c> takes it, the per-entity interface's among them.
    /// </summary>
    [Theory]
    [InlineData("services.AddScoped<ICustomerRepository, SqlCustomerRepository>();", "Web.cs(9,9): BURST005: Request handler 'CustomersController.Get' reaches a blocking call through other methods: [Shop.Api] CustomersController.Get \u2192 CustomersController.Load \u2192 [Shop.Domain] IRepository.Get \u21D2 [Shop.Infrastructure] SqlCustomerRepository.Get (registered in Web.cs) \u2192 Thread.Sleep [Shop.Infrastructure.cs(9,13)]")]
    [InlineData("services.AddScoped<ICustomerRepository, MemoryCustomerRepository>();", "")]
    [InlineData("services.AddScoped<IRepository<Customer>, SlowRepository<Customer>>();", "Web.cs(9,9): BURST005: Request handler 'CustomersController.Get' reaches a blocking call through other methods: [Shop.Api] CustomersController.Get \u2192 CustomersController.Load \u2192 [Shop.Domain] IRepository.Get \u21D2 [Shop.Infrastructure] SlowRepository.Get (registered in Web.cs) \u2192 Thread.Sleep [Shop.Infrastructure.cs(32,13)]")]
    public async Task TheHandlerCallsThroughTheGenericInterfaceItsServiceInherits_EveryRegistrationBindingItTakesTheCall(string registrations, string expected)
    {
        const string HelperApi = """
            using Microsoft.AspNetCore.Mvc;
            using Shop.Domain;

            namespace Shop.Api
            {
                public class CustomersController(ICustomerRepository customers) : ControllerBase
                {
                    public Customer Get(int id) => Load(customers, id);

                    private static Customer Load(IRepository<Customer> repository, int id) => repository.Get(id);
                }
            }
            """;
        var solution = new LayeredSolution(libraryReferences: ReferenceSets.Default)
            .Library("Shop.Domain", EntityDomain)
            .Library("Shop.Api", HelperApi)
            .Library("Shop.Infrastructure", EntityInfrastructure);
        await AssertBuildAndEditor(solution, RegistrationsWeb.Replace("REGISTRATIONS", registrations, System.StringComparison.Ordinal), expected);
    }

    /// <summary>
    /// A generic base between the generic one and the controllers (<c>AuditedController&lt;T&gt; : CrudController&lt;T&gt;</c>)
    /// overrides the action and calls the base's: the construction is carried over its own type parameters, and the
    /// controllers deriving from it close it.
    /// </summary>
    [Fact]
    public async Task AGenericIntermediateBaseOverridesTheAction_ItsControllersCloseTheConstruction()
    {
        const string AuditedApi = """
            using Microsoft.AspNetCore.Mvc;
            using Shop.Domain;

            namespace Shop.Api
            {
                public abstract class CrudController<T>(IRepository<T> repository) : ControllerBase
                {
                    public virtual T Get(int id) => repository.Get(id);
                }

                public abstract class AuditedController<T>(IRepository<T> repository) : CrudController<T>(repository)
                {
                    public override T Get(int id) => base.Get(id);
                }

                public class CustomersController(IRepository<Customer> customers) : AuditedController<Customer>(customers) { }

                public class OrdersController(IRepository<Order> orders) : AuditedController<Order>(orders) { }
            }
            """;
        var solution = new LayeredSolution(libraryReferences: ReferenceSets.Default)
            .Library("Shop.Domain", GenericDomain)
            .Library("Shop.Api", AuditedApi)
            .Library("Shop.Infrastructure", GenericInfrastructure, references: new[] { "Shop.Domain" });
        await AssertBuildAndEditor(
            solution,
            RegistrationsWeb.Replace("REGISTRATIONS", "services.AddScoped<IRepository<Customer>, SlowRepository<Customer>>();", System.StringComparison.Ordinal),
            "Web.cs(9,9): BURST005: Request handler 'CustomersController.Get' reaches a blocking call through other methods: [Shop.Api] AuditedController.Get \u2192 CrudController.Get \u2192 [Shop.Domain] IRepository.Get \u21D2 [Shop.Infrastructure] SlowRepository.Get (registered in Web.cs) \u2192 Thread.Sleep [Shop.Infrastructure.cs(9,13)]");
    }

    /// <summary>
    /// A member of a non-generic interface the generic service inherits (<c>IUnitOfWork.Save</c>), called through one
    /// entity's construction: the call carries the receiver's construction, so the registration of another entity's
    /// repository is not blamed for it (the review of 98805ae found it was), and its own entity's is.
    /// </summary>
    [Theory]
    [InlineData("IRepository<Order>", "")]
    [InlineData("IRepository<Customer>", "Web.cs(9,9): BURST005: Request handler 'CustomersController.Save' reaches a blocking call through other methods: [Shop.Api] CustomersController.Save \u2192 [Shop.Domain] IUnitOfWork.Save \u21D2 [Shop.Infrastructure] SlowRepository.Save (registered in Web.cs) \u2192 Thread.Sleep [Shop.Infrastructure.cs(9,31)]")]
    public async Task AMemberOfANonGenericBaseInterface_CountsForTheConstructionItIsCalledThrough(string called, string expected)
    {
        const string UnitOfWorkDomain = """
            namespace Shop.Domain
            {
                public interface IUnitOfWork
                {
                    void Save();
                }

                public interface IRepository<T> : IUnitOfWork
                {
                    T Get(int id);
                }

                public class Order { }

                public class Customer { }
            }
            """;
        const string UnitOfWorkApi = """
            using Microsoft.AspNetCore.Mvc;
            using Shop.Domain;

            namespace Shop.Api
            {
                public class CustomersController(CALLED repository) : ControllerBase
                {
                    public int Save() { repository.Save(); return 1; }
                }
            }
            """;
        const string UnitOfWorkInfrastructure = """
            using Shop.Domain;

            namespace Shop.Infrastructure
            {
                public class SlowRepository<T> : IRepository<T>
                {
                    public T Get(int id) => default!;

                    public void Save() => System.Threading.Thread.Sleep(10);
                }
            }
            """;
        var solution = new LayeredSolution(libraryReferences: ReferenceSets.Default)
            .Library("Shop.Domain", UnitOfWorkDomain)
            .Library("Shop.Api", UnitOfWorkApi.Replace("CALLED", called, System.StringComparison.Ordinal))
            .Library("Shop.Infrastructure", UnitOfWorkInfrastructure);
        await AssertBuildAndEditor(solution, RegistrationsWeb.Replace("REGISTRATIONS", "services.AddScoped<IRepository<Customer>, SlowRepository<Customer>>();", System.StringComparison.Ordinal), expected);
    }
}
