using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Microsoft.CodeAnalysis;
using Xunit;
using Fix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.CallChainAnalyzer, BurstAnalyzers.Rules.CallChainFixer>;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>The chain fix turns WCF operations async through their helpers without changing the contract as WCF's and
/// SoapCore's own descriptions see it, while the helpers themselves take their ...Async names.</summary>
public class ChainWireContractTests
{
    internal static readonly System.Collections.Immutable.ImmutableArray<TestSource> Before = TestSource.Files(
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

                    public int Place(string sku) => [|_ledger.Append(sku)|];

                    public string TrackAsync(int id) => [|_ledger.Line(id)|];

                    public void Cancel(int id) => [|_ledger.Append("cancel " + id)|];
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
                """));

    [Fact]
    public async Task FixAll_KeepsOperationNamesAndActions_HelpersAreRenamed()
    {
        var after = TestSource.Files(
            new TestSource("IOrders.cs", """
                using System.ServiceModel;
                using System.Threading.Tasks;

                namespace Shop;

                [ServiceContract(Namespace = "urn:shop", Name = "Orders")]
                public interface IOrders
                {
                    [OperationContract]
                    Task<int> Place(string sku);

                    [OperationContract(Name = "TrackAsync")]
                    Task<string> TrackAsync(int id);

                    [OperationContract(Action = "urn:shop/cancel")]
                    Task Cancel(int id);
                }
                """),
            new TestSource("Orders.cs", """
                using System.IO;
                using System.Threading.Tasks;

                namespace Shop;

                public class Orders : IOrders
                {
                    private readonly Ledger _ledger = new();

                    public async Task<int> Place(string sku) => await _ledger.AppendAsync(sku);

                    public async Task<string> TrackAsync(int id) => await _ledger.LineAsync(id);

                    public async Task Cancel(int id) => await _ledger.AppendAsync("cancel " + id);
                }

                public class Ledger
                {
                    public async Task<int> AppendAsync(string entry)
                    {
                        await File.AppendAllTextAsync("ledger.txt", entry);
                        return 1;
                    }

                    public async Task<string> LineAsync(int id) => await File.ReadAllTextAsync("ledger.txt");
                }
                """));
        await Fix.VerifyCodeFixAsync(Before, after);

        using var wireBefore = await WireContracts.CompileAsync(TestWorkspace.CreateProject(Before));
        using var wireAfter = await WireContracts.CompileAsync(TestWorkspace.CreateProject(after));
        var wcf = wireBefore.DescribeWithWcf("Shop.IOrders");
        Assert.Equal(new[] { "Cancel", "Place", "TrackAsync" }, wcf.Select(o => o.Name));
        Assert.Equal(wcf, wireAfter.DescribeWithWcf("Shop.IOrders"));
        Assert.Equal(wireBefore.DescribeWithSoapCore("Shop.IOrders"), wireAfter.DescribeWithSoapCore("Shop.IOrders"));

        var compilation = (await TestWorkspace.CreateProject(after).GetCompilationAsync())!;
        var contract = compilation.GetTypeByMetadataName("Shop.IOrders")!;
        Assert.All(contract.GetMembers().OfType<IMethodSymbol>(), m => Assert.Equal("System.Threading.Tasks", m.ReturnType.ContainingNamespace.ToDisplayString()));
        var ledger = compilation.GetTypeByMetadataName("Shop.Ledger")!;
        Assert.Equal(new[] { "AppendAsync", "LineAsync" }, ledger.GetMembers().OfType<IMethodSymbol>().Where(m => m.MethodKind == MethodKind.Ordinary).Select(m => m.Name).OrderBy(n => n));
    }
}
