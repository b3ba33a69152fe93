using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst004;

public class PrimitiveWaitAnalyzerTests
{
    [Fact]
    public Task EveryPrimitive() => Verify.VerifyAnalyzerAsync("""
        using System;
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public class LocksController : ControllerBase
        {
            private static readonly SemaphoreSlim Gate = new(1);
            private static readonly object Sync = new();

            public void Get(ManualResetEvent manual, AutoResetEvent auto, Mutex mutex, ManualResetEventSlim slim,
                CountdownEvent countdown, Barrier barrier, Thread worker, ReaderWriterLockSlim rw)
            {
                {|BURST004:Gate.Wait()|};
                {|BURST004:Gate.Wait(TimeSpan.FromSeconds(1))|};
                {|BURST004:manual.WaitOne()|};
                {|BURST004:auto.WaitOne(100)|};
                {|BURST004:mutex.WaitOne()|};
                {|BURST004:WaitHandle.WaitAll(new WaitHandle[] { manual, auto })|};
                {|BURST004:WaitHandle.WaitAny(new WaitHandle[] { manual })|};
                {|BURST004:slim.Wait()|};
                {|BURST004:countdown.Wait()|};
                {|BURST004:barrier.SignalAndWait()|};
                lock (Sync)
                {
                    {|BURST004:Monitor.Wait(Sync)|};
                }

                {|BURST004:worker.Join()|};
                {|BURST004:SpinWait.SpinUntil(() => Gate.CurrentCount > 0)|};
                {|BURST004:rw.EnterReadLock()|};
                rw.ExitReadLock();
            }

            public bool Tries(ManualResetEvent manual, ManualResetEventSlim slim, Thread worker)
                => Gate.Wait(0) | manual.WaitOne(0) | slim.Wait(TimeSpan.Zero) | worker.Join(0) | SpinWait.SpinUntil(() => true, 0);
        }
        """);

    [Fact]
    public Task MessageSuggestsWaitAsyncForSemaphoreSlim() => Verify.VerifyAnalyzerAsync(
        """
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            public class GateController : ControllerBase
            {
                private static readonly SemaphoreSlim Gate = new(1);

                public void Get() => {|#0:Gate.Wait()|};
            }
            """,
        Verify.Diagnostic("BURST004")
            .WithLocation(0)
            .WithMessage("'SemaphoreSlim.Wait' blocks on a synchronization primitive in request handler 'GateController.Get'; use 'await SemaphoreSlim.WaitAsync' instead"));
}
