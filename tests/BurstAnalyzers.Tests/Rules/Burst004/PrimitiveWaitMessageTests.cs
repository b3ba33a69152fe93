using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst004;

/// <summary>
/// What a BURST004 report tells the user: the primitive's wait as declared (type and member) and the async replacement
/// that fits it — WaitAsync for SemaphoreSlim, an async lock for a reader-writer lock, a Task for a thread, an async
/// signal for the rest. A type of one's own with the same member names is not a primitive.
/// </summary>
public class PrimitiveWaitMessageTests
{
    private const string Signal = "an async signal (SemaphoreSlim.WaitAsync, TaskCompletionSource) or [OffloadBlocking]";

    [Fact]
    public Task EachPrimitiveIsNamedWithItsAsyncReplacement() => Verify.VerifyAnalyzerAsync(
        """
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            public class SyncController : ControllerBase
            {
                private static readonly object Sync = new();

                public void Get(ManualResetEvent manual, WaitHandle[] handles, ManualResetEventSlim slim, CountdownEvent countdown,
                    Barrier barrier, Thread worker, ReaderWriterLockSlim rw, SemaphoreSlim gate)
                {
                    {|#0:manual.WaitOne()|};
                    {|#1:WaitHandle.WaitAll(handles)|};
                    {|#2:WaitHandle.WaitAny(handles)|};
                    {|#3:WaitHandle.SignalAndWait(manual, handles[0])|};
                    {|#4:slim.Wait()|};
                    {|#5:countdown.Wait()|};
                    {|#6:barrier.SignalAndWait()|};
                    lock (Sync)
                    {
                        {|#7:Monitor.Wait(Sync)|};
                    }

                    {|#8:worker.Join()|};
                    {|#9:SpinWait.SpinUntil(() => gate.CurrentCount > 0)|};
                    {|#10:rw.EnterReadLock()|};
                    rw.ExitReadLock();
                    {|#11:rw.EnterWriteLock()|};
                    rw.ExitWriteLock();
                    {|#12:rw.EnterUpgradeableReadLock()|};
                    rw.ExitUpgradeableReadLock();
                    {|#13:gate.Wait()|};
                }
            }
            """,
        Verify.Diagnostic("BURST004").WithLocation(0).WithArguments("WaitHandle.WaitOne", "SyncController.Get", Signal),
        Verify.Diagnostic("BURST004").WithLocation(1).WithArguments("WaitHandle.WaitAll", "SyncController.Get", Signal),
        Verify.Diagnostic("BURST004").WithLocation(2).WithArguments("WaitHandle.WaitAny", "SyncController.Get", Signal),
        Verify.Diagnostic("BURST004").WithLocation(3).WithArguments("WaitHandle.SignalAndWait", "SyncController.Get", Signal),
        Verify.Diagnostic("BURST004").WithLocation(4).WithArguments("ManualResetEventSlim.Wait", "SyncController.Get", Signal),
        Verify.Diagnostic("BURST004").WithLocation(5).WithArguments("CountdownEvent.Wait", "SyncController.Get", Signal),
        Verify.Diagnostic("BURST004").WithLocation(6).WithArguments("Barrier.SignalAndWait", "SyncController.Get", Signal),
        Verify.Diagnostic("BURST004").WithLocation(7).WithArguments("Monitor.Wait", "SyncController.Get", Signal),
        Verify.Diagnostic("BURST004").WithLocation(8).WithArguments("Thread.Join", "SyncController.Get", "await the work as a Task"),
        Verify.Diagnostic("BURST004").WithLocation(9).WithArguments("SpinWait.SpinUntil", "SyncController.Get", Signal),
        Verify.Diagnostic("BURST004").WithLocation(10).WithArguments("ReaderWriterLockSlim.EnterReadLock", "SyncController.Get", "an async lock (SemaphoreSlim.WaitAsync)"),
        Verify.Diagnostic("BURST004").WithLocation(11).WithArguments("ReaderWriterLockSlim.EnterWriteLock", "SyncController.Get", "an async lock (SemaphoreSlim.WaitAsync)"),
        Verify.Diagnostic("BURST004").WithLocation(12).WithArguments("ReaderWriterLockSlim.EnterUpgradeableReadLock", "SyncController.Get", "an async lock (SemaphoreSlim.WaitAsync)"),
        Verify.Diagnostic("BURST004").WithLocation(13).WithArguments("SemaphoreSlim.Wait", "SyncController.Get", "'await SemaphoreSlim.WaitAsync'"));

    [Fact]
    public Task OwnTypesWithTheSameMemberNamesAreNotPrimitives() => Verify.VerifyAnalyzerAsync("""
        using Microsoft.AspNetCore.Mvc;

        public class Queue
        {
            public bool WaitOne() => true;
            public void Wait() { }
            public void SignalAndWait() { }
            public void Join() { }
            public static bool SpinUntil(System.Func<bool> done) => done();
            public void EnterReadLock() { }
            public void EnterWriteLock() { }
            public void EnterUpgradeableReadLock() { }
            public static bool WaitAll(Queue[] queues) => queues.Length > 0;
            public static int WaitAny(Queue[] queues) => queues.Length;
        }

        public class QueueController : ControllerBase
        {
            public void Get(Queue queue)
            {
                queue.WaitOne();
                queue.Wait();
                queue.SignalAndWait();
                queue.Join();
                Queue.SpinUntil(() => true);
                queue.EnterReadLock();
                queue.EnterWriteLock();
                queue.EnterUpgradeableReadLock();
                Queue.WaitAll(new[] { queue });
                Queue.WaitAny(new[] { queue });
            }
        }
        """);
}
