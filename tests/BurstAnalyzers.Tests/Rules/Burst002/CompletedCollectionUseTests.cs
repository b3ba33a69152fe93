using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst002;

/// <summary>
/// After <c>await Task.WhenAll(tasks)</c> the elements stay complete through every LINQ operator that keeps elements
/// and every read-only use of the list or array; a use that may put a pending task in it (a mutating method, passing
/// it to a method of one's own, an alias) makes its results blocking reads again. Only the tasks of the awaited
/// collection are complete: the other side of a Zip is not, nor an interface-typed collection that may be lazy.
/// </summary>
public class CompletedCollectionUseTests
{
    private const string Usings = """
        using System;
        using System.Collections.Generic;
        using System.Linq;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public static class Helpers
        {
            public static void Shuffle(List<Task<int>> tasks) { }
        }

        """;

    [Fact]
    public Task OperatorsThatKeepElementsKeepThemComplete() => Verify.VerifyAnalyzerAsync(Usings + """
        public class KeepController : ControllerBase
        {
            public async Task<int> Get(List<Task<int>> tasks)
            {
                await Task.WhenAll(tasks);
                return tasks.Where(t => t.Id > 0).Sum(t => t.Result)
                    + tasks.OrderBy(t => t.Id).ThenBy(t => t.Id).Sum(t => t.Result)
                    + tasks.OrderByDescending(t => t.Id).ThenByDescending(t => t.Id).Sum(t => t.Result)
                    + tasks.Skip(1).Take(2).Sum(t => t.Result)
                    + tasks.SkipWhile(t => t.Id < 0).TakeWhile(t => t.Id > 0).Sum(t => t.Result)
                    + tasks.Distinct().AsEnumerable().Reverse().Sum(t => t.Result)
                    + tasks.ToList().Sum(t => t.Result)
                    + tasks.Where(t => t.Id > 0).ToArray().Sum(t => t.Result)
                    + tasks.ToHashSet().Sum(t => t.Result)
                    + tasks.Cast<Task<int>>().Sum(t => t.Result)
                    + tasks.OfType<Task<int>>().Sum(t => t.Result)
                    + tasks.Select((t, index) => t.Result + index).Sum();
            }

            public async Task<int> Projected(List<Task<int>> tasks)
            {
                await Task.WhenAll(tasks);
                return tasks.Select(t => t.ContinueWith(done => done.Id)).Sum(t => {|BURST002:t.Result|});
            }

            public async Task<int> Zipped(List<Task<int>> tasks, List<Task<int>> pending)
            {
                await Task.WhenAll(tasks);
                return tasks.Zip(pending, (done, next) => done.Result + {|BURST002:next.Result|}).Sum()
                    + tasks.GroupBy(t => t.Id).Sum(g => {|BURST002:g.First().Result|});
            }
        }
        """);

    [Fact]
    public Task ReadOnlyUsesLeaveTheCollectionComplete() => Verify.VerifyAnalyzerAsync(Usings + """
        public class ReadController : ControllerBase
        {
            public async Task<int> List(List<Task<int>> tasks, Task<int> probe)
            {
                await Task.WhenAll(tasks);
                var copy = tasks.ToArray();
                var n = tasks.Contains(probe) ? tasks.IndexOf(probe) + tasks.LastIndexOf(probe) : 0;
                n += tasks.Find(t => t.Id > 0)?.Id ?? 0;
                n += tasks.FindAll(t => t.Id > 0).Count + tasks.FindIndex(t => t.Id > 0) + (tasks.FindLast(t => t.Id > 0)?.Id ?? 0);
                n += tasks.Exists(t => t.Id > 0) && tasks.TrueForAll(t => t.Id > 0) ? 1 : 0;
                n += tasks.ConvertAll(t => t.Id).Count + tasks.GetRange(0, 1).Count;
                tasks.ForEach(t => n += t.Id);
                using var each = tasks.GetEnumerator();
                tasks.CopyTo(copy);
                var first = await Task.WhenAny(tasks);
                if (tasks == null || tasks is { Count: 0 } || tasks is not List<Task<int>>)
                {
                    return 0;
                }

                foreach (var t in tasks)
                {
                    n += t.Id;
                }

                return n + first.Id + tasks.Count + tasks[0].Result;
            }

            public async Task<int> Array(Task<int>[] tasks)
            {
                await Task.WhenAll(tasks);
                var copy = new Task<int>[tasks.Length];
                tasks.CopyTo(copy, 0);
                var n = tasks.GetLength(0) + (tasks.GetValue(0) is Task<int> t ? t.Id : 0);
                return n + tasks[0].Result;
            }
        }
        """);

    [Fact]
    public Task UsesThatMayAddPendingTasksReport() => Verify.VerifyAnalyzerAsync(Usings + """
        public class ChangeController : ControllerBase
        {
            public async Task<int> Inserted(List<Task<int>> tasks)
            {
                await Task.WhenAll(tasks);
                tasks.Insert(0, Task.Run(() => 1));
                return {|BURST002:tasks[0].Result|};
            }

            public async Task<int> Passed(List<Task<int>> tasks)
            {
                await Task.WhenAll(tasks);
                Helpers.Shuffle(tasks);
                return {|BURST002:tasks[0].Result|};
            }

            public async Task<int> Aliased(List<Task<int>> tasks)
            {
                await Task.WhenAll(tasks);
                var alias = tasks;
                alias.Add(Task.Run(() => 1));
                return {|BURST002:tasks[0].Result|};
            }

            public async Task<int> Interface(IList<Task<int>> tasks)
            {
                await Task.WhenAll(tasks);
                return {|BURST002:tasks[0].Result|};
            }

            public async Task<int> AwaitedInALambda(List<Task<int>> tasks)
            {
                Func<Task> all = async () => await Task.WhenAll(tasks);
                await all();
                return {|BURST002:tasks[0].Result|};
            }

            public async Task<int> AwaitedInABranchOfTheStatement(List<Task<int>> tasks, bool wait)
            {
                var ignored = wait ? await Task.WhenAll(tasks) : new int[0];
                return {|BURST002:tasks[0].Result|} + ignored.Length;
            }

            public async Task<int> WhenAllOfMoreThanTheCollection(Task<int>[] tasks, Task<int> other)
            {
                await Task.WhenAll(tasks.Append(other));
                return {|BURST002:tasks[0].Result|};
            }
        }
        """);
}
