using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Xunit;
using Fix = BurstAnalyzers.Tests.Infrastructure.CodeFixVerifier<BurstAnalyzers.Rules.CallChainAnalyzer, BurstAnalyzers.Rules.CallChainFixer>;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>The chain fix turns WCF operations async through their helpers without changing the contract as WCF's and
/// SoapCore's own descriptions see it, while the helpers themselves take their ...Async names.</summary>
public class ChainWireContractTests
{
    [Fact]
    public async Task FixAll_KeepsOperationNamesAndActions_HelpersAreRenamed()
    {
        var (before, after) = await Fix.FixAllInSolutionAsync(TestSource.Files(
            new TestSource("IOrders.cs", """
                using System.ServiceModel;

                namespace Shop;

                [ServiceContract(Namespace = "urn:shop", Name = "Orders")]
                public interface IOrders
                {
                    [OperationContract]
                    int Place(string sku);

                    [OperationContract]
                    string TrackAsync(int id);

                    [OperationContract(Action = "urn:shop/cancel")]
                    void Cancel(int id);
                }
                """),
            new TestSource("Orders.cs", """
                using System.IO;

                namespace Shop;

                public class Orders : IOrders
                {
                    private readonly Ledger _ledger = new();

                    public int Place(string sku) => _ledger.Append(sku);

                    public string TrackAsync(int id) => _ledger.Line(id);

                    public void Cancel(int id) => _ledger.Append("cancel " + id);
                }

                public class Ledger
                {
                    public int Append(string entry)
                    {
                        File.AppendAllText("ledger.txt", entry);
                        return 1;
                    }

                    public string Line(int id) => File.ReadAllText("ledger.txt");
                }
                """)));

        using var wireBefore = await WireContracts.CompileAsync(before.Projects.Single());
        using var wireAfter = await WireContracts.CompileAsync(after.Projects.Single());
        var wcf = wireBefore.DescribeWithWcf("Shop.IOrders");
        Assert.Equal(new[] { "Cancel", "Place", "TrackAsync" }, wcf.Select(o => o.Name));
        Assert.Equal(wcf, wireAfter.DescribeWithWcf("Shop.IOrders"));
        Assert.Equal(wireBefore.DescribeWithSoapCore("Shop.IOrders"), wireAfter.DescribeWithSoapCore("Shop.IOrders"));

        var compilation = (await after.Projects.Single().GetCompilationAsync())!;
        var contract = compilation.GetTypeByMetadataName("Shop.IOrders")!;
        Assert.All(contract.GetMembers().OfType<IMethodSymbol>(), m => Assert.Equal("System.Threading.Tasks", m.ReturnType.ContainingNamespace.ToDisplayString()));
        var ledger = compilation.GetTypeByMetadataName("Shop.Ledger")!;
        Assert.Equal(new[] { "AppendAsync", "LineAsync" }, ledger.GetMembers().OfType<IMethodSymbol>().Where(m => m.MethodKind == MethodKind.Ordinary).Select(m => m.Name).OrderBy(n => n));
    }
}
