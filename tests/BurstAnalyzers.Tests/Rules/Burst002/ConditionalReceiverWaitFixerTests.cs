using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.Rules.TaskWaitFixer>;

namespace BurstAnalyzers.Tests.Rules.Burst002;

/// <summary>A wait after <c>?.</c>: the await would land inside the access (<c>_pending?.(await .Count)</c>, which does
/// not parse), and the access's value is used. No fix.</summary>
public class ConditionalReceiverWaitFixerTests
{
    [Fact]
    public Task ResultAfterQuestionDot_ValueUsed_NoFix() => Verify.VerifyNoFixAsync("""
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class Pending
        {
            public Task<int> Count { get; set; }
        }

        public class CountsController : ControllerBase
        {
            private readonly Pending _pending = new Pending();

            public int Get() => _pending?[|.Count.Result|] ?? 0;
        }
        """);
}
