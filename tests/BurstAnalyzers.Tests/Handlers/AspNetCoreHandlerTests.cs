using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Handlers;

/// <summary>Razor Pages, SignalR, middleware classes and hosted services. (Controllers: see the BURST001 tests.)</summary>
public class AspNetCoreHandlerTests
{
    [Fact]
    public Task RazorPagesHandlers() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.AspNetCore.Mvc.Filters;
        using Microsoft.AspNetCore.Mvc.RazorPages;

        public class OrdersModel : PageModel
        {
            public void OnGet() => {|BURST001:Thread.Sleep(1)|};

            public IActionResult OnPostDelete(int id)
            {
                {|BURST001:Thread.Sleep(id)|};
                return Page();
            }

            public async Task OnGetAsync()
            {
                await Task.Yield();
                {|BURST001:Thread.Sleep(1)|};
            }

            [NonHandler]
            public void OnHelper() => Thread.Sleep(1);

            public void Online() => Thread.Sleep(1);

            // Not a handler method, but the page model is a filter of its own handlers: it runs per request (MvcFilterTests).
            public override void OnPageHandlerExecuting(PageHandlerExecutingContext context) => {|BURST001:Thread.Sleep(1)|};

            private void OnPrivate() => Thread.Sleep(1);
        }
        """);

    [Fact]
    public Task SignalRHubMethods() => Verify.VerifyAnalyzerAsync("""
        using System;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.SignalR;

        public interface IChatClient
        {
            Task Receive(string message);
        }

        public class ChatHub : Hub
        {
            public void Send(string message) => {|BURST001:Thread.Sleep(1)|};

            public override Task OnConnectedAsync()
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.CompletedTask;
            }

            private void Helper() => Thread.Sleep(1);

            public static void Shared() => Thread.Sleep(1);
        }

        public class TypedHub : Hub<IChatClient>
        {
            public Task Broadcast(string message)
            {
                {|BURST001:Thread.Sleep(1)|};
                return Clients.All.Receive(message);
            }
        }
        """);

    [Fact]
    public Task Middleware_ConventionAndIMiddleware() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Http;

        public class TimingMiddleware
        {
            private readonly RequestDelegate _next;

            public TimingMiddleware(RequestDelegate next)
            {
                _next = next;
                Thread.Sleep(1); // constructed once
            }

            public Task InvokeAsync(HttpContext context)
            {
                {|BURST001:Thread.Sleep(1)|};
                return _next(context);
            }
        }

        public class LegacyMiddleware
        {
            private readonly RequestDelegate _next;

            public LegacyMiddleware(RequestDelegate next) => _next = next;

            public Task Invoke(HttpContext context)
            {
                {|BURST001:Thread.Sleep(1)|};
                return _next(context);
            }
        }

        public class FactoryMiddleware : IMiddleware
        {
            public Task InvokeAsync(HttpContext context, RequestDelegate next)
            {
                {|BURST001:Thread.Sleep(1)|};
                return next(context);
            }
        }

        public class ExplicitMiddleware : IMiddleware
        {
            Task IMiddleware.InvokeAsync(HttpContext context, RequestDelegate next)
            {
                {|BURST001:Thread.Sleep(1)|};
                return next(context);
            }
        }

        public class NotMiddleware
        {
            public Task InvokeAsync(HttpContext context)
            {
                Thread.Sleep(1);
                return Task.CompletedTask;
            }
        }
        """);

    [Fact]
    public Task HostedServicesAreNotHandlers() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.Extensions.Hosting;

        public class PollingWorker : BackgroundService
        {
            protected override Task ExecuteAsync(CancellationToken stoppingToken)
            {
                Thread.Sleep(1);
                return Task.CompletedTask;
            }
        }

        public class QueueController : IHostedService
        {
            public void Get() => Thread.Sleep(1);

            public Task StartAsync(CancellationToken cancellationToken) => Task.CompletedTask;

            public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;
        }
        """);

    [Fact]
    public Task OffloadedControllersAndActionsAreNotReported() => Verify.VerifyAnalyzerAsync("""
        using System;
        using System.Threading;
        using BurstAnalyzers.Offload;
        using Microsoft.AspNetCore.Mvc;

        [OffloadBlocking]
        public class LegacyController : ControllerBase
        {
            public void Get() => Thread.Sleep(1);
        }

        public class MixedController : ControllerBase
        {
            [OffloadBlocking]
            public void Offloaded() => Thread.Sleep(1);

            public void NotOffloaded() => {|BURST001:Thread.Sleep(1)|};
        }

        // The attribute is inherited: from a base controller, and from the action an override overrides.
        [OffloadBlocking]
        public abstract class LegacyBaseController : ControllerBase
        {
            public virtual void Report() => Thread.Sleep(1);
        }

        public class DerivedController : LegacyBaseController
        {
            public void Get() => Thread.Sleep(1);
        }

        public class TemplateController : ControllerBase
        {
            [OffloadBlocking]
            public virtual void Export() => Thread.Sleep(1);
        }

        public class CustomTemplateController : TemplateController
        {
            public override void Export() => Thread.Sleep(1);
        }

        // MVC reads the action and its class, not an interface the controller implements.
        public interface IReports
        {
            [OffloadBlocking]
            void Build();
        }

        public class ReportsController : ControllerBase, IReports
        {
            public void Build() => {|BURST001:Thread.Sleep(1)|};
        }
        """ + OffloadPackageStandIn.Attribute);

    [Fact]
    public Task OffloadedHubsAndPages_WhereTheirFiltersHonourTheAttribute() => Verify.VerifyAnalyzerAsync("""
        using System;
        using System.Collections.Generic;
        using System.Threading;
        using System.Threading.Channels;
        using System.Threading.Tasks;
        using BurstAnalyzers.Offload;
        using Microsoft.AspNetCore.Mvc.RazorPages;
        using Microsoft.AspNetCore.SignalR;

        [OffloadBlocking]
        public class LegacyHub : Hub
        {
            public void Send() => Thread.Sleep(1);
        }

        public class MixedHub : Hub
        {
            [OffloadBlocking]
            public void Offloaded() => Thread.Sleep(1);

            public void NotOffloaded() => {|BURST001:Thread.Sleep(1)|};
        }

        // The hub filter wraps invocations: not the connection callbacks, and not an async stream's body.
        [OffloadBlocking]
        public class StreamingHub : Hub
        {
            public override Task OnConnectedAsync()
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.CompletedTask;
            }

            public async IAsyncEnumerable<int> Counter()
            {
                {|BURST001:Thread.Sleep(1)|};
                yield return 1;
                await Task.Yield();
            }

            // Its body runs in the invocation, which the filter moves.
            public ChannelReader<int> Channel()
            {
                Thread.Sleep(1);
                return System.Threading.Channels.Channel.CreateUnbounded<int>().Reader;
            }
        }

        [OffloadBlocking]
        public class ReportModel : PageModel
        {
            public void OnGet() => Thread.Sleep(1);
        }

        public class OrdersModel : PageModel
        {
            // Razor Pages takes page filters from the page model class only: this one is never applied.
            [OffloadBlocking]
            public void OnGet() => {|BURST001:Thread.Sleep(1)|};
        }
        """ + OffloadPackageStandIn.Attribute);
}
