using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Microsoft.CodeAnalysis;
using Xunit;
using Fix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.Rules.ThreadSleepFixer>;

namespace BurstAnalyzers.Tests.AsyncConversion;

/// <summary>
/// The BURST001 fix turns WCF operations async without changing a single operation name, action, reply action or
/// wrapper, as WCF's own ContractDescription and SoapCore's describe the contract before and after the fix. One-way
/// operations are left as they are.
/// </summary>
public class WcfWireContractTests
{
    internal static readonly System.Collections.Immutable.ImmutableArray<TestSource> Before = TestSource.Files(
            new TestSource("IInventory.cs", """
                using System.ServiceModel;

                namespace Shop;

                [ServiceContract(Namespace = "urn:shop", Name = "Inventory")]
                public interface IInventory
                {
                    [OperationContract]
                    int Count(string sku);

                    [OperationContract]
                    string ReserveAsync(string sku);

                    [OperationContract(Action = "urn:shop/restock", ReplyAction = "urn:shop/restocked")]
                    bool Restock(string sku, int quantity);

                    [OperationContract(IsOneWay = true)]
                    void NotifyAsync(string message);

                    [OperationContract(Name = "Audit")]
                    string AuditTrailAsync();
                }
                """),
            new TestSource("Inventory.cs", """
                using System.Threading;

                namespace Shop;

                public class Inventory : IInventory
                {
                    public int Count(string sku) { [|Thread.Sleep(1)|]; return 0; }

                    public string ReserveAsync(string sku) { [|Thread.Sleep(1)|]; return sku; }

                    public bool Restock(string sku, int quantity) { [|Thread.Sleep(1)|]; return true; }

                    public void NotifyAsync(string message) => [|Thread.Sleep(1)|];

                    public string AuditTrailAsync() { [|Thread.Sleep(1)|]; return ""; }
                }
                """));

    [Fact]
    public async Task FixAll_KeepsOperationNamesAndActions()
    {
        var after = TestSource.Files(
            new TestSource("IInventory.cs", """
                using System.ServiceModel;
                using System.Threading.Tasks;

                namespace Shop;

                [ServiceContract(Namespace = "urn:shop", Name = "Inventory")]
                public interface IInventory
                {
                    [OperationContract]
                    Task<int> Count(string sku);

                    [OperationContract(Name = "ReserveAsync")]
                    Task<string> ReserveAsync(string sku);

                    [OperationContract(Action = "urn:shop/restock", ReplyAction = "urn:shop/restocked")]
                    Task<bool> Restock(string sku, int quantity);

                    [OperationContract(IsOneWay = true)]
                    void NotifyAsync(string message);

                    [OperationContract(Name = "Audit")]
                    Task<string> AuditTrailAsync();
                }
                """),
            new TestSource("Inventory.cs", """
                using System.Threading;
                using System.Threading.Tasks;

                namespace Shop;

                public class Inventory : IInventory
                {
                    public async Task<int> Count(string sku) { await Task.Delay(1); return 0; }

                    public async Task<string> ReserveAsync(string sku) { await Task.Delay(1); return sku; }

                    public async Task<bool> Restock(string sku, int quantity) { await Task.Delay(1); return true; }

                    public void NotifyAsync(string message) => [|Thread.Sleep(1)|];

                    public async Task<string> AuditTrailAsync() { await Task.Delay(1); return ""; }
                }
                """));
        await Fix.VerifyCodeFixAsync(Before, after);

        using var wireBefore = await WireContracts.CompileAsync(TestWorkspace.CreateProject(Before));
        using var wireAfter = await WireContracts.CompileAsync(TestWorkspace.CreateProject(after));
        var wcf = wireBefore.DescribeWithWcf("Shop.IInventory");
        Assert.Equal(new[] { "Audit", "Count", "NotifyAsync", "ReserveAsync", "Restock" }, wcf.Select(o => o.Name));
        Assert.Equal(wcf, wireAfter.DescribeWithWcf("Shop.IInventory"));
        Assert.Equal(wireBefore.DescribeWithSoapCore("Shop.IInventory"), wireAfter.DescribeWithSoapCore("Shop.IInventory"));

        // The contract really did change shape: every operation now returns a Task, but the one-way one, which the fix
        // leaves alone (no fix for one-way operations).
        var compilation = (await TestWorkspace.CreateProject(after).GetCompilationAsync())!;
        var contract = compilation.GetTypeByMetadataName("Shop.IInventory")!;
        Assert.All(contract.GetMembers().OfType<IMethodSymbol>().Where(m => m.Name != "NotifyAsync"), m => Assert.Equal("System.Threading.Tasks", m.ReturnType.ContainingNamespace.ToDisplayString()));
        Assert.True(contract.GetMembers("NotifyAsync").OfType<IMethodSymbol>().Single().ReturnsVoid);
    }
}
