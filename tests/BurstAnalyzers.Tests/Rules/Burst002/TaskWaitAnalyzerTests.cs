using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst002;

public class TaskWaitAnalyzerTests
{
    [Fact]
    public Task EveryFormOfSynchronousWait() => Verify.VerifyAnalyzerAsync("""
        using System;
        using System.Net.Http;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class QuotesController : ControllerBase
        {
            private static readonly HttpClient Http = new();

            public string Get()
            {
                var response = {|BURST002:Http.GetAsync("http://quotes/").Result|};
                var body = {|BURST002:response.Content.ReadAsStringAsync().GetAwaiter().GetResult()|};
                var other = {|BURST002:Http.GetStringAsync("http://x/").ConfigureAwait(false).GetAwaiter().GetResult()|};
                Task save = Task.Delay(1), audit = Task.Delay(2), log = Task.Delay(3);
                {|BURST002:save.Wait()|};
                {|BURST002:audit.Wait(TimeSpan.FromSeconds(1))|};
                {|BURST002:log.GetAwaiter().GetResult()|};
                {|BURST002:Task.WaitAll(save, Task.Delay(2))|};
                {|BURST002:Task.WaitAny(save)|};
                ValueTask<int> pending = new ValueTask<int>(Task.FromResult(1));
                var value = {|BURST002:pending.Result|} + {|BURST002:pending.GetAwaiter().GetResult()|};
                return body + other + value;
            }
        }
        """);

    [Fact]
    public Task CompletedTasksAreNotReported() => Verify.VerifyAnalyzerAsync("""
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class CompletedController : ControllerBase
        {
            public async Task<int> Awaited(Task<int> first, Task<int> second)
            {
                await first;
                var both = Task.WhenAll(first, second);
                await Task.WhenAll(first, second).ConfigureAwait(false);
                return first.Result + second.GetAwaiter().GetResult();
            }

            public int FromResult()
            {
                Task.CompletedTask.ConfigureAwait(false).GetAwaiter().GetResult();
                return Task.FromResult(1).Result + new ValueTask<int>(3).Result + default(ValueTask<int>).Result;
            }

            public int Guarded(Task<int> task)
            {
                if (task.IsCompleted)
                {
                    return task.Result;
                }

                return task.IsCompletedSuccessfully && task.Id > 0 ? task.Result : 0;
            }

            public int EarlyExit(Task<int> task)
            {
                if (!task.IsCompletedSuccessfully)
                {
                    return -1;
                }

                return task.Result;
            }

            public int AfterWait(Task<int> task)
            {
                {|BURST002:task.Wait()|};
                return task.Result;
            }

            public int ZeroTimeouts(Task task) => task.Wait(0) || task.Wait(System.TimeSpan.Zero) ? 1 : 0;
        }
        """);

    [Fact]
    public Task CompletionThatMayNotHaveHappenedStillReports() => Verify.VerifyAnalyzerAsync("""
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class MaybeController : ControllerBase
        {
            public async Task<int> AwaitedInABranch(Task<int> task, bool flag)
            {
                if (flag)
                {
                    await task;
                }

                return {|BURST002:task.Result|};
            }

            public async Task<int> AwaitedAnotherTask(Task<int> task, Task<int> other)
            {
                await other;
                return {|BURST002:task.Result|};
            }

            public int WaitedWithTimeout(Task<int> task)
            {
                {|BURST002:task.Wait(100)|};
                return {|BURST002:task.Result|};
            }

            public int GuardNegated(Task<int> task) => !task.IsCompleted ? {|BURST002:task.Result|} : 0;

            public int UsedInNameOf(Task<int> task) => nameof(task.Result).Length;
        }
        """);

    [Fact]
    public Task TaskRunLambdaInsideAHandlerStillHoldsAPoolThread() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class BackgroundController : ControllerBase
        {
            public Task Start() => Task.Run(() => {|BURST001:Thread.Sleep(1000)|});
        }
        """);
}
