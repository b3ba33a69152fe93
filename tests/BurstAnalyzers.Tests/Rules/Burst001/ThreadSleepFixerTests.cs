using System.Threading.Tasks;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.Rules.ThreadSleepFixer>;

namespace BurstAnalyzers.Tests.Rules.Burst001;

public class ThreadSleepFixerTests
{
    /// <summary>
    /// The pause before applying saved settings: with the request's token, a disconnect would save the settings and
    /// never apply them. The default action (and its Fix All) passes no token; the opt-in action, chosen in the IDE,
    /// does, and a minimal API lambda then takes the token as a parameter.
    /// </summary>
    [Fact]
    public Task DefaultActionPassesNoToken_WhatFollowsStillRuns() => Verify.VerifyCodeFixAsync(Restart, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Builder;
        using Microsoft.AspNetCore.Mvc;

        public interface IHost
        {
            void Save(string settings);
            void Restart();
        }

        public class AdminController : ControllerBase
        {
            private readonly IHost _host;

            public AdminController(IHost host) => _host = host;

            [HttpPost]
            public async Task Apply(string settings)
            {
                _host.Save(settings);
                await Task.Delay(500);
                _host.Restart();
            }
        }

        public static class AdminEndpoints
        {
            public static void Map(WebApplication app, IHost host)
                => app.MapPost("/apply", async (string settings) => { host.Save(settings); await Task.Delay(500); host.Restart(); });
        }
        """);

    [Fact]
    public Task OptInActionObservesTheRequestsCancellation() => Verify.VerifyObservingCancellationAsync(Restart, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Builder;
        using Microsoft.AspNetCore.Mvc;

        public interface IHost
        {
            void Save(string settings);
            void Restart();
        }

        public class AdminController : ControllerBase
        {
            private readonly IHost _host;

            public AdminController(IHost host) => _host = host;

            [HttpPost]
            public async Task Apply(string settings)
            {
                _host.Save(settings);
                await Task.Delay(500, HttpContext.RequestAborted);
                _host.Restart();
            }
        }

        public static class AdminEndpoints
        {
            public static void Map(WebApplication app, IHost host)
                => app.MapPost("/apply", async (string settings, CancellationToken cancellationToken) => { host.Save(settings); await Task.Delay(500, cancellationToken); host.Restart(); });
        }
        """);

    private const string Restart = """
        using System.Threading;
        using Microsoft.AspNetCore.Builder;
        using Microsoft.AspNetCore.Mvc;

        public interface IHost
        {
            void Save(string settings);
            void Restart();
        }

        public class AdminController : ControllerBase
        {
            private readonly IHost _host;

            public AdminController(IHost host) => _host = host;

            [HttpPost]
            public void Apply(string settings)
            {
                _host.Save(settings);
                {|BURST001:Thread.Sleep(500)|};
                _host.Restart();
            }
        }

        public static class AdminEndpoints
        {
            public static void Map(WebApplication app, IHost host)
                => app.MapPost("/apply", (string settings) => { host.Save(settings); {|BURST001:Thread.Sleep(500)|}; host.Restart(); });
        }
        """;

    /// <summary>A using the fix adds goes before the #if around the file's usings, where every configuration sees it.</summary>
    [Fact]
    public Task AddedUsingStaysOutOfConditionalUsings() => Verify.VerifyCodeFixAsync("""
        // Orders API
        #if NET
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;
        #else
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;
        #endif

        public class OrdersController : ControllerBase
        {
            public void Post() => {|BURST001:Thread.Sleep(100)|};
        }
        """, """
        // Orders API
        using System.Threading.Tasks;
        #if NET
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;
        #else
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;
        #endif

        public class OrdersController : ControllerBase
        {
            public async Task Post() => await Task.Delay(100);
        }
        """);

    [Fact]
    public Task VoidAction_BecomesAsyncTask_AndImportsTasks() => Verify.VerifyCodeFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public class OrdersController : ControllerBase
        {
            [HttpPost]
            public void Post()
            {
                // wait for the legacy system
                {|BURST001:Thread.Sleep(100)|}; // trailing comment stays
            }
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class OrdersController : ControllerBase
        {
            [HttpPost]
            public async Task Post()
            {
                // wait for the legacy system
                await Task.Delay(100); // trailing comment stays
            }
        }
        """);

    [Fact]
    public Task ValueReturningAction_BecomesTaskOfT_TimeSpanAndNamedArgument() => Verify.VerifyCodeFixAsync("""
        using System;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class OrdersController : ControllerBase
        {
            [HttpGet("{id}")]
            public IActionResult Get(int id)
            {
                if (id < 0)
                {
                    return BadRequest();
                }

                {|BURST001:Thread.Sleep(timeout: TimeSpan.FromMilliseconds(id))|};
                return Ok(id);
            }
        }
        """, """
        using System;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class OrdersController : ControllerBase
        {
            [HttpGet("{id}")]
            public async Task<IActionResult> Get(int id)
            {
                if (id < 0)
                {
                    return BadRequest();
                }

                await Task.Delay(TimeSpan.FromMilliseconds(id));
                return Ok(id);
            }
        }
        """);

    [Fact]
    public Task AlreadyAsyncAction_OnlyTheCallChanges() => Verify.VerifyCodeFixAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class OrdersController : ControllerBase
        {
            public async Task<int> Count()
            {
                await Task.Yield();
                {|BURST001:Thread.Sleep(Timeout.Infinite)|};
                return 1;
            }
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class OrdersController : ControllerBase
        {
            public async Task<int> Count()
            {
                await Task.Yield();
                await Task.Delay(Timeout.Infinite);
                return 1;
            }
        }
        """);

    [Fact]
    public Task AsyncVoidAction_BecomesAsyncTask() => Verify.VerifyCodeFixAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class OrdersController : ControllerBase
        {
            public async void Fire()
            {
                await Task.Yield();
                {|BURST001:Thread.Sleep(1)|};
            }
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class OrdersController : ControllerBase
        {
            public async Task Fire()
            {
                await Task.Yield();
                await Task.Delay(1);
            }
        }
        """);

    [Fact]
    public Task ExpressionBodiedAction() => Verify.VerifyCodeFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public class PingController : ControllerBase
        {
            public void Ping() => {|BURST001:Thread.Sleep(5)|};
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class PingController : ControllerBase
        {
            public async Task Ping() => await Task.Delay(5);
        }
        """);

    [Fact]
    public Task TwoSleepsInOneAction_MethodConvertedOnce() => Verify.VerifyCodeFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public class SlowController : ControllerBase
        {
            public string Get()
            {
                {|BURST001:Thread.Sleep(1)|};
                {|BURST001:Thread.Sleep(2)|};
                return "done";
            }
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class SlowController : ControllerBase
        {
            public async Task<string> Get()
            {
                await Task.Delay(1);
                await Task.Delay(2);
                return "done";
            }
        }
        """);

    [Fact]
    public Task TaskReturningMethodThatIsNotAsync_GainsAsyncAndReturnsValues() => Verify.VerifyCodeFixAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class OrdersController : ControllerBase
        {
            public Task<int> Get(bool cached)
            {
                if (cached)
                {
                    return Task.FromResult(0);
                }

                [|Thread.Sleep(1)|];
                return Task.FromResult(1);
            }

            public Task Save()
            {
                [|Thread.Sleep(1)|];
                return Task.CompletedTask;
            }
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class OrdersController : ControllerBase
        {
            public async Task<int> Get(bool cached)
            {
                if (cached)
                {
                    return 0;
                }

                await Task.Delay(1);
                return 1;
            }

            public async Task Save()
            {
                await Task.Delay(1);
            }
        }
        """);
}
