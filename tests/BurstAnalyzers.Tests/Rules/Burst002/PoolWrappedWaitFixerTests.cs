using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.Rules.TaskWaitFixer>;

namespace BurstAnalyzers.Tests.Rules.Burst002;

/// <summary>
/// A wait on a task that a pool lambda produces: awaiting the outer task would still hold a pool
/// thread in the lambda for every request and hide the problem. The fix awaits what the lambda waits for, or is not
/// offered.
/// </summary>
public class PoolWrappedWaitFixerTests
{
    [Fact]
    public Task ALambdaThatOnlyWaitsIsUnwrapped() => Verify.VerifyCodeFixAsync("""
        using System.Net.Http;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class QuotesController : ControllerBase
        {
            private static readonly HttpClient Http = new();

            public int Get()
            {
                var a = {|BURST002:Task.Run(() => {|BURST002:Http.GetStringAsync("http://a/").Result|}).Result|};
                var b = {|BURST002:Task.Run(() => {|BURST002:Http.GetStringAsync("http://b/").GetAwaiter().GetResult()|}).GetAwaiter().GetResult()|};
                var c = {|BURST002:Task.Factory.StartNew(() => { return {|BURST002:Http.GetStringAsync("http://c/").Result|}; }).Result|};
                return a.Length + b.Length + c.Length;
            }
        }
        """, """
        using System.Net.Http;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class QuotesController : ControllerBase
        {
            private static readonly HttpClient Http = new();

            public async Task<int> Get()
            {
                var a = await Http.GetStringAsync("http://a/");
                var b = await Http.GetStringAsync("http://b/");
                var c = await Http.GetStringAsync("http://c/");
                return a.Length + b.Length + c.Length;
            }
        }
        """);

    [Fact]
    public Task ALambdaThatBlocksOtherwiseGetsNoFix() => Verify.VerifyNoFixAsync("""
        using System.IO;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class ReportsController : ControllerBase
        {
            public string Get(string path)
            {
                var text = {|BURST002:Task.Run(() => {|BURST003:System.IO.File.ReadAllText(path)|}).Result|};
                {|BURST002:Task.Run(() => {|BURST001:Thread.Sleep(100)|}).Wait()|};
                return text;
            }
        }
        """);

    [Fact]
    public Task ALambdaThatDoesNotBlockIsAwaitedAsItIs() => Verify.VerifyCodeFixAsync("""
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class PrimesController : ControllerBase
        {
            public int Get(int n) => {|BURST002:Task.Run(() => Count(n)).Result|};

            private static int Count(int n) => n / 2;
        }
        """, """
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class PrimesController : ControllerBase
        {
            public async Task<int> Get(int n) => await Task.Run(() => Count(n));

            private static int Count(int n) => n / 2;
        }
        """);
}
