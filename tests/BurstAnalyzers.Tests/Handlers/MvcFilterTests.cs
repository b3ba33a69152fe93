using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;
using ChainFix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.CallChainAnalyzer, BurstAnalyzers.Rules.CallChainFixer>;
using ChainRule = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.CallChainAnalyzer>;
using Offload = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.CodeFixes.Offload.OffloadFixer>;
using SleepFix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.Rules.ThreadSleepFixer>;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Handlers;

/// <summary>
/// MVC and Razor Pages filters (issue 36): the methods implementing a filter interface's members, or overriding a base
/// class's implementation of one (the *FilterAttribute classes, Controller, PageModel), run on the request thread of
/// every action or page they apply to. Their signatures are the framework's: no fix changes them, and the offload
/// runtime does not move them.
/// </summary>
public class MvcFilterTests
{
    [Fact]
    public Task EveryFilterInterfaceMethodIsAHandler() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class AuditFilter : IActionFilter
        {
            public void OnActionExecuting(ActionExecutingContext context) => {|#0:Thread.Sleep(1)|};

            public void OnActionExecuted(ActionExecutedContext context) => {|BURST001:Thread.Sleep(1)|};
        }

        public class AsyncAuditFilter : IAsyncActionFilter
        {
            public Task OnActionExecutionAsync(ActionExecutingContext context, ActionExecutionDelegate next)
            {
                {|BURST001:Thread.Sleep(1)|};
                return next();
            }
        }

        public class CacheFilter : IResourceFilter, IAsyncResourceFilter
        {
            public void OnResourceExecuting(ResourceExecutingContext context) => {|BURST001:Thread.Sleep(1)|};

            public void OnResourceExecuted(ResourceExecutedContext context) => {|BURST001:Thread.Sleep(1)|};

            public Task OnResourceExecutionAsync(ResourceExecutingContext context, ResourceExecutionDelegate next)
            {
                {|BURST001:Thread.Sleep(1)|};
                return next();
            }
        }

        public class TenantFilter : IAuthorizationFilter, IAsyncAuthorizationFilter
        {
            public void OnAuthorization(AuthorizationFilterContext context) => {|BURST001:Thread.Sleep(1)|};

            public Task OnAuthorizationAsync(AuthorizationFilterContext context)
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.CompletedTask;
            }
        }

        public class ErrorFilter : IExceptionFilter, IAsyncExceptionFilter
        {
            public void OnException(ExceptionContext context) => {|BURST001:Thread.Sleep(1)|};

            public Task OnExceptionAsync(ExceptionContext context)
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.CompletedTask;
            }
        }

        public class HeaderFilter : IResultFilter, IAsyncResultFilter
        {
            public void OnResultExecuting(ResultExecutingContext context) => {|BURST001:Thread.Sleep(1)|};

            public void OnResultExecuted(ResultExecutedContext context) => {|BURST001:Thread.Sleep(1)|};

            public Task OnResultExecutionAsync(ResultExecutingContext context, ResultExecutionDelegate next)
            {
                {|BURST001:Thread.Sleep(1)|};
                return next();
            }
        }

        public class EnvelopeFilter : IAlwaysRunResultFilter
        {
            public void OnResultExecuting(ResultExecutingContext context) => {|BURST001:Thread.Sleep(1)|};

            public void OnResultExecuted(ResultExecutedContext context) => {|BURST001:Thread.Sleep(1)|};
        }

        public class PageAuditFilter : IPageFilter, IAsyncPageFilter
        {
            public void OnPageHandlerSelected(PageHandlerSelectedContext context) => {|BURST001:Thread.Sleep(1)|};

            public void OnPageHandlerExecuting(PageHandlerExecutingContext context) => {|BURST001:Thread.Sleep(1)|};

            public void OnPageHandlerExecuted(PageHandlerExecutedContext context) => {|BURST001:Thread.Sleep(1)|};

            public Task OnPageHandlerSelectionAsync(PageHandlerSelectedContext context)
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.CompletedTask;
            }

            public Task OnPageHandlerExecutionAsync(PageHandlerExecutingContext context, PageHandlerExecutionDelegate next)
            {
                {|BURST001:Thread.Sleep(1)|};
                return next();
            }
        }

        public class ExplicitFilter : IActionFilter
        {
            void IActionFilter.OnActionExecuting(ActionExecutingContext context) => {|#1:Thread.Sleep(1)|};

            void IActionFilter.OnActionExecuted(ActionExecutedContext context) => {|BURST001:Thread.Sleep(1)|};
        }
        """,
        Verify.Diagnostic("BURST001").WithLocation(0).WithArguments("Thread.Sleep", "AuditFilter.OnActionExecuting", "await Task.Delay"),
        Verify.Diagnostic("BURST001").WithLocation(1).WithArguments("Thread.Sleep", "ExplicitFilter.OnActionExecuting", "await Task.Delay"));

    [Fact]
    public Task FilterAttributeControllerAndPageModelOverridesAreHandlers() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.AspNetCore.Mvc.Filters;
        using Microsoft.AspNetCore.Mvc.RazorPages;

        public class TimingAttribute : ActionFilterAttribute
        {
            public override void OnActionExecuting(ActionExecutingContext context) => {|#0:Thread.Sleep(1)|};

            public override void OnResultExecuted(ResultExecutedContext context) => {|BURST001:Thread.Sleep(1)|};
        }

        public class AsyncTimingAttribute : ActionFilterAttribute
        {
            public override async Task OnActionExecutionAsync(ActionExecutingContext context, ActionExecutionDelegate next)
            {
                {|BURST001:Thread.Sleep(1)|};
                await next();
            }
        }

        public class WrapAttribute : ResultFilterAttribute
        {
            public override void OnResultExecuting(ResultExecutingContext context) => {|BURST001:Thread.Sleep(1)|};
        }

        public class LogErrorsAttribute : ExceptionFilterAttribute
        {
            public override void OnException(ExceptionContext context) => {|BURST001:Thread.Sleep(1)|};
        }

        // A derived filter's override runs in its base filter's place.
        public class StrictTimingAttribute : TimingAttribute
        {
            public override void OnActionExecuting(ActionExecutingContext context) => {|BURST001:Thread.Sleep(1)|};
        }

        public class OrdersController : Controller
        {
            public override void OnActionExecuting(ActionExecutingContext context) => {|#1:Thread.Sleep(1)|};
        }

        public class OrdersModel : PageModel
        {
            public override void OnPageHandlerExecuting(PageHandlerExecutingContext context) => {|BURST001:Thread.Sleep(1)|};
        }
        """,
        Verify.Diagnostic("BURST001").WithLocation(0).WithArguments("Thread.Sleep", "TimingAttribute.OnActionExecuting", "await Task.Delay"),
        Verify.Diagnostic("BURST001").WithLocation(1).WithArguments("Thread.Sleep", "OrdersController.OnActionExecuting", "await Task.Delay"));

    [Fact]
    public Task CodeOfAFilterThatDoesNotRunPerRequestIsNotReported() => Verify.VerifyAnalyzerAsync("""
        using System;
        using System.Threading;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class AuditFilter : IActionFilter, IFilterFactory, IOrderedFilter
        {
            public AuditFilter() => Thread.Sleep(1);

            public int Order { get { Thread.Sleep(1); return 0; } }

            public bool IsReusable => false;

            public IFilterMetadata CreateInstance(IServiceProvider serviceProvider)
            {
                Thread.Sleep(1);
                return this;
            }

            public void OnActionExecuting(ActionExecutingContext context) { }

            public void OnActionExecuted(ActionExecutedContext context) { }

            public void Helper() => Thread.Sleep(1);

            public void OnActionExecuting(string notTheContract) => Thread.Sleep(1);

            public static void OnActionExecuted(int notAnInstanceMethod) => Thread.Sleep(1);
        }

        // The same method in a class that is no filter.
        public class LookAlike
        {
            public void OnActionExecuting(ActionExecutingContext context) => Thread.Sleep(1);

            public void OnException(ExceptionContext context) => Thread.Sleep(1);
        }
        """);

    [Fact]
    public Task ChainsFromAFilterAreFollowed() => ChainRule.VerifyAnalyzerAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class AuditStore
        {
            public void Write() => {|#1:Thread.Sleep(1)|};
        }

        public class AuditFilter : IActionFilter
        {
            private readonly AuditStore _store = new();

            public void OnActionExecuting(ActionExecutingContext context) => {|#0:_store.Write()|};

            public void OnActionExecuted(ActionExecutedContext context) { }
        }

        public class NotAFilter
        {
            private readonly AuditStore _store = new();

            public void OnActionExecuting(ActionExecutingContext context) => _store.Write();
        }
        """,
        ChainRule.Diagnostic("BURST005").WithLocation(0).WithLocation(1).WithArguments(
            "AuditFilter.OnActionExecuting", "OnActionExecuting → AuditStore.Write → Thread.Sleep"));

    /// <summary>OnActionExecuting must stay void: made async, the framework would not wait for it. (An override of
    /// ActionFilterAttribute's or Controller's, and an IActionFilter's own, becomes OnActionExecutionAsync, and an
    /// IResourceFilter's, IResultFilter's, IAuthorizationFilter's, IExceptionFilter's or IPageFilter's own its async
    /// interface's: MvcFilterAsyncFormTests;
    /// not where the "executed" method is an explicit implementation, as here.)</summary>
    [Fact]
    public Task SynchronousFilterGetsNoAsyncFix() => SleepFix.VerifyNoFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class AuditFilter : IActionFilter
        {
            public void OnActionExecuting(ActionExecutingContext context) => {|BURST001:Thread.Sleep(1)|};

            void IActionFilter.OnActionExecuted(ActionExecutedContext context) { }
        }

        public class CacheFilter : IResourceFilter
        {
            public void OnResourceExecuting(ResourceExecutingContext context) => {|BURST001:Thread.Sleep(1)|};

            void IResourceFilter.OnResourceExecuted(ResourceExecutedContext context) { }
        }

        public class ExplicitFilter : IResultFilter
        {
            void IResultFilter.OnResultExecuting(ResultExecutingContext context) => {|BURST001:Thread.Sleep(1)|};

            void IResultFilter.OnResultExecuted(ResultExecutedContext context) { }
        }
        """);

    [Fact]
    public Task ChainFromASynchronousFilterGetsNoAsyncFix() => ChainFix.VerifyNoFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class AuditStore
        {
            public void Write() => Thread.Sleep(1);
        }

        public class AuditFilter : IResultFilter
        {
            private readonly AuditStore _store = new();

            public void OnResultExecuting(ResultExecutingContext context) => {|BURST005:_store.Write()|};

            void IResultFilter.OnResultExecuted(ResultExecutedContext context) { }
        }
        """);

    /// <summary>An asynchronous filter keeps its signature: it only gains async, and awaits what it returned.</summary>
    [Fact]
    public Task AsynchronousFilterAwaitsInPlace() => SleepFix.VerifyCodeFixAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class AuditFilter : IAsyncActionFilter
        {
            public Task OnActionExecutionAsync(ActionExecutingContext context, ActionExecutionDelegate next)
            {
                {|BURST001:Thread.Sleep(1)|};
                return next();
            }
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class AuditFilter : IAsyncActionFilter
        {
            public async Task OnActionExecutionAsync(ActionExecutingContext context, ActionExecutionDelegate next)
            {
                await Task.Delay(1);
                await next();
            }
        }
        """);

    /// <summary>The opt-in action passes the request's token, from the filter's context.</summary>
    [Fact]
    public Task AsynchronousFilterObservesTheRequestsCancellation() => SleepFix.VerifyObservingCancellationAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class AuditFilter : IAsyncActionFilter
        {
            public Task OnActionExecutionAsync(ActionExecutingContext context, ActionExecutionDelegate next)
            {
                {|BURST001:Thread.Sleep(1)|};
                return next();
            }
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class AuditFilter : IAsyncActionFilter
        {
            public async Task OnActionExecutionAsync(ActionExecutingContext context, ActionExecutionDelegate next)
            {
                await Task.Delay(1, context.HttpContext.RequestAborted);
                await next();
            }
        }
        """);

    /// <summary>The offload runtime moves actions, hub methods and page handlers, not filters: no [OffloadBlocking].</summary>
    [Fact]
    public Task NoOffloadFixForAFilter() => Offload.VerifyNoFixAsync("""
        using System;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class AuditFilter : IActionFilter
        {
            public void OnActionExecuting(ActionExecutingContext context) => {|BURST006:Console.ReadLine()|};

            public void OnActionExecuted(ActionExecutedContext context) { }
        }
        """ + OffloadPackageStandIn.Attribute);

    /// <summary>[OffloadBlocking] on a filter is read by nothing: the warning stays.</summary>
    [Fact]
    public Task OffloadAttributeOnAFilterSilencesNothing() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using BurstAnalyzers.Offload;
        using Microsoft.AspNetCore.Mvc.Filters;

        [OffloadBlocking]
        public class AuditFilter : IActionFilter
        {
            [OffloadBlocking]
            public void OnActionExecuting(ActionExecutingContext context) => {|BURST001:Thread.Sleep(1)|};

            public void OnActionExecuted(ActionExecutedContext context) { }
        }
        """ + OffloadPackageStandIn.Attribute);
}
