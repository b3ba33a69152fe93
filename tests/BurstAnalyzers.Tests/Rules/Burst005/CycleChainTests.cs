using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.CallChainAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>
/// The chain through a cycle of helpers, whichever member of it a handler calls: a cycle blocks when some way out of
/// it does, and each member's chain is its shortest way there (docs/rules/BURST005.md). Each handler calls the member
/// whose summary is worked out first, then the others: every member's chain must be right, not only the first one's.
/// </summary>
public class CycleChainTests
{
    /// <summary>Fetch and Again call each other; only Fetch has a way out (Nap). Again blocks through Fetch.</summary>
    [Fact]
    public Task TwoMemberCycleWhoseOnlyWayOutIsInTheMemberCalledFirst() => Verify.VerifyAnalyzerAsync(
        """
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public class Retrier
        {
            public int Fetch(int n) => n > 0 ? {|#2:Again(n - 1)|} : {|#3:Nap(n)|};
            public int Again(int n) => {|#4:Fetch(n)|};
            private static int Nap(int n) { {|#5:Thread.Sleep(n)|}; return n; }
        }

        public class RetryController : ControllerBase
        {
            private readonly Retrier _retrier = new();

            public int Get(int n) => {|#0:_retrier.Fetch(n)|} + {|#1:_retrier.Again(n)|};
        }
        """,
        Verify.Diagnostic("BURST005").WithLocation(0).WithLocation(3).WithLocation(5).WithArguments(
            "RetryController.Get", "Get → Retrier.Fetch → Retrier.Nap → Thread.Sleep"),
        Verify.Diagnostic("BURST005").WithLocation(1).WithLocation(4).WithLocation(3).WithLocation(5).WithArguments(
            "RetryController.Get", "Get → Retrier.Again → Retrier.Fetch → Retrier.Nap → Thread.Sleep"));

    /// <summary>A ring First → Second → Third → First, with the way out in First: the members further round the ring
    /// reach it only by going round.</summary>
    [Fact]
    public Task RingWhoseOnlyWayOutIsInTheMemberCalledFirst() => Verify.VerifyAnalyzerAsync(
        """
        using System.IO;
        using Microsoft.AspNetCore.Mvc;

        public class Ring
        {
            public string First(int n) => n > 0 ? {|#3:Second(n - 1)|} : {|#4:Read()|};
            public string Second(int n) => {|#5:Third(n)|};
            public string Third(int n) => {|#6:First(n)|};
            private static string Read() => {|#7:File.ReadAllText("ring.txt")|};
        }

        public class RingController : ControllerBase
        {
            private readonly Ring _ring = new();

            public string Get(int n) => {|#0:_ring.First(n)|} + {|#1:_ring.Second(n)|} + {|#2:_ring.Third(n)|};
        }
        """,
        Verify.Diagnostic("BURST005").WithLocation(0).WithLocation(4).WithLocation(7).WithArguments(
            "RingController.Get", "Get → Ring.First → Ring.Read → File.ReadAllText"),
        Verify.Diagnostic("BURST005").WithLocation(1).WithLocation(5).WithLocation(6).WithLocation(4).WithLocation(7).WithArguments(
            "RingController.Get", "Get → Ring.Second → Ring.Third → Ring.First → Ring.Read → File.ReadAllText"),
        Verify.Diagnostic("BURST005").WithLocation(2).WithLocation(6).WithLocation(4).WithLocation(7).WithArguments(
            "RingController.Get", "Get → Ring.Third → Ring.First → Ring.Read → File.ReadAllText"));

    /// <summary>
    /// A → B → C → B and B → A, with the way out in A. C reaches it only through B, and B only through A: the cycle's
    /// depths settle from A outwards, one member after the other, and C is two steps from the exit.
    /// </summary>
    [Fact]
    public Task CycleWhereAMemberIsTwoStepsFromTheWayOut() => Verify.VerifyAnalyzerAsync(
        """
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public class Relay
        {
            public int A(int n) => n > 0 ? {|#3:B(n - 1)|} : {|#4:Nap(n)|};
            public int B(int n) => n > 5 ? {|#5:C(n)|} : {|#6:A(n)|};
            public int C(int n) => {|#7:B(n - 1)|};
            private static int Nap(int n) { {|#8:Thread.Sleep(n)|}; return n; }
        }

        public class RelayController : ControllerBase
        {
            private readonly Relay _relay = new();

            public int Get(int n) => {|#0:_relay.A(n)|} + {|#1:_relay.C(n)|} + {|#2:_relay.B(n)|};
        }
        """,
        Verify.Diagnostic("BURST005").WithLocation(0).WithLocation(4).WithLocation(8).WithArguments(
            "RelayController.Get", "Get → Relay.A → Relay.Nap → Thread.Sleep"),
        Verify.Diagnostic("BURST005").WithLocation(1).WithLocation(7).WithLocation(6).WithLocation(4).WithLocation(8).WithArguments(
            "RelayController.Get", "Get → Relay.C → Relay.B → Relay.A → Relay.Nap → Thread.Sleep"),
        Verify.Diagnostic("BURST005").WithLocation(2).WithLocation(6).WithLocation(4).WithLocation(8).WithArguments(
            "RelayController.Get", "Get → Relay.B → Relay.A → Relay.Nap → Thread.Sleep"));
}
