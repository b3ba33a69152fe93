using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst002;

/// <summary>
/// The antecedent of a ContinueWith continuation is complete however the lambda is written in the call (cast,
/// parenthesized, with a state argument). A lambda declared elsewhere and passed later may be called with any task,
/// and the state handed to a continuation is not its antecedent.
/// </summary>
public class ContinuationShapeTests
{
    [Fact]
    public Task OnlyTheAntecedentOfALambdaWrittenInTheCallIsComplete() => Verify.VerifyAnalyzerAsync("""
        using System;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class ContinuationsController : ControllerBase
        {
            public Task<int> Cast(Task<int> task) => task.ContinueWith((Func<Task<int>, int>)(t => t.Result + 1));

            public Task<int> Parenthesized(Task<int> task) => task.ContinueWith((t => t.Result + 1));

            public Task<int> WithState(Task<int> task, Task<int> other)
                => task.ContinueWith((t, state) => t.Result + {|BURST002:((Task<int>)state!).Result|}, other);

            public Task<int> DeclaredBefore(Task<int> task)
            {
                Func<Task<int>, int> read = t => {|BURST002:t.Result|};
                return task.ContinueWith(read);
            }

            public Task<int> InsideAnotherCall(Task<int> task)
                => task.ContinueWith(t => Math.Max(0, t.Result));

            public int NotAContinuation(Task<int> task) => Run(t => {|BURST002:t.Result|}, task);

            private static int Run(Func<Task<int>, int> read, Task<int> task) => read(task);
        }
        """);
}
