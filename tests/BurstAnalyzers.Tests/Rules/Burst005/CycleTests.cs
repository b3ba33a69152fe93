using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.CallChainAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>Recursion and cycles end, block when some way out of them blocks, and do not when none does.</summary>
public class CycleTests
{
    [Fact]
    public Task RecursionThatBlocks() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public static class Retry
        {
            public static int Attempt(int left)
            {
                if (left == 0)
                {
                    Thread.Sleep(100);
                    return 0;
                }

                return Attempt(left - 1);
            }

            public static int Factorial(int n) => n <= 1 ? 1 : n * Factorial(n - 1);
        }

        public class RetryController : ControllerBase
        {
            public int Get(int n) => {|BURST005:Retry.Attempt(n)|} + Retry.Factorial(n);
        }
        """);

    [Fact]
    public Task CycleWithAWayOutToABlockingCall() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public class Walker
        {
            public int A(int n) => n > 0 ? B(n - 1) : 0;
            public int B(int n) => n > 10 ? C(n) : A(n);
            public int C(int n) => n % 2 == 0 ? A(n / 2) : Block(n);
            private int Block(int n) { Thread.Sleep(n); return n; }
        }

        public class WalkController : ControllerBase
        {
            private readonly Walker _walker = new();

            public int FromA(int n) => {|BURST005:_walker.A(n)|};
            public int FromB(int n) => {|BURST005:_walker.B(n)|};
            public int FromC(int n) => {|BURST005:_walker.C(n)|};
        }
        """);

    [Fact]
    public Task CycleWhoseFirstMemberBlocks() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public class PingPong
        {
            public void Ping(int n) { Thread.Sleep(1); if (n > 0) Pong(n - 1); }
            public void Pong(int n) { if (n > 0) Ping(n - 1); }
        }

        public class GameController : ControllerBase
        {
            private readonly PingPong _game = new();

            public void Start(int n) => {|BURST005:_game.Ping(n)|};
            public void Reply(int n) => {|BURST005:_game.Pong(n)|};
        }
        """);

    [Fact]
    public Task CycleWithNoBlockingCallDoesNotBlock() => Verify.VerifyAnalyzerAsync("""
        using Microsoft.AspNetCore.Mvc;

        public class Parity
        {
            public bool IsEven(int n) => n == 0 || IsOdd(n - 1);
            public bool IsOdd(int n) => n != 0 && IsEven(n - 1);
            public bool Both(int n) => IsEven(n) && Self(n);
            private bool Self(int n) => n > 100 ? Self(n - 1) : Both(n + 1);
        }

        public class ParityController : ControllerBase
        {
            private readonly Parity _parity = new();

            public bool Even(int n) => _parity.IsEven(n) && _parity.Both(n);
        }
        """);
}
