using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.CallChainAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>
/// A helper with several ways to a blocking call reports the shortest (docs/rules/BURST005.md), whichever comes first
/// in its body, and the first in body order among ways of the same length: the chain a user reads is the one to fix
/// first.
/// </summary>
public class ShortestChainTests
{
    /// <summary>The short way comes first and the one a step longer after it: the chain keeps the short one.</summary>
    [Fact]
    public Task ShortWayBeforeALongerOne() => Verify.VerifyAnalyzerAsync(
        """
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public class Stock
        {
            public int Count(int n) => {|#1:Nap(n)|} + Slow(n);
            private int Slow(int n) => Nap(n);
            private static int Nap(int n) { {|#2:Thread.Sleep(n)|}; return n; }
        }

        public class StockController : ControllerBase
        {
            private readonly Stock _stock = new();

            public int Get(int n) => {|#0:_stock.Count(n)|};
        }
        """,
        Verify.Diagnostic("BURST005").WithLocation(0).WithLocation(1).WithLocation(2).WithArguments(
            "StockController.Get", "Get → Stock.Count → Stock.Nap → Thread.Sleep"));

    /// <summary>The long way comes first (two steps longer), the short one after it: the chain takes the short one.</summary>
    [Fact]
    public Task LongerWayBeforeAShortOne() => Verify.VerifyAnalyzerAsync(
        """
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public class Stock
        {
            public int Count(int n) => Slower(n) + {|#1:Nap(n)|};
            private int Slower(int n) => Slow(n);
            private int Slow(int n) => Nap(n);
            private static int Nap(int n) { {|#2:Thread.Sleep(n)|}; return n; }
        }

        public class StockController : ControllerBase
        {
            private readonly Stock _stock = new();

            public int Get(int n) => {|#0:_stock.Count(n)|};
        }
        """,
        Verify.Diagnostic("BURST005").WithLocation(0).WithLocation(1).WithLocation(2).WithArguments(
            "StockController.Get", "Get → Stock.Count → Stock.Nap → Thread.Sleep"));

    /// <summary>Two ways of the same length: the first in body order.</summary>
    [Fact]
    public Task FirstOfTwoWaysOfTheSameLength() => Verify.VerifyAnalyzerAsync(
        """
        using System.IO;
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public class Stock
        {
            public int Count(int n) => {|#1:Read(n)|} + Nap(n);
            private static int Read(int n) => {|#2:File.ReadAllText("stock.txt")|}.Length + n;
            private static int Nap(int n) { {|#3:Thread.Sleep(n)|}; return n; }
        }

        public class StockController : ControllerBase
        {
            private readonly Stock _stock = new();

            public int Get(int n) => {|#0:_stock.Count(n)|};
        }
        """,
        // The other way's blocking call is listed too, before the chain's own, which stays last.
        Verify.Diagnostic("BURST005").WithLocation(0).WithLocation(1).WithLocation(3).WithLocation(2).WithArguments(
            "StockController.Get", "Get → Stock.Count → Stock.Read → File.ReadAllText (and 1 more blocking call behind the same call)"));
}
