using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>
/// The same chains across projects in a .NET Framework 4.8 solution (C# 7.3): a classic WCF service in the web
/// project, a services library and a data library below it. The libraries' builds export their chains (BURST904) and
/// mark their assemblies as on .NET, so the build and the editor report the chain at the operation's call alike.
/// </summary>
public class CrossProjectNetFrameworkTests
{
    private const string Data = """
        namespace Shop.Data
        {
            public static class OrderStore
            {
                public static string Load()
                {
                    System.Threading.Thread.Sleep(50);
                    return "orders";
                }

                public static int Count() { return 3; }
            }
        }
        """;

    private const string Services = """
        namespace Shop.Services
        {
            public class OrderService
            {
                public virtual string Orders() { return Shop.Data.OrderStore.Load(); }

                public int Count() { return Shop.Data.OrderStore.Count(); }
            }
        }
        """;

    private const string Web = """
        using System.ServiceModel;
        using Shop.Services;

        [ServiceContract]
        public interface IOrderContract
        {
            [OperationContract]
            string GetOrders();

            [OperationContract]
            int CountOrders();
        }

        public class OrderContract : IOrderContract
        {
            private readonly OrderService _orders = new OrderService();

            public string GetOrders() { return _orders.Orders(); }

            public int CountOrders() { return _orders.Count(); }
        }
        """;

    private const string Expected =
        "Web.cs(18,40): BURST005: Request handler 'OrderContract.GetOrders' reaches a blocking call through other methods: GetOrders \u2192 [Shop.Services] OrderService.Orders \u2192 [Shop.Data] OrderStore.Load \u2192 Thread.Sleep [Shop.Data.cs(7,13)]";

    private static LayeredSolution Shop() => new LayeredSolution(netFramework: true).Library("Shop.Data", Data).Library("Shop.Services", Services);

    [Fact]
    public async Task Build_FollowsTheWcfOperationsCallIntoBothLibraries()
        => Assert.Equal(Expected, string.Join("\n", LayeredSolution.Describe(await Shop().BuildAsync(Web))));

    [Fact]
    public async Task Editor_ReportsTheSameChainFromTheLibrariesSource()
        => Assert.Equal(Expected, string.Join("\n", LayeredSolution.Describe(await Shop().EditorAsync(Web))));
}
