using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst002;

/// <summary>
/// What BURST002 reports as a wait on a task: the waits of Task, Task&lt;T&gt;, ValueTask and ValueTask&lt;T&gt; and
/// their awaiters (ConfigureAwait's too), with or without a result. Not a wait: a zero-timeout try over a set of
/// tasks, a member that only shares a name (ActionResult&lt;T&gt;.Result, a type's own Wait or GetResult), or the
/// awaiter of Task.Yield.
/// </summary>
public class TaskWaitTargetTests
{
    [Fact]
    public Task ZeroTimeoutTriesOverASetOfTasksDoNotBlock() => Verify.VerifyAnalyzerAsync("""
        using System;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class PollController : ControllerBase
        {
            public int Poll(Task[] tasks)
            {
                var all = Task.WaitAll(tasks, 0) && Task.WaitAll(tasks, TimeSpan.Zero);
                var any = Task.WaitAny(tasks, 0) + Task.WaitAny(tasks, TimeSpan.Zero);
                var bounded = {|BURST002:Task.WaitAll(tasks, 50)|};
                var one = {|BURST002:Task.WaitAny(tasks, TimeSpan.FromMilliseconds(50))|};
                return (all ? 1 : 0) + any + (bounded ? 1 : 0) + one;
            }
        }
        """);

    [Fact]
    public Task ValueTaskWithoutAResultBlocksThroughItsAwaiters() => Verify.VerifyAnalyzerAsync("""
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class FlushController : ControllerBase
        {
            public void Flush(ValueTask flush, ValueTask commit)
            {
                {|BURST002:flush.GetAwaiter().GetResult()|};
                {|BURST002:commit.ConfigureAwait(false).GetAwaiter().GetResult()|};
                default(ValueTask).GetAwaiter().GetResult();
                ValueTask.CompletedTask.ConfigureAwait(false).GetAwaiter().GetResult();
            }
        }
        """);

    [Fact]
    public Task ConfiguredAwaiterOfAPendingTaskBlocksUnlessTheTaskWasAwaited() => Verify.VerifyAnalyzerAsync("""
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class PricesController : ControllerBase
        {
            public int Pending(Task<int> price) => {|BURST002:price.ConfigureAwait(false).GetAwaiter().GetResult()|};

            public void PendingWithoutResult(Task save) => {|BURST002:save.ConfigureAwait(true).GetAwaiter().GetResult()|};

            public async Task<int> Awaited(Task<int> price, Task save)
            {
                await price.ConfigureAwait(false);
                await save;
                save.ConfigureAwait(false).GetAwaiter().GetResult();
                return price.ConfigureAwait(false).GetAwaiter().GetResult();
            }
        }
        """);

    [Fact]
    public Task MembersThatOnlyShareANameAreNotWaits() => Verify.VerifyAnalyzerAsync("""
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class Outcome
        {
            public Task<int> Result { get; } = Task.FromResult(1);
        }

        public class Poller
        {
            public void Wait() { }
            public static bool WaitAll(int count) => count > 0;
            public static int WaitAny(int count) => count;
            public int GetResult() => 1;
        }

        public class ResultsController : ControllerBase
        {
            public ActionResult<int> Count() => 1;

            public IActionResult Unwrap(Outcome outcome, Poller poller, Task<int> pending)
            {
                ActionResult<int> counted = Count();
                poller.Wait();
                Task.Yield().GetAwaiter().GetResult();
                var flags = Poller.WaitAll(1) ? Poller.WaitAny(2) : poller.GetResult();
                var state = pending.Status.ToString() + pending.IsFaulted + pending.Exception;
                return counted.Result ?? Ok(outcome.Result.Id + flags + state);
            }
        }
        """);

    [Fact]
    public Task ResultOfATaskTypeDerivedFromTaskIsAWait() => Verify.VerifyAnalyzerAsync("""
        using System;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public sealed class Lookup : Task<int>
        {
            public Lookup(Func<int> work) : base(work) { }
        }

        public class LookupController : ControllerBase
        {
            public int Get(Lookup lookup) => {|BURST002:lookup.Result|};
        }
        """);

    /// <summary>Task&lt;T&gt;.Factory is the generic task's other property (a static one): no wait.</summary>
    [Fact]
    public Task TheGenericTasksFactoryIsNoWait() => Verify.VerifyAnalyzerAsync("""
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class CountController : ControllerBase
        {
            public async Task<int> Get() => await Task<int>.Factory.StartNew(() => 1);
        }
        """);
}
