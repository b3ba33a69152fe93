using System.Threading.Tasks;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.Rules.ThreadSleepFixer>;

namespace BurstAnalyzers.Tests.Rules.Burst001;

public class ThreadSleepFixerTests
{
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
                await Task.Delay(100, HttpContext.RequestAborted); // trailing comment stays
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

                await Task.Delay(TimeSpan.FromMilliseconds(id), HttpContext.RequestAborted);
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
                await Task.Delay(Timeout.Infinite, HttpContext.RequestAborted);
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
                await Task.Delay(1, HttpContext.RequestAborted);
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
            public async Task Ping() => await Task.Delay(5, HttpContext.RequestAborted);
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
                await Task.Delay(1, HttpContext.RequestAborted);
                await Task.Delay(2, HttpContext.RequestAborted);
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

                await Task.Delay(1, HttpContext.RequestAborted);
                return 1;
            }

            public async Task Save()
            {
                await Task.Delay(1, HttpContext.RequestAborted);
            }
        }
        """);
}
