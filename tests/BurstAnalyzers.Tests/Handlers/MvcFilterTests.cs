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

    private const string Signal = "an async signal (SemaphoreSlim.WaitAsync, TaskCompletionSource) or [OffloadBlocking]";

    /// <summary>Issue 36's "each blocking kind" in every kind of filter: a task wait (BURST002), synchronous I/O with an
    /// async twin (BURST003) and a wait on a synchronization primitive (BURST004), each at its own span and with its
    /// message's arguments, in each filter interface's method and each framework base class's override.</summary>
    [Fact]
    public Task EachBlockingKindIsReportedInEveryFilterKind() => Verify.VerifyAnalyzerAsync("""
        using System.IO;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.AspNetCore.Mvc.Filters;
        using Microsoft.AspNetCore.Mvc.RazorPages;

        public static class Work
        {
            public static readonly SemaphoreSlim Gate = new(1);
            public static readonly ManualResetEventSlim Ready = new();
            public static readonly object Lock = new();

            public static Task<int> CountAsync() => Task.FromResult(1);
        }

        public class AuditFilter : IActionFilter
        {
            public void OnActionExecuting(ActionExecutingContext context)
            {
                var count = {|#0:Work.CountAsync().Result|};
                var text = {|#1:File.ReadAllText("audit.txt")|};
                {|#2:Work.Gate.Wait()|};
            }

            public void OnActionExecuted(ActionExecutedContext context) { }
        }

        public class AsyncAuditFilter : IAsyncActionFilter
        {
            public async Task OnActionExecutionAsync(ActionExecutingContext context, ActionExecutionDelegate next)
            {
                {|#3:Work.CountAsync().Wait()|};
                var text = {|#4:File.ReadAllText("audit.txt")|};
                {|#5:Work.Ready.Wait()|};
                await next();
            }
        }

        public class CacheFilter : IResourceFilter
        {
            public void OnResourceExecuting(ResourceExecutingContext context)
            {
                var count = {|#6:Work.CountAsync().GetAwaiter().GetResult()|};
                var text = {|#7:File.ReadAllText("cache.txt")|};
                lock (Work.Lock)
                {
                    {|#8:Monitor.Wait(Work.Lock)|};
                }
            }

            public void OnResourceExecuted(ResourceExecutedContext context) { }
        }

        public class TenantFilter : IAsyncAuthorizationFilter
        {
            public Task OnAuthorizationAsync(AuthorizationFilterContext context)
            {
                var count = {|#9:Work.CountAsync().Result|};
                var text = {|#10:File.ReadAllText("tenant.txt")|};
                {|#11:Work.Gate.Wait()|};
                return Task.CompletedTask;
            }
        }

        public class ErrorFilter : IExceptionFilter
        {
            public void OnException(ExceptionContext context)
            {
                var count = {|#12:Work.CountAsync().Result|};
                var text = {|#13:File.ReadAllText("error.txt")|};
                {|#14:Work.Gate.Wait()|};
            }
        }

        public class EnvelopeFilter : IAlwaysRunResultFilter
        {
            public void OnResultExecuting(ResultExecutingContext context)
            {
                var count = {|#15:Work.CountAsync().Result|};
                var text = {|#16:File.ReadAllText("envelope.txt")|};
                {|#17:Work.Ready.Wait()|};
            }

            public void OnResultExecuted(ResultExecutedContext context) { }
        }

        public class PageAuditFilter : IPageFilter
        {
            public void OnPageHandlerSelected(PageHandlerSelectedContext context) { }

            public void OnPageHandlerExecuting(PageHandlerExecutingContext context)
            {
                var count = {|#18:Work.CountAsync().Result|};
                var text = {|#19:File.ReadAllText("page.txt")|};
                {|#20:Work.Gate.Wait()|};
            }

            public void OnPageHandlerExecuted(PageHandlerExecutedContext context) { }
        }

        public class WrapAttribute : ResultFilterAttribute
        {
            public override void OnResultExecuting(ResultExecutingContext context)
            {
                var count = {|#21:Work.CountAsync().Result|};
                var text = {|#22:File.ReadAllText("wrap.txt")|};
                {|#23:Work.Gate.Wait()|};
            }
        }

        public class LogErrorsAttribute : ExceptionFilterAttribute
        {
            public override void OnException(ExceptionContext context)
            {
                var count = {|#24:Work.CountAsync().Result|};
                var text = {|#25:File.ReadAllText("errors.txt")|};
                {|#26:Work.Gate.Wait()|};
            }
        }

        public class OrdersController : Controller
        {
            public override void OnActionExecuting(ActionExecutingContext context)
            {
                var count = {|#27:Work.CountAsync().Result|};
                var text = {|#28:System.IO.File.ReadAllText("orders.txt")|};
                {|#29:Work.Gate.Wait()|};
            }
        }

        public class OrdersModel : PageModel
        {
            public override void OnPageHandlerExecuting(PageHandlerExecutingContext context)
            {
                var count = {|#30:Work.CountAsync().Result|};
                var text = {|#31:System.IO.File.ReadAllText("orders.txt")|};
                {|#32:Work.Gate.Wait()|};
            }
        }
        """,
        Verify.Diagnostic("BURST002").WithLocation(0).WithArguments("Task.Result", "AuditFilter.OnActionExecuting", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(1).WithArguments("File.ReadAllText", "AuditFilter.OnActionExecuting", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(2).WithArguments("SemaphoreSlim.Wait", "AuditFilter.OnActionExecuting", "'await SemaphoreSlim.WaitAsync'"),
        Verify.Diagnostic("BURST002").WithLocation(3).WithArguments("Task.Wait", "AsyncAuditFilter.OnActionExecutionAsync", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(4).WithArguments("File.ReadAllText", "AsyncAuditFilter.OnActionExecutionAsync", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(5).WithArguments("ManualResetEventSlim.Wait", "AsyncAuditFilter.OnActionExecutionAsync", Signal),
        Verify.Diagnostic("BURST002").WithLocation(6).WithArguments("GetAwaiter().GetResult()", "CacheFilter.OnResourceExecuting", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(7).WithArguments("File.ReadAllText", "CacheFilter.OnResourceExecuting", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(8).WithArguments("Monitor.Wait", "CacheFilter.OnResourceExecuting", Signal),
        Verify.Diagnostic("BURST002").WithLocation(9).WithArguments("Task.Result", "TenantFilter.OnAuthorizationAsync", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(10).WithArguments("File.ReadAllText", "TenantFilter.OnAuthorizationAsync", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(11).WithArguments("SemaphoreSlim.Wait", "TenantFilter.OnAuthorizationAsync", "'await SemaphoreSlim.WaitAsync'"),
        Verify.Diagnostic("BURST002").WithLocation(12).WithArguments("Task.Result", "ErrorFilter.OnException", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(13).WithArguments("File.ReadAllText", "ErrorFilter.OnException", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(14).WithArguments("SemaphoreSlim.Wait", "ErrorFilter.OnException", "'await SemaphoreSlim.WaitAsync'"),
        Verify.Diagnostic("BURST002").WithLocation(15).WithArguments("Task.Result", "EnvelopeFilter.OnResultExecuting", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(16).WithArguments("File.ReadAllText", "EnvelopeFilter.OnResultExecuting", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(17).WithArguments("ManualResetEventSlim.Wait", "EnvelopeFilter.OnResultExecuting", Signal),
        Verify.Diagnostic("BURST002").WithLocation(18).WithArguments("Task.Result", "PageAuditFilter.OnPageHandlerExecuting", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(19).WithArguments("File.ReadAllText", "PageAuditFilter.OnPageHandlerExecuting", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(20).WithArguments("SemaphoreSlim.Wait", "PageAuditFilter.OnPageHandlerExecuting", "'await SemaphoreSlim.WaitAsync'"),
        Verify.Diagnostic("BURST002").WithLocation(21).WithArguments("Task.Result", "WrapAttribute.OnResultExecuting", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(22).WithArguments("File.ReadAllText", "WrapAttribute.OnResultExecuting", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(23).WithArguments("SemaphoreSlim.Wait", "WrapAttribute.OnResultExecuting", "'await SemaphoreSlim.WaitAsync'"),
        Verify.Diagnostic("BURST002").WithLocation(24).WithArguments("Task.Result", "LogErrorsAttribute.OnException", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(25).WithArguments("File.ReadAllText", "LogErrorsAttribute.OnException", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(26).WithArguments("SemaphoreSlim.Wait", "LogErrorsAttribute.OnException", "'await SemaphoreSlim.WaitAsync'"),
        Verify.Diagnostic("BURST002").WithLocation(27).WithArguments("Task.Result", "OrdersController.OnActionExecuting", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(28).WithArguments("File.ReadAllText", "OrdersController.OnActionExecuting", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(29).WithArguments("SemaphoreSlim.Wait", "OrdersController.OnActionExecuting", "'await SemaphoreSlim.WaitAsync'"),
        Verify.Diagnostic("BURST002").WithLocation(30).WithArguments("Task.Result", "OrdersModel.OnPageHandlerExecuting", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(31).WithArguments("File.ReadAllText", "OrdersModel.OnPageHandlerExecuting", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(32).WithArguments("SemaphoreSlim.Wait", "OrdersModel.OnPageHandlerExecuting", "'await SemaphoreSlim.WaitAsync'"));

    /// <summary>BURST005 from each filter interface and base-class override (the IActionFilter case is
    /// ChainsFromAFilterAreFollowed), the chain named from the filter method.</summary>
    [Fact]
    public Task ChainsFromEveryFilterKindAreFollowed() => ChainRule.VerifyAnalyzerAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.AspNetCore.Mvc.Filters;
        using Microsoft.AspNetCore.Mvc.RazorPages;

        public static class AuditStore
        {
            public static void Write() => {|#0:Thread.Sleep(1)|};
        }

        public class CacheFilter : IAsyncResourceFilter
        {
            public Task OnResourceExecutionAsync(ResourceExecutingContext context, ResourceExecutionDelegate next)
            {
                {|#1:AuditStore.Write()|};
                return next();
            }
        }

        public class TenantFilter : IAuthorizationFilter
        {
            public void OnAuthorization(AuthorizationFilterContext context) => {|#2:AuditStore.Write()|};
        }

        public class ErrorFilter : IAsyncExceptionFilter
        {
            public Task OnExceptionAsync(ExceptionContext context)
            {
                {|#3:AuditStore.Write()|};
                return Task.CompletedTask;
            }
        }

        public class HeaderFilter : IResultFilter
        {
            public void OnResultExecuting(ResultExecutingContext context) { }

            public void OnResultExecuted(ResultExecutedContext context) => {|#4:AuditStore.Write()|};
        }

        public class PageAuditFilter : IAsyncPageFilter
        {
            public Task OnPageHandlerSelectionAsync(PageHandlerSelectedContext context)
            {
                {|#5:AuditStore.Write()|};
                return Task.CompletedTask;
            }

            public Task OnPageHandlerExecutionAsync(PageHandlerExecutingContext context, PageHandlerExecutionDelegate next) => next();
        }

        public class TimingAttribute : ActionFilterAttribute
        {
            public override void OnActionExecuting(ActionExecutingContext context) => {|#6:AuditStore.Write()|};
        }

        public class OrdersController : Controller
        {
            public override void OnActionExecuted(ActionExecutedContext context) => {|#7:AuditStore.Write()|};
        }

        public class OrdersModel : PageModel
        {
            public override void OnPageHandlerSelected(PageHandlerSelectedContext context) => {|#8:AuditStore.Write()|};
        }
        """,
        ChainRule.Diagnostic("BURST005").WithLocation(1).WithLocation(0).WithArguments(
            "CacheFilter.OnResourceExecutionAsync", "OnResourceExecutionAsync → AuditStore.Write → Thread.Sleep"),
        ChainRule.Diagnostic("BURST005").WithLocation(2).WithLocation(0).WithArguments(
            "TenantFilter.OnAuthorization", "OnAuthorization → AuditStore.Write → Thread.Sleep"),
        ChainRule.Diagnostic("BURST005").WithLocation(3).WithLocation(0).WithArguments(
            "ErrorFilter.OnExceptionAsync", "OnExceptionAsync → AuditStore.Write → Thread.Sleep"),
        ChainRule.Diagnostic("BURST005").WithLocation(4).WithLocation(0).WithArguments(
            "HeaderFilter.OnResultExecuted", "OnResultExecuted → AuditStore.Write → Thread.Sleep"),
        ChainRule.Diagnostic("BURST005").WithLocation(5).WithLocation(0).WithArguments(
            "PageAuditFilter.OnPageHandlerSelectionAsync", "OnPageHandlerSelectionAsync → AuditStore.Write → Thread.Sleep"),
        ChainRule.Diagnostic("BURST005").WithLocation(6).WithLocation(0).WithArguments(
            "TimingAttribute.OnActionExecuting", "OnActionExecuting → AuditStore.Write → Thread.Sleep"),
        ChainRule.Diagnostic("BURST005").WithLocation(7).WithLocation(0).WithArguments(
            "OrdersController.OnActionExecuted", "OnActionExecuted → AuditStore.Write → Thread.Sleep"),
        ChainRule.Diagnostic("BURST005").WithLocation(8).WithLocation(0).WithArguments(
            "OrdersModel.OnPageHandlerSelected", "OnPageHandlerSelected → AuditStore.Write → Thread.Sleep"));

    /// <summary>The other half of each filter interface pair, and ActionFilterAttribute's overrides, with the kinds of
    /// EachBlockingKindIsReportedInEveryFilterKind.</summary>
    [Fact]
    public Task EachBlockingKindIsReportedInTheOtherFilterForms() => Verify.VerifyAnalyzerAsync("""
        using System.IO;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc.Filters;

        public static class Work
        {
            public static readonly SemaphoreSlim Gate = new(1);
            public static readonly ManualResetEventSlim Ready = new();

            public static Task<int> CountAsync() => Task.FromResult(1);
        }

        public class CacheFilter : IAsyncResourceFilter
        {
            public async Task OnResourceExecutionAsync(ResourceExecutingContext context, ResourceExecutionDelegate next)
            {
                var count = {|#0:Work.CountAsync().Result|};
                var text = {|#1:File.ReadAllText("cache.txt")|};
                {|#2:Work.Gate.Wait()|};
                await next();
            }
        }

        public class TenantFilter : IAuthorizationFilter
        {
            public void OnAuthorization(AuthorizationFilterContext context)
            {
                var count = {|#3:Work.CountAsync().Result|};
                var text = {|#4:File.ReadAllText("tenant.txt")|};
                {|#5:Work.Ready.Wait()|};
            }
        }

        public class ErrorFilter : IAsyncExceptionFilter
        {
            public Task OnExceptionAsync(ExceptionContext context)
            {
                var count = {|#6:Work.CountAsync().Result|};
                var text = {|#7:File.ReadAllText("error.txt")|};
                {|#8:Work.Gate.Wait()|};
                return Task.CompletedTask;
            }
        }

        public class HeaderFilter : IResultFilter, IAsyncResultFilter
        {
            public void OnResultExecuting(ResultExecutingContext context)
            {
                var count = {|#9:Work.CountAsync().Result|};
                var text = {|#10:File.ReadAllText("header.txt")|};
                {|#11:Work.Gate.Wait()|};
            }

            public void OnResultExecuted(ResultExecutedContext context) { }

            public async Task OnResultExecutionAsync(ResultExecutingContext context, ResultExecutionDelegate next)
            {
                var count = {|#12:Work.CountAsync().Result|};
                var text = {|#13:File.ReadAllText("header.txt")|};
                {|#14:Work.Gate.Wait()|};
                await next();
            }
        }

        public class PageAuditFilter : IAsyncPageFilter
        {
            public Task OnPageHandlerSelectionAsync(PageHandlerSelectedContext context) => Task.CompletedTask;

            public async Task OnPageHandlerExecutionAsync(PageHandlerExecutingContext context, PageHandlerExecutionDelegate next)
            {
                var count = {|#15:Work.CountAsync().Result|};
                var text = {|#16:File.ReadAllText("page.txt")|};
                {|#17:Work.Ready.Wait()|};
                await next();
            }
        }

        public class TimingAttribute : ActionFilterAttribute
        {
            public override void OnActionExecuting(ActionExecutingContext context)
            {
                var count = {|#18:Work.CountAsync().Result|};
                var text = {|#19:File.ReadAllText("timing.txt")|};
                {|#20:Work.Gate.Wait()|};
            }
        }

        public class AsyncTimingAttribute : ActionFilterAttribute
        {
            public override async Task OnActionExecutionAsync(ActionExecutingContext context, ActionExecutionDelegate next)
            {
                var count = {|#21:Work.CountAsync().Result|};
                var text = {|#22:File.ReadAllText("timing.txt")|};
                {|#23:Work.Gate.Wait()|};
                await next();
            }
        }
        """,
        Verify.Diagnostic("BURST002").WithLocation(0).WithArguments("Task.Result", "CacheFilter.OnResourceExecutionAsync", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(1).WithArguments("File.ReadAllText", "CacheFilter.OnResourceExecutionAsync", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(2).WithArguments("SemaphoreSlim.Wait", "CacheFilter.OnResourceExecutionAsync", "'await SemaphoreSlim.WaitAsync'"),
        Verify.Diagnostic("BURST002").WithLocation(3).WithArguments("Task.Result", "TenantFilter.OnAuthorization", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(4).WithArguments("File.ReadAllText", "TenantFilter.OnAuthorization", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(5).WithArguments("ManualResetEventSlim.Wait", "TenantFilter.OnAuthorization", Signal),
        Verify.Diagnostic("BURST002").WithLocation(6).WithArguments("Task.Result", "ErrorFilter.OnExceptionAsync", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(7).WithArguments("File.ReadAllText", "ErrorFilter.OnExceptionAsync", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(8).WithArguments("SemaphoreSlim.Wait", "ErrorFilter.OnExceptionAsync", "'await SemaphoreSlim.WaitAsync'"),
        Verify.Diagnostic("BURST002").WithLocation(9).WithArguments("Task.Result", "HeaderFilter.OnResultExecuting", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(10).WithArguments("File.ReadAllText", "HeaderFilter.OnResultExecuting", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(11).WithArguments("SemaphoreSlim.Wait", "HeaderFilter.OnResultExecuting", "'await SemaphoreSlim.WaitAsync'"),
        Verify.Diagnostic("BURST002").WithLocation(12).WithArguments("Task.Result", "HeaderFilter.OnResultExecutionAsync", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(13).WithArguments("File.ReadAllText", "HeaderFilter.OnResultExecutionAsync", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(14).WithArguments("SemaphoreSlim.Wait", "HeaderFilter.OnResultExecutionAsync", "'await SemaphoreSlim.WaitAsync'"),
        Verify.Diagnostic("BURST002").WithLocation(15).WithArguments("Task.Result", "PageAuditFilter.OnPageHandlerExecutionAsync", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(16).WithArguments("File.ReadAllText", "PageAuditFilter.OnPageHandlerExecutionAsync", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(17).WithArguments("ManualResetEventSlim.Wait", "PageAuditFilter.OnPageHandlerExecutionAsync", Signal),
        Verify.Diagnostic("BURST002").WithLocation(18).WithArguments("Task.Result", "TimingAttribute.OnActionExecuting", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(19).WithArguments("File.ReadAllText", "TimingAttribute.OnActionExecuting", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(20).WithArguments("SemaphoreSlim.Wait", "TimingAttribute.OnActionExecuting", "'await SemaphoreSlim.WaitAsync'"),
        Verify.Diagnostic("BURST002").WithLocation(21).WithArguments("Task.Result", "AsyncTimingAttribute.OnActionExecutionAsync", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(22).WithArguments("File.ReadAllText", "AsyncTimingAttribute.OnActionExecutionAsync", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(23).WithArguments("SemaphoreSlim.Wait", "AsyncTimingAttribute.OnActionExecutionAsync", "'await SemaphoreSlim.WaitAsync'"));

    /// <summary>BURST005 from the forms ChainsFromEveryFilterKindAreFollowed leaves out.</summary>
    [Fact]
    public Task ChainsFromTheOtherFilterFormsAreFollowed() => ChainRule.VerifyAnalyzerAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc.Filters;

        public static class AuditStore
        {
            public static void Write() => {|#0:Thread.Sleep(1)|};
        }

        public class AsyncAuditFilter : IAsyncActionFilter
        {
            public Task OnActionExecutionAsync(ActionExecutingContext context, ActionExecutionDelegate next)
            {
                {|#1:AuditStore.Write()|};
                return next();
            }
        }

        public class CacheFilter : IResourceFilter
        {
            public void OnResourceExecuting(ResourceExecutingContext context) => {|#2:AuditStore.Write()|};

            public void OnResourceExecuted(ResourceExecutedContext context) { }
        }

        public class TenantFilter : IAsyncAuthorizationFilter
        {
            public Task OnAuthorizationAsync(AuthorizationFilterContext context)
            {
                {|#3:AuditStore.Write()|};
                return Task.CompletedTask;
            }
        }

        public class ErrorFilter : IExceptionFilter
        {
            public void OnException(ExceptionContext context) => {|#4:AuditStore.Write()|};
        }

        public class HeaderFilter : IAsyncResultFilter
        {
            public Task OnResultExecutionAsync(ResultExecutingContext context, ResultExecutionDelegate next)
            {
                {|#5:AuditStore.Write()|};
                return next();
            }
        }

        public class EnvelopeFilter : IAlwaysRunResultFilter
        {
            public void OnResultExecuting(ResultExecutingContext context) => {|#6:AuditStore.Write()|};

            public void OnResultExecuted(ResultExecutedContext context) { }
        }

        public class PageAuditFilter : IPageFilter
        {
            public void OnPageHandlerSelected(PageHandlerSelectedContext context) { }

            public void OnPageHandlerExecuting(PageHandlerExecutingContext context) => {|#7:AuditStore.Write()|};

            public void OnPageHandlerExecuted(PageHandlerExecutedContext context) { }
        }

        public class WrapAttribute : ResultFilterAttribute
        {
            public override void OnResultExecuting(ResultExecutingContext context) => {|#8:AuditStore.Write()|};
        }

        public class LogErrorsAttribute : ExceptionFilterAttribute
        {
            public override void OnException(ExceptionContext context) => {|#9:AuditStore.Write()|};
        }
        """,
        ChainRule.Diagnostic("BURST005").WithLocation(1).WithLocation(0).WithArguments(
            "AsyncAuditFilter.OnActionExecutionAsync", "OnActionExecutionAsync → AuditStore.Write → Thread.Sleep"),
        ChainRule.Diagnostic("BURST005").WithLocation(2).WithLocation(0).WithArguments(
            "CacheFilter.OnResourceExecuting", "OnResourceExecuting → AuditStore.Write → Thread.Sleep"),
        ChainRule.Diagnostic("BURST005").WithLocation(3).WithLocation(0).WithArguments(
            "TenantFilter.OnAuthorizationAsync", "OnAuthorizationAsync → AuditStore.Write → Thread.Sleep"),
        ChainRule.Diagnostic("BURST005").WithLocation(4).WithLocation(0).WithArguments(
            "ErrorFilter.OnException", "OnException → AuditStore.Write → Thread.Sleep"),
        ChainRule.Diagnostic("BURST005").WithLocation(5).WithLocation(0).WithArguments(
            "HeaderFilter.OnResultExecutionAsync", "OnResultExecutionAsync → AuditStore.Write → Thread.Sleep"),
        ChainRule.Diagnostic("BURST005").WithLocation(6).WithLocation(0).WithArguments(
            "EnvelopeFilter.OnResultExecuting", "OnResultExecuting → AuditStore.Write → Thread.Sleep"),
        ChainRule.Diagnostic("BURST005").WithLocation(7).WithLocation(0).WithArguments(
            "PageAuditFilter.OnPageHandlerExecuting", "OnPageHandlerExecuting → AuditStore.Write → Thread.Sleep"),
        ChainRule.Diagnostic("BURST005").WithLocation(8).WithLocation(0).WithArguments(
            "WrapAttribute.OnResultExecuting", "OnResultExecuting → AuditStore.Write → Thread.Sleep"),
        ChainRule.Diagnostic("BURST005").WithLocation(9).WithLocation(0).WithArguments(
            "LogErrorsAttribute.OnException", "OnException → AuditStore.Write → Thread.Sleep"));

    private const string FilterLookAlikes = """
        using System.IO;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc.Filters;

        // Every filter method's name and signature, in a class that implements no filter interface: MVC never calls them.
        public class LookAlike
        {
            public void OnActionExecuting(ActionExecutingContext context) { Work.Block(); Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); }
            public void OnActionExecuted(ActionExecutedContext context) { Work.Block(); Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); }
            public Task OnActionExecutionAsync(ActionExecutingContext context, ActionExecutionDelegate next) { Work.Block(); Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); return next(); }
            public void OnResourceExecuting(ResourceExecutingContext context) { Work.Block(); Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); }
            public void OnResourceExecuted(ResourceExecutedContext context) { Work.Block(); Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); }
            public Task OnResourceExecutionAsync(ResourceExecutingContext context, ResourceExecutionDelegate next) { Work.Block(); Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); return next(); }
            public void OnAuthorization(AuthorizationFilterContext context) { Work.Block(); Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); }
            public Task OnAuthorizationAsync(AuthorizationFilterContext context) { Work.Block(); Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); return Task.CompletedTask; }
            public void OnException(ExceptionContext context) { Work.Block(); Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); }
            public Task OnExceptionAsync(ExceptionContext context) { Work.Block(); Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); return Task.CompletedTask; }
            public void OnResultExecuting(ResultExecutingContext context) { Work.Block(); Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); }
            public void OnResultExecuted(ResultExecutedContext context) { Work.Block(); Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); }
            public Task OnResultExecutionAsync(ResultExecutingContext context, ResultExecutionDelegate next) { Work.Block(); Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); return next(); }
            public void OnPageHandlerSelected(PageHandlerSelectedContext context) { Work.Block(); Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); }
            public void OnPageHandlerExecuting(PageHandlerExecutingContext context) { Work.Block(); Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); }
            public void OnPageHandlerExecuted(PageHandlerExecutedContext context) { Work.Block(); Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); }
            public Task OnPageHandlerSelectionAsync(PageHandlerSelectedContext context) { Work.Block(); Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); return Task.CompletedTask; }
            public Task OnPageHandlerExecutionAsync(PageHandlerExecutingContext context, PageHandlerExecutionDelegate next) { Work.Block(); Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); return next(); }
        }

        // A filter's members that MVC does not call per request.
        public class AuditFilter : IActionFilter, IFilterFactory
        {
            public AuditFilter() => Work.Block();

            public bool IsReusable { get { Work.Block(); return false; } }

            public IFilterMetadata CreateInstance(System.IServiceProvider serviceProvider)
            {
                _ = Work.CountAsync().Result;
                _ = File.ReadAllText("a");
                Work.Gate.Wait();
                Work.Block();
                return this;
            }

            public void OnActionExecuting(ActionExecutingContext context) { }

            public void OnActionExecuted(ActionExecutedContext context) { }
        }
        """ + SilenceAudit.Work;

    /// <summary>Silence for every blocking kind (BURST001 to BURST004) in every filter method's shape outside a filter,
    /// and in a filter's members that do not run per request.</summary>
    [Fact]
    public Task NoBlockingKindIsReportedOutsideAFilterMethod() => Verify.VerifyAnalyzerAsync(FilterLookAlikes);

    /// <summary>And no BURST005 from them, through a helper that blocks in every way.</summary>
    [Fact]
    public Task NoChainIsReportedOutsideAFilterMethod() => ChainRule.VerifyAnalyzerAsync(FilterLookAlikes);
}
