using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst002;

/// <summary>
/// Reading a task's result blocks unless the task is complete on every path to the read. Complete: awaited (alone, with
/// ConfigureAwait, or in an awaited Task.WhenAll) or waited for without a timeout in an earlier statement that always
/// runs; inside a completion check, on either side of &amp;&amp;; after an early exit taken when it is not complete,
/// the check alone or in ||. Not complete: a task Task.WhenAll was not given, an await that may not run (in a loop,
/// a switch case, a try or catch block, a lambda, a local function, a branch), a wait that may time out, a check
/// that proves nothing (an || with a check, an &amp;&amp; of early-exit conditions, an exit that does not exit).
/// </summary>
public class CompletedTaskShapeTests
{
    [Fact]
    public Task OnlyTheTasksGivenToAnAwaitedWhenAllAreComplete() => Verify.VerifyAnalyzerAsync("""
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class TotalsController : ControllerBase
        {
            public async Task<int> Sum(Task<int> a, Task<int> b, Task<int> c)
            {
                await Task.WhenAll(a, b);
                return a.Result + b.Result + {|BURST002:c.Result|};
            }

            public async Task<int> Local(Task<int> a)
            {
                var b = Task.Run(() => 2);
                await Task.WhenAll(new[] { a, b });
                return a.Result + b.Result;
            }
        }
        """);

    [Fact]
    public Task AnAwaitThatMayNotRunDoesNotComplete() => Verify.VerifyAnalyzerAsync("""
        using System;
        using System.Collections.Generic;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class MaybeAwaitedController : ControllerBase
        {
            public async Task<int> InALoop(Task<int> task, int[] items)
            {
                foreach (var item in items)
                {
                    await task;
                }

                return {|BURST002:task.Result|};
            }

            public async Task<int> InAWhile(Task<int> task, int count)
            {
                while (count-- > 0)
                {
                    await task;
                }

                return {|BURST002:task.Result|};
            }

            public async Task<int> InASwitchCase(Task<int> task, int kind)
            {
                switch (kind)
                {
                    case 1:
                        await task;
                        break;
                }

                return {|BURST002:task.Result|};
            }

            public async Task<int> InATryBlock(Task<int> task, Task before)
            {
                try
                {
                    await before;
                    await task;
                }
                catch (InvalidOperationException)
                {
                }

                return {|BURST002:task.Result|};
            }

            public async Task<int> InACatchBlock(Task<int> task, Task before)
            {
                try
                {
                    await before;
                }
                catch (InvalidOperationException)
                {
                    await task;
                }

                return {|BURST002:task.Result|};
            }

            public int InALambda(Task<int> task)
            {
                Func<Task> later = async () => await task;
                return {|BURST002:task.Result|} + later.GetHashCode();
            }

            public int InALocalFunction(Task<int> task)
            {
                async Task Later() => await task;
                return {|BURST002:task.Result|} + Later().Id;
            }

            public async Task<int> OnOneSideOfAConditional(Task<int> task, bool flag)
            {
                var ignored = flag ? await task : 0;
                return {|BURST002:task.Result|} + ignored;
            }

            public async Task<int> OnTheRightOfAnd(Task<bool> flag, bool first)
            {
                var both = first && await flag;
                return ({|BURST002:flag.Result|} ? 1 : 0) + (both ? 1 : 0);
            }

            public async Task<int> OnlyIfNothingCached(Task<int> task, int? cached)
            {
                var value = cached ?? await task;
                return value + {|BURST002:task.Result|};
            }

            public async Task<int> OnlyIfThereIsAList(Task<int> task, List<int>? list)
            {
                list?.Add(await task);
                return {|BURST002:task.Result|};
            }
        }
        """);

    [Fact]
    public Task AnAwaitOrWaitInAnEarlierStatementCompletes() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class AwaitedController : ControllerBase
        {
            public async Task<int> Configured(Task<int> task)
            {
                await task.ConfigureAwait(false);
                return task.Result;
            }

            public async Task<int> InALoopBodyBeforeTheRead(Task<int> task, int[] items)
            {
                var sum = 0;
                foreach (var item in items)
                {
                    await task;
                    sum += task.Result + item;
                }

                return sum;
            }

            public async Task<int> InsideAnExpression(Task<int> task)
            {
                var doubled = 2 * await task;
                return doubled + task.Result;
            }

            public int WaitedWithAToken(Task<int> task, CancellationToken cancellationToken)
            {
                {|BURST002:task.Wait(cancellationToken)|};
                return task.Result;
            }

            public int WaitedWithATimeoutAndAToken(Task<int> task, CancellationToken cancellationToken)
            {
                {|BURST002:task.Wait(100, cancellationToken)|};
                return {|BURST002:task.Result|};
            }

            public int AnotherTaskWaited(Task<int> task, Task other)
            {
                {|BURST002:other.Wait()|};
                return {|BURST002:task.Result|};
            }

            public async Task<int> AwaitedUnlessComplete(Task<int> task)
            {
                if (!task.IsCompleted)
                    await task;

                return task.Result;
            }

            public async Task<int> AwaitedUnlessCompleteOnlySometimes(Task<int> task, bool flag)
            {
                if (!task.IsCompleted)
                {
                    if (flag)
                    {
                        await task;
                    }
                }

                return {|BURST002:task.Result|};
            }
        }
        """);

    [Fact]
    public Task EarlyExitsWhenNotComplete() => Verify.VerifyAnalyzerAsync("""
        using System;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class GuardController : ControllerBase
        {
            public int Throws(Task<int> task)
            {
                if (!task.IsCompleted) throw new InvalidOperationException("not ready");
                return task.Result;
            }

            public int ThrowsAfterLogging(Task<int> task)
            {
                if (!task.IsCompletedSuccessfully)
                {
                    Console.WriteLine("not ready");
                    throw new InvalidOperationException();
                }

                return task.Result;
            }

            public int Skips(Task<int>[] tasks)
            {
                var sum = 0;
                foreach (var t in tasks)
                {
                    if (!t.IsCompleted)
                    {
                        continue;
                    }

                    sum += t.Result;
                }

                return sum;
            }

            public int LogsOnly(Task<int> task)
            {
                if (!task.IsCompleted)
                {
                    Console.WriteLine("not ready");
                }

                return {|BURST002:task.Result|};
            }

            public int EmptyGuard(Task<int> task)
            {
                if (!task.IsCompleted)
                {
                }

                return {|BURST002:task.Result|};
            }

            public int ExitsWhenComplete(Task<int> task)
            {
                if (task.IsCompleted)
                {
                    return 0;
                }

                return {|BURST002:task.Result|};
            }
        }
        """);

    [Fact]
    public Task ChecksCombinedWithOtherConditions() => Verify.VerifyAnalyzerAsync("""
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class CombinedController : ControllerBase
        {
            public int RightOfAnd(Task<int> task, bool ready) => ready && task.IsCompleted ? task.Result : 0;

            public int LeftOfAnd(Task<int> task, bool ready) => task.IsCompleted && ready ? task.Result : 0;

            public int EitherOfOr(Task<int> task, bool ready) => ready || task.IsCompleted ? {|BURST002:task.Result|} : 0;

            public int ExitInsideOr(Task<int> task, bool stale)
            {
                if (stale || !task.IsCompletedSuccessfully)
                {
                    return 0;
                }

                return task.Result;
            }

            public int ExitLeftOfOr(Task<int> task, bool stale)
            {
                if (!task.IsCompleted || stale)
                {
                    return 0;
                }

                return task.Result;
            }

            public int ExitOnlyWhenBoth(Task<int> task, bool stale)
            {
                if (stale && !task.IsCompleted)
                {
                    return 0;
                }

                return {|BURST002:task.Result|};
            }

            public int AndWhenNotComplete(Task<int> task, bool stale) => !(stale && task.IsCompleted) ? {|BURST002:task.Result|} : 0;

            public int AnotherTasksCheck(Task<int> task, Task<int> other) => other.IsCompleted ? {|BURST002:task.Result|} : 0;
        }
        """);

    [Fact]
    public Task StatusChecksCompleteOnlyForAFinalStatus() => Verify.VerifyAnalyzerAsync("""
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class StatusController : ControllerBase
        {
            public int Final(Task<int> task) => task.Status == TaskStatus.RanToCompletion ? task.Result : 0;

            public int FinalOnTheLeft(Task<int> task) => TaskStatus.Faulted == task.Status ? task.Result : 0;

            public int Canceled(Task<int> task) => task.Status == TaskStatus.Canceled ? task.Result : 0;

            public int NotFinal(Task<int> task) => task.Status == TaskStatus.Running ? {|BURST002:task.Result|} : 0;

            public int NotEqualFinal(Task<int> task) => task.Status != TaskStatus.RanToCompletion ? {|BURST002:task.Result|} : 0;

            public int ExitUnlessFinal(Task<int> task)
            {
                if (task.Status != TaskStatus.RanToCompletion)
                {
                    return 0;
                }

                return task.Result;
            }

            public int AnotherTasksStatus(Task<int> task, Task<int> other) => other.Status == TaskStatus.RanToCompletion ? {|BURST002:task.Result|} : 0;
        }
        """);

    [Fact]
    public Task TasksMadeCompleteAndTasksThatMayBePending() => Verify.VerifyAnalyzerAsync("""
        using System;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public static class Jobs
        {
            public static Task<int> FromResult(int value) => Task.Run(() => value);
            public static Task<int> CompletedTask => Task.Run(() => 0);
        }

        public class MadeController : ControllerBase
        {
            public int Made(Exception error, CancellationToken canceled)
                => ValueTask.FromResult(1).Result + Task.FromException<int>(error).Result + Task.FromCanceled<int>(canceled).Result
                    + ValueTask.FromException<int>(error).Result;

            public void MadeWithoutResult() => ValueTask.CompletedTask.GetAwaiter().GetResult();

            public int WrapsAPendingTask(Task<int> task) => {|BURST002:new ValueTask<int>(task).Result|};

            public int WrapsAValue() => new ValueTask<int>(42).Result;

            public int NamedLikeTheFactories() => {|BURST002:Jobs.FromResult(1).Result|} + {|BURST002:Jobs.CompletedTask.Result|};
        }
        """);
}
