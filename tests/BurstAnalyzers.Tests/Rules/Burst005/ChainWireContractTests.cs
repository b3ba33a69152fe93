using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Xunit;
using Fix = BurstAnalyzers.Tests.Infrastructure.CodeFixVerifier<BurstAnalyzers.Rules.CallChainAnalyzer, BurstAnalyzers.Rules.CallChainFixer>;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>The chain fix turns WCF operations async through their helpers without changing an operation name or SOAP
/// action, while the helpers themselves take their ...Async names.</summary>
public class ChainWireContractTests
{
    [Fact]
    public async Task FixAll_KeepsOperationNamesAndActions_HelpersAreRenamed()
    {
        var (before, after) = await Fix.FixAllInSolutionAsync(TestSource.Files(
            new TestSource("IOrders.cs", """
                using CoreWCF;

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

        var wireBefore = await WcfWireContract.DescribeAsync(before.Projects.Single(), "Shop.IOrders");
        var wireAfter = await WcfWireContract.DescribeAsync(after.Projects.Single(), "Shop.IOrders");
        Assert.Equal(3, wireBefore.Count);
        Assert.Equal(wireBefore, wireAfter);
        Assert.Contains(new WireOperation("TrackAsync", "urn:shop/Orders/TrackAsync", "urn:shop/Orders/TrackAsyncResponse", false), wireAfter);

        var compilation = (await after.Projects.Single().GetCompilationAsync())!;
        var contract = compilation.GetTypeByMetadataName("Shop.IOrders")!;
        Assert.All(contract.GetMembers().OfType<IMethodSymbol>(), m => Assert.Equal("System.Threading.Tasks", m.ReturnType.ContainingNamespace.ToDisplayString()));
        var ledger = compilation.GetTypeByMetadataName("Shop.Ledger")!;
        Assert.Equal(new[] { "AppendAsync", "LineAsync" }, ledger.GetMembers().OfType<IMethodSymbol>().Where(m => m.MethodKind == MethodKind.Ordinary).Select(m => m.Name).OrderBy(n => n));
    }
}
