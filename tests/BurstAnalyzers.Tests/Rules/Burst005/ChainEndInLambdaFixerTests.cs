using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.CallChainAnalyzer, BurstAnalyzers.Rules.CallChainFixer>;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>A chain that ends in a lambda queued to the pool: making the methods async would not reach the blocking
/// call, so the chain fix is not offered (offload remains).</summary>
public class ChainEndInLambdaFixerTests
{
    [Fact]
    public Task NoChainFixWhenTheBlockingCallIsInAQueuedLambda() => Verify.VerifyNoFixAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class Audit
        {
            public void Record() => Task.Run(() => Thread.Sleep(1000));
        }

        public class AuditController : ControllerBase
        {
            public IActionResult Post()
            {
                {|BURST005:new Audit().Record()|};
                return Accepted();
            }
        }
        """);
}
