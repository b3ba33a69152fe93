using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst002;

/// <summary>
/// The elements of a list or array of tasks awaited with Task.WhenAll are complete: reading their results in a
/// foreach, by index or in a LINQ lambda does not block, nor does reading the tasks a completion check in Where kept.
/// Reported still: a collection not awaited, awaited in a branch, changed or reassigned after the await, a lazy
/// IEnumerable (enumerating it again starts new tasks), or a Where that checks something else.
/// </summary>
public class CompletedCollectionTests
{
    private const string Search = """
        using System.Collections.Generic;
        using System.Linq;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public interface ISource
        {
            Task<string[]> SearchAsync(string query);
        }

        """;

    [Fact]
    public Task ElementsOfAnAwaitedCollectionAreComplete() => Verify.VerifyAnalyzerAsync(Search + """
        public class SearchController : ControllerBase
        {
            private readonly ISource[] _sources = new ISource[0];

            public async Task<IActionResult> Status(string q)
            {
                var tasks = _sources.Select(s => s.SearchAsync(q)).ToList();
                await Task.WhenAll(tasks);
                return Ok(tasks.Where(t => t.Status == TaskStatus.RanToCompletion).SelectMany(t => t.Result).ToList());
            }

            public async Task<IActionResult> Each(string q)
            {
                var tasks = new List<Task<string[]>>();
                foreach (var source in _sources)
                {
                    tasks.Add(source.SearchAsync(q));
                }

                await Task.WhenAll(tasks).ConfigureAwait(false);
                var found = new List<string>();
                foreach (var t in tasks)
                {
                    found.AddRange(t.Result);
                }

                return Ok(found.Count + tasks[0].Result.Length);
            }

            public async Task<IActionResult> Array(string q)
            {
                var tasks = _sources.Select(s => s.SearchAsync(q)).ToArray();
                await Task.WhenAll(tasks);
                return Ok(tasks.Select(t => t.Result.Length).Sum() + tasks[0].Result.Length);
            }
        }
        """);

    [Fact]
    public Task ElementsKeptByACompletionCheckAreComplete() => Verify.VerifyAnalyzerAsync(Search + """
        public class SearchController : ControllerBase
        {
            public IActionResult Done(List<Task<string[]>> tasks)
                => Ok(tasks.Where(t => t.IsCompletedSuccessfully).Select(t => t.Result).ToList());

            public IActionResult NotFaulted(List<Task<string[]>> tasks)
                => Ok(tasks.Where(t => t.Status == TaskStatus.RanToCompletion).OrderBy(t => t.Id).Select(t => t.Result.Length).ToList());

            public IActionResult Guarded(List<Task<string[]>> tasks)
                => Ok(tasks.Select(t => t.IsCompleted ? t.Result.Length : 0).ToList());

            public IActionResult WrongCheck(List<Task<string[]>> tasks)
                => Ok(tasks.Where(t => t.Id > 0).Select(t => {|BURST002:t.Result|}).ToList());

            public IActionResult NotCompleted(List<Task<string[]>> tasks)
                => Ok(tasks.Where(t => !t.IsCompleted).Select(t => {|BURST002:t.Result|}).ToList());
        }
        """);

    [Fact]
    public Task CollectionsThatMayHoldPendingTasksStillReport() => Verify.VerifyAnalyzerAsync(Search + """
        public class SearchController : ControllerBase
        {
            private readonly ISource[] _sources = new ISource[0];

            public IActionResult NotAwaited(string q)
            {
                var tasks = _sources.Select(s => s.SearchAsync(q)).ToList();
                return Ok(tasks.Select(t => {|BURST002:t.Result|}).ToList());
            }

            public async Task<IActionResult> AwaitedInABranch(string q, bool wait)
            {
                var tasks = _sources.Select(s => s.SearchAsync(q)).ToList();
                if (wait)
                {
                    await Task.WhenAll(tasks);
                }

                return Ok({|BURST002:tasks[0].Result|});
            }

            public async Task<IActionResult> AddedAfter(string q)
            {
                var tasks = _sources.Select(s => s.SearchAsync(q)).ToList();
                await Task.WhenAll(tasks);
                tasks.Add(_sources[0].SearchAsync(q));
                var found = new List<string>();
                foreach (var t in tasks)
                {
                    found.AddRange({|BURST002:t.Result|});
                }

                return Ok(found);
            }

            public async Task<IActionResult> Reassigned(string q)
            {
                var tasks = _sources.Select(s => s.SearchAsync(q)).ToArray();
                await Task.WhenAll(tasks);
                tasks = _sources.Select(s => s.SearchAsync(q + "!")).ToArray();
                return Ok(tasks.Select(t => {|BURST002:t.Result|}).ToList());
            }

            public async Task<IActionResult> ElementReplaced(string q)
            {
                var tasks = _sources.Select(s => s.SearchAsync(q)).ToArray();
                await Task.WhenAll(tasks);
                tasks[0] = _sources[0].SearchAsync(q);
                return Ok({|BURST002:tasks[0].Result|});
            }

            public async Task<IActionResult> Lazy(string q)
            {
                IEnumerable<Task<string[]>> tasks = _sources.Select(s => s.SearchAsync(q));
                await Task.WhenAll(tasks);
                return Ok(tasks.Select(t => {|BURST002:t.Result|}).ToList());
            }

            public async Task<IActionResult> PartOfIt(string q)
            {
                var tasks = _sources.Select(s => s.SearchAsync(q)).ToList();
                await Task.WhenAll(tasks.Take(1));
                return Ok(tasks.Select(t => {|BURST002:t.Result|}).ToList());
            }
        }
        """);
}
