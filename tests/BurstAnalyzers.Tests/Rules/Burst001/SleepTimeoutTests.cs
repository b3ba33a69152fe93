using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst001;

/// <summary>
/// Thread.Sleep with a time to wait holds the request thread and is reported with Task.Delay as the replacement;
/// Thread.Sleep(0) and Thread.Sleep(TimeSpan.Zero) only yield the rest of the time slice and do not wait. A method of
/// one's own named Sleep is not Thread.Sleep.
/// </summary>
public class SleepTimeoutTests
{
    [Fact]
    public Task SleepIsNamedWithTaskDelayAsItsReplacement() => Verify.VerifyAnalyzerAsync(
        """
            using System;
            using System.Threading;
            using Microsoft.AspNetCore.Mvc;

            public class PauseController : ControllerBase
            {
                public void Get(int delay)
                {
                    {|#0:Thread.Sleep(delay)|};
                    {|#1:Thread.Sleep(TimeSpan.FromMilliseconds(delay))|};
                }
            }
            """,
        Verify.Diagnostic("BURST001").WithLocation(0).WithArguments("Thread.Sleep", "PauseController.Get", "await Task.Delay"),
        Verify.Diagnostic("BURST001").WithLocation(1).WithArguments("Thread.Sleep", "PauseController.Get", "await Task.Delay"));

    [Fact]
    public Task ZeroSleepsYieldWithoutWaiting() => Verify.VerifyAnalyzerAsync("""
        using System;
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public static class Backoff
        {
            public static void Sleep(int milliseconds) { }
        }

        public class YieldController : ControllerBase
        {
            private const int None = 0;

            public void Get()
            {
                Thread.Sleep(0);
                Thread.Sleep(None);
                Thread.Sleep(millisecondsTimeout: 0);
                Thread.Sleep(TimeSpan.Zero);
                Backoff.Sleep(100);
                {|BURST001:Thread.Sleep(1)|};
                {|BURST001:Thread.Sleep(Timeout.Infinite)|};
                {|BURST001:Thread.Sleep(Timeout.InfiniteTimeSpan)|};
            }
        }
        """);
}
