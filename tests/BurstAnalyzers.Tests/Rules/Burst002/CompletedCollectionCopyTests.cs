using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst002;

/// <summary>
/// A copy of a collection awaited with Task.WhenAll (List.ToArray, LINQ's ToArray and ToList) holds the same
/// completed tasks: reading their results from it does not block, whether the copy is kept in a local or used at once
/// (foreach, index, LINQ lambda). Reported still: a copy of a collection not awaited or changed after the await, a
/// copy changed or reassigned after it was made, and a copy of something else (a projection to new tasks).
/// </summary>
public class CompletedCollectionCopyTests
{
    private const string Usings = """
        using System.Collections.Generic;
        using System.Linq;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        """;

    [Fact]
    public Task CopiesOfAnAwaitedCollectionHoldCompletedTasks() => Verify.VerifyAnalyzerAsync(Usings + """
        public class CopyController : ControllerBase
        {
            public async Task<int> Kept(List<Task<int>> tasks)
            {
                await Task.WhenAll(tasks);
                var results = tasks.ToArray();
                var list = tasks.ToList();
                var sum = 0;
                foreach (var t in results)
                {
                    sum += t.Result;
                }

                return sum + results[0].Result + list[0].Result + list.Sum(t => t.Result);
            }

            public async Task<int> AtOnce(Task<int>[] tasks)
            {
                await Task.WhenAll(tasks);
                var sum = 0;
                foreach (var t in tasks.ToArray())
                {
                    sum += t.Result;
                }

                foreach (var t in tasks.ToList())
                {
                    sum += t.Result;
                }

                return sum + tasks.ToArray()[0].Result + tasks.ToList()[0].Result;
            }

            public async Task<int> OfAList(List<Task<int>> tasks)
            {
                await Task.WhenAll(tasks);
                return tasks.ToArray()[0].Result + tasks.ToArray().Sum(t => t.Result);
            }

            public async Task<int> CopyOfACopy(List<Task<int>> tasks)
            {
                await Task.WhenAll(tasks);
                var copy = tasks.ToArray();
                var again = copy.ToList();
                return again[0].Result + tasks.ToArray().ToList()[0].Result;
            }

            public int KeptByACheck(List<Task<int>> tasks)
            {
                var sum = 0;
                foreach (var t in tasks.Where(task => task.IsCompletedSuccessfully).ToList())
                {
                    sum += t.Result;
                }

                return sum;
            }
        }
        """);

    [Fact]
    public Task CopiesThatMayHoldPendingTasksReport() => Verify.VerifyAnalyzerAsync(Usings + """
        public class PendingCopyController : ControllerBase
        {
            public int NotAwaited(List<Task<int>> tasks)
            {
                var copy = tasks.ToArray();
                return {|BURST002:copy[0].Result|} + {|BURST002:tasks.ToList()[0].Result|};
            }

            public async Task<int> SourceChanged(List<Task<int>> tasks)
            {
                await Task.WhenAll(tasks);
                tasks.Add(Task.Run(() => 1));
                var copy = tasks.ToArray();
                return {|BURST002:copy[0].Result|};
            }

            public async Task<int> CopyChanged(List<Task<int>> tasks)
            {
                await Task.WhenAll(tasks);
                var copy = tasks.ToList();
                copy.Add(Task.Run(() => 1));
                return {|BURST002:copy[0].Result|};
            }

            public async Task<int> CopyReassigned(List<Task<int>> tasks, Task<int>[] pending)
            {
                await Task.WhenAll(tasks);
                var copy = tasks.ToArray();
                copy = pending;
                return {|BURST002:copy[0].Result|};
            }

            public async Task<int> Projected(List<Task<int>> tasks)
            {
                await Task.WhenAll(tasks);
                var copy = tasks.Select(t => t.ContinueWith(done => done.Id)).ToArray();
                return {|BURST002:copy[0].Result|} + {|BURST002:tasks.Select(t => Task.Run(() => t.Id)).ToList()[0].Result|};
            }
        }
        """);
}
