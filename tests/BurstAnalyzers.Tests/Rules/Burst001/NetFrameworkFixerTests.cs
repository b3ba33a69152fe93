using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.Rules.ThreadSleepFixer>;

namespace BurstAnalyzers.Tests.Rules.Burst001;

/// <summary>The fix in a .NET Framework 4.8 project (C# 7.3): the WCF report's operation becomes async, its contract
/// changes in step, and nothing newer than C# 7.3 appears (the harness compiles the result with that version).</summary>
public class NetFrameworkFixerTests
{
    [Fact]
    public Task WcfReportOperation_BecomesAsync_InCSharp73() => Verify.VerifyNet48CodeFixAsync("""
        using System.ServiceModel;
        using System.Threading;

        [ServiceContract]
        public interface IService1
        {
            [OperationContract]
            string GetData(int value);
        }

        public class Service1 : IService1
        {
            public string GetData(int value)
            {
                [|Thread.Sleep(2000)|];
                return string.Format("You entered: {0}", value);
            }
        }
        """, """
        using System.ServiceModel;
        using System.Threading;
        using System.Threading.Tasks;

        [ServiceContract]
        public interface IService1
        {
            [OperationContract]
            Task<string> GetData(int value);
        }

        public class Service1 : IService1
        {
            public async Task<string> GetData(int value)
            {
                await Task.Delay(2000);
                return string.Format("You entered: {0}", value);
            }
        }
        """);
}
