using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst002;

/// <summary>A ContinueWith continuation runs once its antecedent has finished: reading that task's result does not
/// block. Any other task read there still does.</summary>
public class ContinuationAntecedentTests
{
    [Fact]
    public Task TheAntecedentIsComplete_OtherTasksAreNot() => Verify.VerifyAnalyzerAsync("""
        using System.Net.Http;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class PagesController : ControllerBase
        {
            private static readonly HttpClient Http = new();

            public Task<IActionResult> Size(Task<int> other)
            {
                return Http.GetByteArrayAsync("http://a/").ContinueWith<IActionResult>((Task<byte[]> task) => Ok(task.Result.Length + {|BURST002:other.Result|}));
            }

            public Task<int> Length() => Http.GetStringAsync("http://b/").ContinueWith(t => t.Result.Length);
        }
        """);

    [Fact]
    public Task ATaskAwaitedWhenNotYetCompleteIsCompleteAfterwards() => Verify.VerifyAnalyzerAsync("""
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class PrecompletedController : ControllerBase
        {
            public async Task<int> Get(Task<int> task, Task<int> other)
            {
                if (!task.IsCompletedSuccessfully)
                {
                    await task;
                }

                if (!other.IsCompleted)
                {
                    await Task.Delay(1);
                }

                return task.Result + {|BURST002:other.Result|};
            }
        }
        """);
}
