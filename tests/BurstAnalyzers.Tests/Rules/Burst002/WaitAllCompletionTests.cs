using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst002;

/// <summary>
/// Task.WaitAll returns only once every task it was given is complete: reading their results in a later statement of
/// the same flow does not block (the tasks one by one, in an array, or an array or list of them), while the WaitAll
/// itself still does. Not complete: a task it was not given (or named only inside a lambda of its argument), a read
/// before it or where it may not have run, after a WaitAll with a timeout (it may return false with tasks pending) or a
/// WaitAny, a collection changed after it.
/// </summary>
public class WaitAllCompletionTests
{
    private const string Usings = """
        using System;
        using System.Collections.Generic;
        using System.Linq;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        """;

    [Fact]
    public Task TheTasksGivenToWaitAllAreCompleteAfterIt() => Verify.VerifyAnalyzerAsync(Usings + """
        public class TotalsController : ControllerBase
        {
            public int Sum(Task<int> a, Task<int> b, Task<int> c)
            {
                {|BURST002:Task.WaitAll(a, b)|};
                return a.Result + b.GetAwaiter().GetResult() + {|BURST002:c.Result|};
            }

            public int Local(Task<int> a)
            {
                var b = Task.Run(() => 2);
                {|BURST002:Task.WaitAll(new[] { a, b })|};
                return a.Result + b.Result;
            }

            public int WithAToken(Task<int> a, Task<int> b, CancellationToken cancellationToken)
            {
                {|BURST002:Task.WaitAll(new Task[] { a, b }, cancellationToken)|};
                return a.Result + b.Result;
            }

            public int Array(Task<int>[] tasks)
            {
                {|BURST002:Task.WaitAll(tasks)|};
                var sum = 0;
                foreach (var t in tasks)
                {
                    sum += t.Result;
                }

                return sum + tasks[0].Result + tasks.Sum(t => t.Result);
            }

            public int List(List<Task<int>> tasks)
            {
                {|BURST002:Task.WaitAll(tasks)|};
                return tasks[0].Result + tasks.Select(t => t.Result).Sum();
            }
        }
        """);

    [Fact]
    public Task WaitAllCompletesOnlyWhatItWasGivenAfterItRan() => Verify.VerifyAnalyzerAsync(Usings + """
        public class PendingController : ControllerBase
        {
            public int Before(Task<int> a, Task<int> b)
            {
                var first = {|BURST002:a.Result|};
                {|BURST002:Task.WaitAll(a, b)|};
                return first + b.Result;
            }

            public int WithATimeout(Task<int> a, Task<int> b)
            {
                {|BURST002:Task.WaitAll(new Task[] { a, b }, 100)|};
                {|BURST002:Task.WaitAll(new Task[] { a }, TimeSpan.FromSeconds(1))|};
                return {|BURST002:a.Result|} + {|BURST002:b.Result|};
            }

            public int InABranch(Task<int> a, bool wait)
            {
                if (wait)
                {
                    {|BURST002:Task.WaitAll(a)|};
                }

                return {|BURST002:a.Result|};
            }

            public int Any(Task<int> a, Task<int> b)
            {
                {|BURST002:Task.WaitAny(a, b)|};
                return {|BURST002:a.Result|};
            }

            public int OnlyInALambda(Task<int> a, int[] ids)
            {
                {|BURST002:Task.WaitAll(ids.Select(id => a.ContinueWith(done => id)).ToArray())|};
                return {|BURST002:a.Result|};
            }

            public int AnotherCollection(Task<int>[] tasks, Task<int>[] others)
            {
                {|BURST002:Task.WaitAll(tasks)|};
                return {|BURST002:others[0].Result|};
            }

            public int CollectionWithATimeout(Task<int>[] tasks)
            {
                {|BURST002:Task.WaitAll(tasks, 100)|};
                return {|BURST002:tasks[0].Result|};
            }

            public int CollectionChangedAfter(List<Task<int>> tasks)
            {
                {|BURST002:Task.WaitAll(tasks)|};
                tasks.Add(Task.Run(() => 1));
                return {|BURST002:tasks[0].Result|};
            }
        }
        """);

    /// <summary>The same care for an awaited Task.WhenAll: a task named only inside a lambda of its argument may never
    /// have been waited for (no ids, no continuation).</summary>
    [Fact]
    public Task ATaskNamedOnlyInALambdaOfWhenAllIsNotComplete() => Verify.VerifyAnalyzerAsync(Usings + """
        public class ContinuedController : ControllerBase
        {
            public async Task<int> Get(Task<int> a, int[] ids)
            {
                await Task.WhenAll(ids.Select(id => a.ContinueWith(done => id)));
                return {|BURST002:a.Result|};
            }
        }
        """);
}
