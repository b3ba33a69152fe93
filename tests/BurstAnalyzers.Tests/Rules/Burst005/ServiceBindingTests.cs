using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.CallChainAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>
/// Dependency injection decides which implementation a call through an interface runs (issue 35): where the
/// application registers the interface, only the registered implementations count; where nothing registers it, every
/// implementation does. An implementation that blocks but is not the registered one makes no caller report.
/// </summary>
public class ServiceBindingTests
{
    private const string Stores = """
        using System.Threading;

        public interface IOrderStore
        {
            string Load(int id);
        }

        public class SqlOrderStore : IOrderStore
        {
            public string Load(int id)
            {
                Thread.Sleep(10);
                return "sql";
            }
        }

        public class CachedOrderStore : IOrderStore
        {
            public string Load(int id) => "cached";
        }

        public interface IRepository<T>
        {
            T Get(int id);
        }

        public class SlowRepository<T> : IRepository<T>
        {
            public T Get(int id)
            {
                Thread.Sleep(10);
                return default!;
            }
        }

        public class FastRepository<T> : IRepository<T>
        {
            public T Get(int id) => default!;
        }
        """;

    private const string Controller = """
        using Microsoft.AspNetCore.Mvc;

        public class OrdersController(IOrderStore store, IRepository<string> names) : ControllerBase
        {
            public string Get(int id) => MARK0store.Load(id)END0;

            public string Name(int id) => MARK1names.Get(id)END1;
        }
        """;

    // The domain project of the layered tests: the interface alone.
    private const string Domain = OrderStoreSources.Domain;

    private static string Marked(string code, bool first, bool second)
        => code.Replace("MARK0", first ? "{|#0:" : "").Replace("END0", first ? "|}" : "")
            .Replace("MARK1", second ? "{|#1:" : "").Replace("END1", second ? "|}" : "");

    /// <summary>Registered: the non-blocking implementations (generic, open generic) — nothing to report.</summary>
    [Theory]
    [InlineData("services.AddScoped<IOrderStore, CachedOrderStore>(); services.AddScoped(typeof(IRepository<>), typeof(FastRepository<>));")]
    [InlineData("services.TryAddTransient<IOrderStore, CachedOrderStore>(); services.TryAddSingleton(typeof(IRepository<>), typeof(FastRepository<>));")]
    [InlineData("services.AddScoped<IOrderStore>(_ => new CachedOrderStore()); services.AddKeyedScoped(typeof(IRepository<>), \"names\", typeof(FastRepository<>));")]
    public Task TheRegisteredImplementationDoesNotBlock_NothingIsReported(string registrations) => Verify.VerifyAnalyzerAsync(
        TestSource.Files(
            new TestSource("Stores.cs", Stores),
            new TestSource("Controller.cs", Marked(Controller, false, false)),
            new TestSource("Startup.cs", """
                using Microsoft.Extensions.DependencyInjection;
                using Microsoft.Extensions.DependencyInjection.Extensions;

                public static class Startup
                {
                    public static void Register(IServiceCollection services)
                    {
                        REGISTRATIONS
                    }
                }
                """.Replace("REGISTRATIONS", registrations))));

    /// <summary>Registered: the blocking implementations — reported through them.</summary>
    [Fact]
    public Task TheRegisteredImplementationBlocks_TheChainGoesThroughIt() => Verify.VerifyAnalyzerAsync(
        TestSource.Files(
            new TestSource("Stores.cs", Stores),
            new TestSource("Controller.cs", Marked(Controller, true, true)),
            new TestSource("Startup.cs", """
                using Microsoft.Extensions.DependencyInjection;

                public static class Startup
                {
                    public static void Register(IServiceCollection services)
                    {
                        services.AddScoped<IOrderStore, SqlOrderStore>();
                        services.AddScoped(typeof(IRepository<>), typeof(SlowRepository<>));
                    }
                }
                """)),
        expected: new[]
        {
            Verify.Diagnostic("BURST005").WithLocation(0).WithOptions(Microsoft.CodeAnalysis.Testing.DiagnosticOptions.IgnoreAdditionalLocations)
                .WithArguments("OrdersController.Get", "Get \u2192 SqlOrderStore.Load (registered in Startup.cs) \u2192 Thread.Sleep"),
            Verify.Diagnostic("BURST005").WithLocation(1).WithOptions(Microsoft.CodeAnalysis.Testing.DiagnosticOptions.IgnoreAdditionalLocations)
                .WithArguments("OrdersController.Name", "Name \u2192 SlowRepository.Get (registered in Startup.cs) \u2192 Thread.Sleep"),
        });

    /// <summary>Nothing registers the interfaces: every implementation may run, the blocking one names the chain.</summary>
    [Fact]
    public Task NothingRegistersTheInterface_EveryImplementationCounts() => Verify.VerifyAnalyzerAsync(
        TestSource.Files(new TestSource("Stores.cs", Stores), new TestSource("Controller.cs", Marked(Controller, true, true))),
        expected: new[]
        {
            Verify.Diagnostic("BURST005").WithLocation(0).WithOptions(Microsoft.CodeAnalysis.Testing.DiagnosticOptions.IgnoreAdditionalLocations)
                .WithArguments("OrdersController.Get", "Get \u2192 SqlOrderStore.Load \u2192 Thread.Sleep"),
            Verify.Diagnostic("BURST005").WithLocation(1).WithOptions(Microsoft.CodeAnalysis.Testing.DiagnosticOptions.IgnoreAdditionalLocations)
                .WithArguments("OrdersController.Name", "Name \u2192 SlowRepository.Get \u2192 Thread.Sleep"),
        });

    /// <summary>
    /// Clean architecture: the infrastructure library registers its non-blocking store in an extension method of its
    /// own; the web project implements a blocking one too, unregistered. The web project sees the library's
    /// registration through its build (and in an editor, its source), and reports nothing.
    /// </summary>
    [Fact]
    public async Task ARegistrationInAnotherProjectsExtensionMethod_Decides()
    {
        const string Infrastructure = """
            using Microsoft.Extensions.DependencyInjection;
            using Shop.Domain;

            namespace Shop.Infrastructure
            {
                public class CachedOrderStore : IOrderStore
                {
                    public string Load(int id) => "cached";
                }

                public static class InfrastructureServices
                {
                    public static IServiceCollection AddInfrastructure(this IServiceCollection services) => services.AddScoped<IOrderStore, CachedOrderStore>();
                }
            }
            """;
        const string Web = """
            using Microsoft.AspNetCore.Mvc;
            using Shop.Domain;

            public class SqlOrderStore : IOrderStore
            {
                public string Load(int id)
                {
                    System.Threading.Thread.Sleep(10);
                    return "sql";
                }
            }

            public class OrdersController(IOrderStore store) : ControllerBase
            {
                public string Get(int id) => store.Load(id);
            }
            """;

        var solution = new LayeredSolution(libraryReferences: ReferenceSets.Default).Library("Shop.Domain", Domain).Library("Shop.Infrastructure", Infrastructure);
        Assert.Empty(await solution.BuildAsync(Web));
        Assert.Empty(await solution.EditorAsync(Web));

        // Without the registration, the web project's blocking store may run.
        var unregistered = new LayeredSolution(libraryReferences: ReferenceSets.Default)
            .Library("Shop.Domain", Domain)
            .Library("Shop.Infrastructure", Infrastructure.Replace("=> services.AddScoped<IOrderStore, CachedOrderStore>();", "=> services;", System.StringComparison.Ordinal));
        Assert.Single(await unregistered.BuildAsync(Web));
        Assert.Single(await unregistered.EditorAsync(Web));
    }

    /// <summary>
    /// The route names the registration that sent the call to the blocking implementation (issue 35): here, the
    /// infrastructure library's own extension method registers it, so the host's message names that file and project, in
    /// a build (from the library's chains file) as in an editor (from its source). Where nothing registers the service,
    /// every implementation may run and no registration is named.
    /// </summary>
    [Fact]
    public async Task TheRouteNamesTheRegistrationInTheLibraryThatMakesIt()
    {
        const string Infrastructure = OrderStoreSources.Stores + """

            namespace Shop.Infrastructure
            {
                public static class InfrastructureServices
                {
                    public static Microsoft.Extensions.DependencyInjection.IServiceCollection AddInfrastructure(this Microsoft.Extensions.DependencyInjection.IServiceCollection services)
                        => Microsoft.Extensions.DependencyInjection.ServiceCollectionServiceExtensions.AddScoped<IOrderStore, SqlOrderStore>(services);
                }
            }
            """;
        const string Web = """
            using Microsoft.AspNetCore.Mvc;
            using Shop.Domain;

            public class OrdersController(IOrderStore store) : ControllerBase
            {
                public string Get(int id) => store.Load(id);
            }
            """;

        const string Registered = "Web.cs(6,34): BURST005: Request handler 'OrdersController.Get' reaches a blocking call through other methods: Get \u2192 [Shop.Domain] IOrderStore.Load \u21D2 [Shop.Infrastructure] SqlOrderStore.Load (registered in Shop.Infrastructure.cs of Shop.Infrastructure) \u2192 Thread.Sleep [Shop.Infrastructure.cs(9,13)]";
        var solution = new LayeredSolution(libraryReferences: ReferenceSets.Default).Library("Shop.Domain", Domain).Library("Shop.Infrastructure", Infrastructure);
        Assert.Equal(new[] { Registered }, LayeredSolution.Describe(await solution.BuildAsync(Web)));
        Assert.Equal(new[] { Registered }, LayeredSolution.Describe(await solution.EditorAsync(Web)));

        // Registered nowhere: every implementation may run; the blocking one is named, with no registration.
        var unregistered = new LayeredSolution(libraryReferences: ReferenceSets.Default)
            .Library("Shop.Domain", Domain)
            .Library("Shop.Infrastructure", Infrastructure.Replace("=> Microsoft.Extensions.DependencyInjection.ServiceCollectionServiceExtensions.AddScoped<IOrderStore, SqlOrderStore>(services);", "=> services;", System.StringComparison.Ordinal));
        var anyImplementation = Registered.Replace(" (registered in Shop.Infrastructure.cs of Shop.Infrastructure)", "", System.StringComparison.Ordinal);
        Assert.Equal(new[] { anyImplementation }, LayeredSolution.Describe(await unregistered.BuildAsync(Web)));
        Assert.Equal(new[] { anyImplementation }, LayeredSolution.Describe(await unregistered.EditorAsync(Web)));
    }

    /// <summary>
    /// The interface and its implementations in one library (a file store and a memory store), the host registering
    /// one: that registration decides, not the library's own answer for the interface member (its first implementation
    /// that blocks). The memory store registered: silent, in a build and in an editor; the file store: reported through
    /// it. An internal implementation registered inside the library is not visible to the host, and an explicit
    /// implementation carries no chain of its own: the library's answer stands, and the host reports it.
    /// </summary>
    [Theory]
    [InlineData("MemoryStockStore", "public", "")]
    [InlineData("FileStockStore", "public", "Web.cs(12,35): BURST005: Request handler 'StockController.Get' reaches a blocking call through other methods: Get \u2192 [Shop.Data] IStockStore.Count \u21D2 [Shop.Data] FileStockStore.Count (registered in Web.cs) \u2192 File.ReadAllLines [Shop.Data.cs(12,41)]")]
    [InlineData("", "internal", "Web.cs(12,35): BURST005: Request handler 'StockController.Get' reaches a blocking call through other methods: Get \u2192 [Shop.Data] FileStockStore.Count \u2192 File.ReadAllLines [Shop.Data.cs(12,41)]")]
    [InlineData("FileStockStore", "explicit", "Web.cs(12,35): BURST005: Request handler 'StockController.Get' reaches a blocking call through other methods: Get \u2192 [Shop.Data] FileStockStore.Count \u2192 File.ReadAllLines [Shop.Data.cs(12,46)]")]
    public async Task TheInterfaceAndItsImplementationsInOneLibrary_TheRegistrationDecides(string registeredByHost, string accessibility, string expected)
    {
        const string Data = """
            using Microsoft.Extensions.DependencyInjection;

            namespace Shop.Data
            {
                public interface IStockStore
                {
                    int Count(string sku);
                }

                ACCESS class FileStockStore : IStockStore
                {
                    public int Count(string sku) => System.IO.File.ReadAllLines(sku).Length;
                }

                public class MemoryStockStore : IStockStore
                {
                    public int Count(string sku) => 1;
                }

                public static class DataServices
                {
                    public static IServiceCollection AddData(this IServiceCollection services) => services.AddScoped<IStockStore, FileStockStore>();
                }
            }
            """;
        const string Web = """
            using Microsoft.AspNetCore.Mvc;
            using Microsoft.Extensions.DependencyInjection;
            using Shop.Data;

            public static class Startup
            {
                public static void Register(IServiceCollection services) => REGISTRATION;
            }

            public class StockController(IStockStore store) : ControllerBase
            {
                public int Get(string sku) => store.Count(sku);
            }
            """;

        // "explicit": a public store implementing the member explicitly, which its project carries nothing for.
        var data = accessibility == "explicit"
            ? Data.Replace("ACCESS", "public", System.StringComparison.Ordinal).Replace("public int Count(string sku) => System.IO.File", "int IStockStore.Count(string sku) => System.IO.File", System.StringComparison.Ordinal)
            : Data.Replace("ACCESS", accessibility, System.StringComparison.Ordinal);
        if (registeredByHost.Length > 0)
        {
            // The library's own registration is not the one the host uses.
            data = data.Replace("=> services.AddScoped<IStockStore, FileStockStore>();", "=> services;", System.StringComparison.Ordinal);
        }

        var web = Web.Replace("REGISTRATION", registeredByHost.Length > 0 ? "services.AddScoped<IStockStore, " + registeredByHost + ">()" : "services.AddData()", System.StringComparison.Ordinal);
        var solution = new LayeredSolution(libraryReferences: ReferenceSets.Default).Library("Shop.Data", data);
        var expectedLines = expected.Length == 0 ? System.Array.Empty<string>() : new[] { expected };
        Assert.Equal(expectedLines, LayeredSolution.Describe(await solution.BuildAsync(web)));
        Assert.Equal(expectedLines, LayeredSolution.Describe(await solution.EditorAsync(web)));
    }
    /// <summary>
    /// The method that runs for a registered type need not be declared in it: a store that inherits its member from a
    /// base class the interface does not name, or overrides the virtual member its base implements the interface with.
    /// The registered type decides which of them runs, through the base or the override (review finding: these ran
    /// nothing before, as neither the base nor the override is the interface's own implementation in a registered type).
    /// </summary>
    [Theory]
    [InlineData("FilePriceStore", "Get \u2192 FileStoreBase.Price (registered in Startup.cs as FilePriceStore) \u2192 Thread.Sleep")]
    [InlineData("SlowPriceStore", "Get \u2192 SlowPriceStore.Price (registered in Startup.cs) \u2192 Thread.Sleep")]
    [InlineData("PriceStore", "")]
    [InlineData("QuickPriceStore", "")]
    public Task TheRegisteredTypeInheritsOrOverridesTheMember_ItsMethodRuns(string registered, string route) => Verify.VerifyAnalyzerAsync(
        TestSource.Files(
            new TestSource("Stores.cs", """
                using System.Threading;

                public interface IPriceStore
                {
                    int Price(string sku);
                }

                public class FileStoreBase
                {
                    public int Price(string sku)
                    {
                        Thread.Sleep(10);
                        return 1;
                    }
                }

                public class FilePriceStore : FileStoreBase, IPriceStore
                {
                }

                public class PriceStore : IPriceStore
                {
                    public virtual int Price(string sku) => 1;
                }

                public class SlowPriceStore : PriceStore
                {
                    public override int Price(string sku)
                    {
                        Thread.Sleep(10);
                        return 2;
                    }
                }

                public class QuickPriceStore : SlowPriceStore
                {
                    public override int Price(string sku) => 3;
                }
                """),
            new TestSource("Controller.cs", """
                using Microsoft.AspNetCore.Mvc;

                public class PricesController(IPriceStore store) : ControllerBase
                {
                    public int Get(string sku) => MARK0store.Price(sku)END0;
                }
                """.Replace("MARK0", route.Length > 0 ? "{|#0:" : "").Replace("END0", route.Length > 0 ? "|}" : "")),
            new TestSource("Startup.cs", """
                using Microsoft.Extensions.DependencyInjection;

                public static class Startup
                {
                    public static void Register(IServiceCollection services) => services.AddScoped<IPriceStore, REGISTERED>();
                }
                """.Replace("REGISTERED", registered))),
        expected: route.Length == 0
            ? System.Array.Empty<Microsoft.CodeAnalysis.Testing.DiagnosticResult>()
            : new[]
            {
                Verify.Diagnostic("BURST005").WithLocation(0).WithOptions(Microsoft.CodeAnalysis.Testing.DiagnosticOptions.IgnoreAdditionalLocations)
                    .WithArguments("PricesController.Get", route),
            });

    /// <summary>
    /// The same across projects: the infrastructure library's registered store inherits its blocking member from a base
    /// class; the host registers it and reports through the base's method, in a build and in an editor. With the
    /// non-blocking store registered instead, silent.
    /// </summary>
    [Theory]
    [InlineData("SqlOrderStore", "Web.cs(6,34): BURST005: Request handler 'OrdersController.Get' reaches a blocking call through other methods: Get \u2192 [Shop.Domain] IOrderStore.Load \u21D2 [Shop.Infrastructure] StoreBase.Load (registered in Web.cs as SqlOrderStore) \u2192 Thread.Sleep [Shop.Infrastructure.cs(9,13)]")]
    [InlineData("CachedOrderStore", "")]
    public async Task AnotherProjectsRegisteredTypeInheritsTheMember_TheBaseMethodRuns(string registered, string expected)
    {
        const string Infrastructure = """
            using Shop.Domain;

            namespace Shop.Infrastructure
            {
                public class StoreBase
                {
                    public string Load(int id)
                    {
                        System.Threading.Thread.Sleep(10);
                        return "sql";
                    }
                }

                public class SqlOrderStore : StoreBase, IOrderStore
                {
                }

                public class CachedOrderStore : IOrderStore
                {
                    public string Load(int id) => "cached";
                }
            }
            """;
        const string Web = """
            using Microsoft.AspNetCore.Mvc;
            using Shop.Domain;

            public class OrdersController(IOrderStore store) : ControllerBase
            {
                public string Get(int id) => store.Load(id);
            }

            public static class Startup
            {
                public static void Register(Microsoft.Extensions.DependencyInjection.IServiceCollection services)
                    => Microsoft.Extensions.DependencyInjection.ServiceCollectionServiceExtensions.AddScoped<IOrderStore, Shop.Infrastructure.REGISTERED>(services);
            }
            """;
        var web = Web.Replace("REGISTERED", registered, System.StringComparison.Ordinal);
        var solution = new LayeredSolution(libraryReferences: ReferenceSets.Default).Library("Shop.Domain", Domain).Library("Shop.Infrastructure", Infrastructure);
        var expectedLines = expected.Length == 0 ? System.Array.Empty<string>() : new[] { expected };
        Assert.Equal(expectedLines, LayeredSolution.Describe(await solution.BuildAsync(web)));
        Assert.Equal(expectedLines, LayeredSolution.Describe(await solution.EditorAsync(web)));
    }
}
