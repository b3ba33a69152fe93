using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Tests.Rules.Burst006;

/// <summary>
/// Calls into a binary library (a package's or a vendor's DLL) judged by what the build's scan of its IL found (issue 37,
/// docs/library-facts.md): the facts file the package's build passes beside the compiler's other additional files. Here
/// the records are written by hand, as the scan writes them; <c>LibraryScan</c>'s tests check the scan itself on real
/// packages. Every test also holds without the file: the name rules decide as before.
/// </summary>
public class LibraryFactsTests
{
    private const string Vendor = """
        using System.IO;
        using System.Threading.Tasks;

        namespace Vendor.Rates
        {
            public static class RateFeed
            {
                public static decimal Latest(string currency) => 1m;
            }

            public class Page
            {
                public static Page Parse(string html) => new Page();

                public static Task<Page> ParseAsync(string html) => Task.FromResult(new Page());
            }

            public static class SqlMapper
            {
                public static int Query(string sql, bool buffered) => 1;

                public static Task<int> QueryAsync(string sql) => Task.FromResult(1);
            }

            public class Pipeline
            {
                public void Execute(System.Action action) => action();
            }
        }
        """;

    private const string LatestBlocks = "M:Vendor.Rates.RateFeed.Latest(System.String)\tBURST004\t2\t\t0,0,0,0\tRateFeed.Latest \u2192 Reply.Wait \u2192 Monitor.Wait";
    private const string QueryBlocks = "M:Vendor.Rates.SqlMapper.Query(System.String,System.Boolean)\tBURST003\t3\t\t0,0,0,0\tSqlMapper.Query \u2192 SqlMapper.QueryImpl \u2192 DbCommand.ExecuteReader";
    private const string ParseIsClean = "clean\tM:Vendor.Rates.Page.Parse(System.String)";
    private const string ExecuteRunsItsAction = "runs\tM:Vendor.Rates.Pipeline.Execute(System.Action)\t0";

    private const string Web = """
        using Microsoft.AspNetCore.Mvc;
        using Vendor.Rates;

        public class RatesController : ControllerBase
        {
            public decimal Latest(string currency) => RateFeed.Latest(currency);

            public object Page(string html) => Vendor.Rates.Page.Parse(html);

            public int Orders() => SqlMapper.Query("select 1", true);
        }
        """;

    [Fact]
    public async Task AMemberTheScanShowsBlocking_WithNoAsyncTwin_IsBurst006NamingWhereInsideTheLibrary()
    {
        var diagnostics = await new LayeredSolution().Vendor("Vendor.Rates", Vendor, LatestBlocks, QueryBlocks).BuildAsync(Web);

        Assert.Equal(
            new[]
            {
                "Web.cs(6,47): BURST006: 'RateFeed.Latest' blocks request handler 'RatesController.Latest' and has no async alternative; inside Vendor.Rates it waits on a synchronization primitive (RateFeed.Latest \u2192 Reply.Wait \u2192 Monitor.Wait); run it on dedicated threads with [OffloadBlocking] []",
                "Web.cs(8,40): BURST003: 'Page.Parse' does synchronous I/O in request handler 'RatesController.Page'; use 'await Page.ParseAsync' instead []",
                "Web.cs(10,28): BURST003: 'SqlMapper.Query' does synchronous I/O in request handler 'RatesController.Orders'; use 'await SqlMapper.QueryAsync' instead []",
            },
            LayeredSolution.Describe(diagnostics));
    }

    /// <summary>Without the facts file (no build yet, the scan switched off), the name rules alone: a twin of the same
    /// name and parameters is BURST003, a member without one is not known to block.</summary>
    /// <summary>A member the scan found blocking only in the library's exception handlers (a retry's backoff) is reported
    /// with that condition: under a burst against a failing dependency every request fails and waits at once.</summary>
    [Fact]
    public async Task AMemberThatBlocksOnlyAfterAFailure_IsReportedWithItsCondition()
    {
        var diagnostics = await new LayeredSolution()
            .Vendor(
                "Vendor.Rates",
                Vendor,
                "M:Vendor.Rates.RateFeed.Latest(System.String)\tBURST001\t2\t\t0,0,0,0\tRateFeed.Latest \u2192 Retry.Run \u2192 Thread.Sleep",
                "failure\tM:Vendor.Rates.RateFeed.Latest(System.String)")
            .BuildAsync(Web);

        Assert.Equal(
            new[]
            {
                "Web.cs(6,47): BURST006: 'RateFeed.Latest' blocks request handler 'RatesController.Latest' and has no async alternative; inside Vendor.Rates it sleeps after a failure (RateFeed.Latest \u2192 Retry.Run \u2192 Thread.Sleep); run it on dedicated threads with [OffloadBlocking] []",
                "Web.cs(8,40): BURST003: 'Page.Parse' does synchronous I/O in request handler 'RatesController.Page'; use 'await Page.ParseAsync' instead []",
            },
            LayeredSolution.Describe(diagnostics));
    }

    /// <summary>A member the scan found blocking only where a lookup missed or a lazily built field was unset is reported
    /// with that condition: under a burst against a cold cache every request misses at once.</summary>
    [Fact]
    public async Task AMemberThatBlocksOnlyOnAMiss_IsReportedWithItsCondition()
    {
        var diagnostics = await new LayeredSolution()
            .Vendor(
                "Vendor.Rates",
                Vendor,
                "M:Vendor.Rates.RateFeed.Latest(System.String)\tBURST003\t2\t\t0,0,0,0\tRateFeed.Latest \u2192 RateCache.Load \u2192 File.ReadAllText",
                "miss\tM:Vendor.Rates.RateFeed.Latest(System.String)")
            .BuildAsync(Web);

        Assert.Equal(
            new[]
            {
                "Web.cs(6,47): BURST006: 'RateFeed.Latest' blocks request handler 'RatesController.Latest' and has no async alternative; inside Vendor.Rates it does synchronous I/O on a first call or a cache miss (RateFeed.Latest \u2192 RateCache.Load \u2192 File.ReadAllText); run it on dedicated threads with [OffloadBlocking] []",
                "Web.cs(8,40): BURST003: 'Page.Parse' does synchronous I/O in request handler 'RatesController.Page'; use 'await Page.ParseAsync' instead []",
            },
            LayeredSolution.Describe(diagnostics));
    }

    /// <summary>A member the scan found blocking only once a cached value has expired (a token's refresh) is reported
    /// with that condition: every request finds it expired at once.</summary>
    [Fact]
    public async Task AMemberThatBlocksOnlyOnARefresh_IsReportedWithItsCondition()
    {
        var diagnostics = await new LayeredSolution()
            .Vendor(
                "Vendor.Rates",
                Vendor,
                "M:Vendor.Rates.RateFeed.Latest(System.String)\tBURST003\t2\t\t0,0,0,0\tRateFeed.Latest \u2192 RateToken.Renew \u2192 HttpClient.Send",
                "refresh\tM:Vendor.Rates.RateFeed.Latest(System.String)")
            .BuildAsync(Web);

        Assert.Equal(
            new[]
            {
                "Web.cs(6,47): BURST006: 'RateFeed.Latest' blocks request handler 'RatesController.Latest' and has no async alternative; inside Vendor.Rates it does synchronous I/O on a first call or when a cached value has expired (RateFeed.Latest \u2192 RateToken.Renew \u2192 HttpClient.Send); run it on dedicated threads with [OffloadBlocking] []",
                "Web.cs(8,40): BURST003: 'Page.Parse' does synchronous I/O in request handler 'RatesController.Page'; use 'await Page.ParseAsync' instead []",
            },
            LayeredSolution.Describe(diagnostics));
    }

    /// <summary>A member the scan found blocking only on a lock its library takes (a semaphore used as a mutex) is
    /// reported with that condition: under a burst every request queues behind the one holding it.</summary>
    [Fact]
    public async Task AMemberThatBlocksOnlyWhileALockIsHeld_IsReportedWithItsCondition()
    {
        var diagnostics = await new LayeredSolution()
            .Vendor(
                "Vendor.Rates",
                Vendor,
                "M:Vendor.Rates.RateFeed.Latest(System.String)\tBURST004\t2\t\t0,0,0,0\tRateFeed.Latest \u2192 RateBook.Lock \u2192 SemaphoreSlim.Wait",
                "contended\tM:Vendor.Rates.RateFeed.Latest(System.String)")
            .BuildAsync(Web);

        Assert.Equal(
            new[]
            {
                "Web.cs(6,47): BURST006: 'RateFeed.Latest' blocks request handler 'RatesController.Latest' and has no async alternative; inside Vendor.Rates it waits on a synchronization primitive while another thread holds its lock (RateFeed.Latest \u2192 RateBook.Lock \u2192 SemaphoreSlim.Wait); run it on dedicated threads with [OffloadBlocking] []",
                "Web.cs(8,40): BURST003: 'Page.Parse' does synchronous I/O in request handler 'RatesController.Page'; use 'await Page.ParseAsync' instead []",
            },
            LayeredSolution.Describe(diagnostics));
    }

    [Fact]
    public async Task WithoutAFactsFile_OnlyTheNameRuleReports()
    {
        var diagnostics = await new LayeredSolution().Vendor("Vendor.Rates", Vendor).BuildAsync(Web);

        Assert.Equal(
            new[] { "Web.cs(8,40): BURST003: 'Page.Parse' does synchronous I/O in request handler 'RatesController.Page'; use 'await Page.ParseAsync' instead []" },
            LayeredSolution.Describe(diagnostics));
    }

    /// <summary>A twin whose sync member the scan followed to the end without meeting anything that blocks (a parser over
    /// a string in memory) is not reported; a member of the same type the scan says nothing about still is.</summary>
    [Fact]
    public async Task ATwinTheScanShowsClean_IsNotReported()
    {
        var diagnostics = await new LayeredSolution().Vendor("Vendor.Rates", Vendor, ParseIsClean, LatestBlocks, QueryBlocks).BuildAsync(Web);

        Assert.Equal(
            new[]
            {
                "Web.cs(6,47): BURST006: 'RateFeed.Latest' blocks request handler 'RatesController.Latest' and has no async alternative; inside Vendor.Rates it waits on a synchronization primitive (RateFeed.Latest \u2192 Reply.Wait \u2192 Monitor.Wait); run it on dedicated threads with [OffloadBlocking] []",
                "Web.cs(10,28): BURST003: 'SqlMapper.Query' does synchronous I/O in request handler 'RatesController.Orders'; use 'await SqlMapper.QueryAsync' instead []",
            },
            LayeredSolution.Describe(diagnostics));
    }

    /// <summary>The user's options win over the scan: an excluded member is silent whatever its library does.</summary>
    [Fact]
    public async Task ExcludedApis_WinOverTheScan()
    {
        var diagnostics = await new LayeredSolution().Vendor("Vendor.Rates", Vendor, LatestBlocks, QueryBlocks, ParseIsClean).BuildAsync(
            Web,
            """
            root = true

            [*.cs]
            burst_analyzers.excluded_apis = M:Vendor.Rates.RateFeed.Latest(System.String),M:Vendor.Rates.SqlMapper.Query(System.String,System.Boolean)
            """);

        Assert.Empty(LayeredSolution.Describe(diagnostics));
    }

    /// <summary>A member listed in additional_blocking_apis is reported as configured, the scan's clean verdict notwithstanding.</summary>
    [Fact]
    public async Task AdditionalBlockingApis_WinOverACleanVerdict()
    {
        var diagnostics = await new LayeredSolution().Vendor("Vendor.Rates", Vendor, ParseIsClean).BuildAsync(
            Web,
            """
            root = true

            [*.cs]
            burst_analyzers.additional_blocking_apis = M:Vendor.Rates.Page.Parse(System.String)
            """);

        Assert.Equal(
            new[] { "Web.cs(8,40): BURST006: 'Page.Parse' blocks request handler 'RatesController.Page' and has no async alternative; run it on dedicated threads with [OffloadBlocking] []" },
            LayeredSolution.Describe(diagnostics));
    }

    /// <summary>A helper's call into the library ends a chain like any blocking call, in a build and in an editor.</summary>
    [Fact]
    public async Task AHelperCallingABlockingLibraryMember_IsFollowedByBurst005()
    {
        const string Helper = """
            using Microsoft.AspNetCore.Mvc;
            using Vendor.Rates;

            public class RatesController : ControllerBase
            {
                public decimal Latest(string currency) => Rates.For(currency);
            }

            public static class Rates
            {
                public static decimal For(string currency) => RateFeed.Latest(currency) * 2;
            }
            """;
        string[] expected =
        {
            "Web.cs(6,47): BURST005: Request handler 'RatesController.Latest' reaches a blocking call through other methods: Latest \u2192 Rates.For \u2192 RateFeed.Latest [Web.cs(11,51)]",
        };

        var solution = new LayeredSolution().Vendor("Vendor.Rates", Vendor, LatestBlocks);
        Assert.Equal(expected, LayeredSolution.Describe(await solution.BuildAsync(Helper)));
        Assert.Equal(expected, LayeredSolution.Describe(await solution.EditorAsync(Helper)));
    }

    /// <summary>A library member that runs the delegate it is given (a resilience pipeline's Execute) makes the lambda's
    /// blocking its caller's: without the record the lambda is somebody else's code, as for any callback.</summary>
    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task ALambdaPassedToAMemberThatRunsIt_BlocksItsCaller(bool scanned)
    {
        const string Retry = """
            using Microsoft.AspNetCore.Mvc;
            using Vendor.Rates;

            public class RatesController : ControllerBase
            {
                public void Refresh() => Retrying.Run(new Pipeline());
            }

            public static class Retrying
            {
                public static void Run(Pipeline pipeline) => pipeline.Execute(() => System.Threading.Thread.Sleep(100));
            }
            """;

        var solution = scanned ? new LayeredSolution().Vendor("Vendor.Rates", Vendor, ExecuteRunsItsAction) : new LayeredSolution().Vendor("Vendor.Rates", Vendor);
        var diagnostics = LayeredSolution.Describe(await solution.BuildAsync(Retry));

        Assert.Equal(
            scanned ? "Web.cs(6,30): BURST005: Request handler 'RatesController.Refresh' reaches a blocking call through other methods: Refresh \u2192 Retrying.Run \u2192 Thread.Sleep [Web.cs(11,73)]" : "",
            string.Join("\n", diagnostics));
    }
}
