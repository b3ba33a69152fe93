using System.Collections.Immutable;
using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using Fix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.Rules.ThreadSleepFixer>;

namespace BurstAnalyzers.Tests.AsyncConversion;

/// <summary>
/// The async fix keeps a WCF contract on both hosts that serve System.ServiceModel contracts: WCF and SoapCore. SoapCore
/// names an operation that has an Action and no Name after the action's last segment, where WCF uses the method name;
/// the Name WCF would need is added only where it is that segment, and the fix is not offered where it is not.
/// </summary>
public class SoapCoreWireContractTests
{
    private const string Contract = "Shop.IService1";

    private const string Before = """
        using System.ServiceModel;
        using System.Threading;

        namespace Shop;

        [ServiceContract]
        public interface IService1
        {
            [OperationContract]
            string GetData(int value);

            [OperationContract(Action = "http://tempuri.org/IService1/PingAsync")]
            string PingAsync();

            [OperationContract(Action = "urn:shop/ping")]
            string ProbeAsync();
        }

        public class Service1 : IService1
        {
            public string GetData(int value)
            {
                {|BURST001:Thread.Sleep(10)|};
                return string.Format("You entered: {0}", value);
            }

            public string PingAsync()
            {
                {|BURST001:Thread.Sleep(10)|};
                return "pong";
            }

            public string ProbeAsync()
            {
                {|BURST001:Thread.Sleep(10)|};
                return "probe";
            }
        }
        """;

    // ProbeAsync keeps its warning: Name = "ProbeAsync" would keep WCF's name but turn SoapCore's "ping" into "ProbeAsync",
    // and without it WCF would call the Task-returning operation "Probe".
    private const string After = """
        using System.ServiceModel;
        using System.Threading;
        using System.Threading.Tasks;

        namespace Shop;

        [ServiceContract]
        public interface IService1
        {
            [OperationContract]
            Task<string> GetData(int value);

            [OperationContract(Action = "http://tempuri.org/IService1/PingAsync", Name = "PingAsync")]
            Task<string> PingAsync();

            [OperationContract(Action = "urn:shop/ping")]
            string ProbeAsync();
        }

        public class Service1 : IService1
        {
            public async Task<string> GetData(int value)
            {
                await Task.Delay(10);
                return string.Format("You entered: {0}", value);
            }

            public async Task<string> PingAsync()
            {
                await Task.Delay(10);
                return "pong";
            }

            public string ProbeAsync()
            {
                {|BURST001:Thread.Sleep(10)|};
                return "probe";
            }
        }
        """;

    [Fact]
    public async Task SingleFixesAndFixAll_KeepTheContract_AsWcfAndSoapCoreDescribeIt()
    {
        // One fix at a time and Fix All in every scope produce exactly After (the verifier checks each) ...
        await Fix.VerifyCodeFixAsync(Before, After);

        // ... whose contract WCF and SoapCore describe exactly as they describe Before's.
        using var before = await WireContracts.CompileAsync(Project(Before));
        using var after = await WireContracts.CompileAsync(Project(After));
        var wcf = before.DescribeWithWcf(Contract);
        var soapCore = before.DescribeWithSoapCore(Contract);
        Assert.Equal(wcf, after.DescribeWithWcf(Contract));
        Assert.Equal(soapCore, after.DescribeWithSoapCore(Contract));

        // The two hosts really do name the Action-only operation differently: what the declined fix protects.
        Assert.Equal(new[] { "GetData", "PingAsync", "ProbeAsync" }, wcf.Select(o => o.Name));
        Assert.Equal(new[] { "GetData", "PingAsync", "ping" }, soapCore.Select(o => o.Name));
    }

    [Fact]
    public async Task AClientCompiledAgainstTheOriginalContract_GetsTheSameAnswersFromTheFixedServiceOnSoapCore()
    {
        // After is what every way of applying the fix produces (the test above).
        using var original = await WireContracts.CompileAsync(Project(Before), collectible: false);
        using var fixedService = await WireContracts.CompileAsync(Project(After), collectible: false);
        Assert.Equal(typeof(Task<string>), fixedService.Type(Contract).GetMethod("GetData")!.ReturnType);
        Assert.Equal(typeof(Task<string>), fixedService.Type(Contract).GetMethod("PingAsync")!.ReturnType);

        var client = original.Type(Contract); // the contract as the client was compiled against it: all synchronous
        // ProbeAsync is left out: SoapCore expects its request under the action's name ("ping") where a WCF client sends
        // "ProbeAsync", so it fails on the original service already; the fix leaves it as it is.
        var answers = new[] { ("GetData", new object?[] { 42 }), ("PingAsync", []) };
        await using var originalHost = await SoapCoreTestHost.StartAsync(original.Type(Contract), original.Type("Shop.Service1"));
        await using var fixedHost = await SoapCoreTestHost.StartAsync(fixedService.Type(Contract), fixedService.Type("Shop.Service1"));

        var fromOriginal = answers.Select(a => originalHost.Call(client, a.Item1, a.Item2)).ToList();
        var fromFixed = answers.Select(a => fixedHost.Call(client, a.Item1, a.Item2)).ToList();

        Assert.Equal(new object?[] { "You entered: 42", "pong" }, fromOriginal);
        Assert.Equal(fromOriginal, fromFixed);
    }

    private static Microsoft.CodeAnalysis.Project Project(string markup)
        => TestWorkspace.CreateProject([new TestSource("Service1.cs", markup)]);
}
