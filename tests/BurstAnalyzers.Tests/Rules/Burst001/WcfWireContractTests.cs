using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Xunit;
using Fix = BurstAnalyzers.Tests.Infrastructure.CodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.Rules.ThreadSleepFixer>;

namespace BurstAnalyzers.Tests.Rules.Burst001;

/// <summary>
/// The BURST001 fix turns WCF operations async without changing a single operation name, action, reply action or
/// wrapper, as WCF's own ContractDescription and SoapCore's describe the contract before and after the fix.
/// </summary>
public class WcfWireContractTests
{
    [Fact]
    public async Task FixAll_KeepsOperationNamesAndActions()
    {
        var (before, after) = await Fix.FixAllInSolutionAsync(TestSource.Files(
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
                    public int Count(string sku) { Thread.Sleep(1); return 0; }

                    public string ReserveAsync(string sku) { Thread.Sleep(1); return sku; }

                    public bool Restock(string sku, int quantity) { Thread.Sleep(1); return true; }

                    public void NotifyAsync(string message) => Thread.Sleep(1);

                    public string AuditTrailAsync() { Thread.Sleep(1); return ""; }
                }
                """)));

        using var wireBefore = await WireContracts.CompileAsync(before.Projects.Single());
        using var wireAfter = await WireContracts.CompileAsync(after.Projects.Single());

        var wcf = wireBefore.DescribeWithWcf("Shop.IInventory");
        Assert.Equal(5, wcf.Count);
        Assert.Equal(wcf, wireAfter.DescribeWithWcf("Shop.IInventory"));
        Assert.Equal(wireBefore.DescribeWithSoapCore("Shop.IInventory"), wireAfter.DescribeWithSoapCore("Shop.IInventory"));
        Assert.Equal(new[] { "Audit", "Count", "NotifyAsync", "ReserveAsync", "Restock" }, wcf.Select(o => o.Name));

        // The contract really did change shape: every operation now returns a Task.
        var compilation = (await after.Projects.Single().GetCompilationAsync())!;
        var contract = compilation.GetTypeByMetadataName("Shop.IInventory")!;
        Assert.All(contract.GetMembers().OfType<IMethodSymbol>(), m => Assert.Equal("System.Threading.Tasks", m.ReturnType.ContainingNamespace.ToDisplayString()));
    }
}
