using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.CallChainAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>
/// Blocking inside a lambda that a helper queues to the thread pool, or runs in place, is the helper's blocking:
/// each request holds a pool thread there too. A wait on such a task names both threads' blocking calls.
/// </summary>
public class PoolLambdaTests
{
    private const string Helpers = """
        using System;
        using System.Collections.Generic;
        using System.Linq;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class Legacy
        {
            public async Task<string> LoadAsync() { await Task.Delay(10); return "x"; }

            public string RunAndWaitTwice() => Task.Run(() => LoadAsync().Result).Result;

            public string RunAndAwaiter() => Task.Run(() => LoadAsync().GetAwaiter().GetResult()).GetAwaiter().GetResult();

            public Task<string> RunOnly() => Task.Run(() => LoadAsync().Result);

            public void FireAndForget() => Task.Run(() => Thread.Sleep(1000));

            public Task StartNew() => Task.Factory.StartNew(() => Thread.Sleep(1000));

            public void Queue() => ThreadPool.QueueUserWorkItem(_ => LoadAsync().Wait());

            public int Each(List<string> names) => names.Select(n => LoadAsync().Result.Length).Sum();

            public Task<string> RunAsyncOnly() => Task.Run(() => LoadAsync());

            public void Later(Action<Action> subscribe) => subscribe(() => Thread.Sleep(1000));

            public Func<string> Deferred() => () => LoadAsync().Result;
        }

        """;

    [Fact]
    public Task LambdasQueuedToThePoolOrRunInPlaceAreFollowed() => Verify.VerifyAnalyzerAsync(Helpers + """
        public class LegacyController : ControllerBase
        {
            private readonly Legacy _legacy = new();

            public object Get(List<string> names)
            {
                var a = {|BURST005:_legacy.RunAndWaitTwice()|};
                var b = {|BURST005:_legacy.RunAndAwaiter()|};
                var c = {|BURST005:_legacy.RunOnly()|};
                {|BURST005:_legacy.FireAndForget()|};
                {|BURST005:_legacy.StartNew()|};
                {|BURST005:_legacy.Queue()|};
                var d = {|BURST005:_legacy.Each(names)|};

                // No blocking in the queued lambda; a callback that runs later; a delegate returned, not run.
                var e = _legacy.RunAsyncOnly();
                _legacy.Later(run => { });
                var f = _legacy.Deferred();
                return (a, b, c, d, e, f);
            }
        }
        """);

    /// <summary>The inner wait is an additional location before the outer one, which stays last (the code fix reads it there).</summary>
    [Fact]
    public Task AWaitOnAQueuedLambdaThatBlocksNamesBothBlockingCalls() => Verify.VerifyAnalyzerAsync(
        """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class Legacy
        {
            public async Task<string> LoadAsync() { await Task.Delay(10); return "x"; }

            public string RunAndWaitTwice() => {|#2:Task.Run(() => {|#1:LoadAsync().Result|}).Result|};

            public void FireAndForget() => Task.Run(() => {|#4:Thread.Sleep(1000)|});
        }

        public class LegacyController : ControllerBase
        {
            public string Twice() => {|#0:new Legacy().RunAndWaitTwice()|};

            public void Forget() => {|#3:new Legacy().FireAndForget()|};
        }
        """,
        Verify.Diagnostic("BURST005").WithLocation(0).WithLocation(1).WithLocation(2).WithMessage(
            "Request handler 'LegacyController.Twice' reaches a blocking call through other methods: Twice → Legacy.RunAndWaitTwice → Task.Result (waiting for a pool thread that blocks in Task.Result)"),
        Verify.Diagnostic("BURST005").WithLocation(3).WithLocation(4).WithMessage(
            "Request handler 'LegacyController.Forget' reaches a blocking call through other methods: Forget → Legacy.FireAndForget → Thread.Sleep (in a lambda queued to the thread pool)"));
}
