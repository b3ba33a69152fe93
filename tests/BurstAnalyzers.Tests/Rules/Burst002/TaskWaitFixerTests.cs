using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.Rules.TaskWaitFixer>;

namespace BurstAnalyzers.Tests.Rules.Burst002;

public class TaskWaitFixerTests
{
    [Fact]
    public Task EveryWaitBecomesAnAwait() => Verify.VerifyCodeFixAsync("""
        using System.Net.Http;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class QuotesController : ControllerBase
        {
            private static readonly HttpClient Http = new();

            public int Get(Task first, Task second, Task<string> name)
            {
                var page = [|Http.GetStringAsync("http://quotes/").Result|];
                var length = [|name.Result|].Length;
                var body = [|Http.GetStringAsync("http://a/").GetAwaiter().GetResult()|];
                var other = [|Http.GetStringAsync("http://b/").ConfigureAwait(false).GetAwaiter().GetResult()|];
                [|first.Wait()|];
                [|Task.WaitAll(first, second)|];
                [|Task.WaitAny(first, second)|];
                return page.Length + length + body.Length + other.Length;
            }
        }
        """, """
        using System.Net.Http;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class QuotesController : ControllerBase
        {
            private static readonly HttpClient Http = new();

            public async Task<int> Get(Task first, Task second, Task<string> name)
            {
                var page = await Http.GetStringAsync("http://quotes/");
                var length = (await name).Length;
                var body = await Http.GetStringAsync("http://a/");
                var other = await Http.GetStringAsync("http://b/").ConfigureAwait(false);
                await first;
                await Task.WhenAll(first, second);
                await Task.WhenAny(first, second);
                return page.Length + length + body.Length + other.Length;
            }
        }
        """);

    [Fact]
    public Task WaitsWithATimeoutOrAResultKeepTheirWarning() => Verify.VerifyNoFixAsync("""
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class SlowController : ControllerBase
        {
            public bool Get(Task first, Task second)
            {
                var done = [|first.Wait(100)|];
                var index = [|Task.WaitAny(first, second)|];
                return done && index == 0;
            }
        }
        """);

    [Fact]
    public Task MinimalApiLambdaBecomesAsync() => Verify.VerifyCodeFixAsync("""
        using System.Net.Http;
        using Microsoft.AspNetCore.Builder;
        using Microsoft.AspNetCore.Routing;

        public static class Endpoints
        {
            public static void Map(IEndpointRouteBuilder app)
            {
                app.MapGet("/quote", (HttpClient http) => [|http.GetStringAsync("http://quotes/").Result|]);
            }
        }
        """, """
        using System.Net.Http;
        using Microsoft.AspNetCore.Builder;
        using Microsoft.AspNetCore.Routing;

        public static class Endpoints
        {
            public static void Map(IEndpointRouteBuilder app)
            {
                app.MapGet("/quote", async (HttpClient http) => await http.GetStringAsync("http://quotes/"));
            }
        }
        """);

    [Fact]
    public Task GrpcOverrideKeepsItsSignature_OnlyTheBodyChanges() => Verify.VerifyCodeFixAsync("""
        using System.Threading.Tasks;
        using Grpc.Core;

        public static class Greeter
        {
            [BindServiceMethod(typeof(Greeter), "BindService")]
            public abstract class GreeterBase
            {
                public virtual Task<string> SayHello(string request, ServerCallContext context) => Task.FromResult("");
            }
        }

        public class GreeterService : Greeter.GreeterBase
        {
            public override Task<string> SayHello(string request, ServerCallContext context)
            {
                var name = [|LoadAsync(request).Result|];
                return Task.FromResult("hello " + name);
            }

            private static Task<string> LoadAsync(string request) => Task.FromResult(request);
        }
        """, """
        using System.Threading.Tasks;
        using Grpc.Core;

        public static class Greeter
        {
            [BindServiceMethod(typeof(Greeter), "BindService")]
            public abstract class GreeterBase
            {
                public virtual Task<string> SayHello(string request, ServerCallContext context) => Task.FromResult("");
            }
        }

        public class GreeterService : Greeter.GreeterBase
        {
            public override async Task<string> SayHello(string request, ServerCallContext context)
            {
                var name = await LoadAsync(request);
                return "hello " + name;
            }

            private static Task<string> LoadAsync(string request) => Task.FromResult(request);
        }
        """);

    [Fact]
    public Task LocalFunctionBecomesAsyncAndItsCallsAreAwaited() => Verify.VerifyCodeFixAsync("""
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class OrdersController : ControllerBase
        {
            public int Get(Task<int> pending)
            {
                var total = Load() + Load();
                return total;

                int Load() => [|pending.Result|];
            }
        }
        """, """
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class OrdersController : ControllerBase
        {
            public async Task<int> Get(Task<int> pending)
            {
                var total = await LoadAsync() + await LoadAsync();
                return total;

                async Task<int> LoadAsync() => await pending;
            }
        }
        """);
}
