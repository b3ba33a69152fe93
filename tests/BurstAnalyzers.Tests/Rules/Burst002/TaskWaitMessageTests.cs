using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst002;

/// <summary>
/// What a BURST002 report tells the user: which wait it found (the name they search their code for) and what to write
/// instead — await the task, or await Task.WhenAll / Task.WhenAny in place of Task.WaitAll / Task.WaitAny.
/// </summary>
public class TaskWaitMessageTests
{
    [Fact]
    public Task EachWaitIsNamedWithItsAsyncReplacement() => Verify.VerifyAnalyzerAsync(
        """
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;

            public class OrdersController : ControllerBase
            {
                public int Get(Task save, Task<int> count, Task<int> other, ValueTask<int> total, ValueTask flush)
                {
                    {|#0:save.Wait()|};
                    {|#1:Task.WaitAll(save, other)|};
                    var first = {|#2:Task.WaitAny(save, count)|};
                    {|#3:flush.GetAwaiter().GetResult()|};
                    var pending = {|#4:count.ConfigureAwait(false).GetAwaiter().GetResult()|};
                    var configured = {|#7:total.ConfigureAwait(false).GetAwaiter().GetResult()|};
                    return first + pending + configured + {|#5:count.Result|} + {|#6:total.Result|};
                }
            }
            """,
        Verify.Diagnostic("BURST002").WithLocation(0).WithArguments("Task.Wait", "OrdersController.Get", "await the task"),
        Verify.Diagnostic("BURST002").WithLocation(1).WithArguments("Task.WaitAll", "OrdersController.Get", "await 'Task.WhenAll'"),
        Verify.Diagnostic("BURST002").WithLocation(2).WithArguments("Task.WaitAny", "OrdersController.Get", "await 'Task.WhenAny'"),
        Verify.Diagnostic("BURST002").WithLocation(3).WithArguments("GetAwaiter().GetResult()", "OrdersController.Get", "await the task"),
        Verify.Diagnostic("BURST002").WithLocation(4).WithArguments("GetAwaiter().GetResult()", "OrdersController.Get", "await the task"),
        Verify.Diagnostic("BURST002").WithLocation(5).WithArguments("Task.Result", "OrdersController.Get", "await the task"),
        Verify.Diagnostic("BURST002").WithLocation(6).WithArguments("ValueTask.Result", "OrdersController.Get", "await the task"),
        Verify.Diagnostic("BURST002").WithLocation(7).WithArguments("GetAwaiter().GetResult()", "OrdersController.Get", "await the task"));

    [Fact]
    public Task TheFullMessageReadsAsASentence() => Verify.VerifyAnalyzerAsync(
        """
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;

            public class ReportsController : ControllerBase
            {
                public void Build(Task[] parts) => {|#0:Task.WaitAll(parts)|};
            }
            """,
        Verify.Diagnostic("BURST002")
            .WithLocation(0)
            .WithMessage("'Task.WaitAll' waits synchronously for a task in request handler 'ReportsController.Build'; await 'Task.WhenAll' instead"));
}
