using System.Threading.Tasks;
using Xunit;
using ChainFix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.CallChainAnalyzer, BurstAnalyzers.Rules.CallChainFixer>;
using SleepFix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.Rules.ThreadSleepFixer>;

namespace BurstAnalyzers.Tests.Handlers;

/// <summary>
/// A synchronous action filter written as an override of ActionFilterAttribute's or Controller's OnActionExecuting
/// becomes the override of their OnActionExecutionAsync, shaped as those classes write it (issue 36): the body, then,
/// unless it set context.Result, OnActionExecuted(await next()). Elsewhere no fix (docs/rules/BURST001.md, "MVC filters").
/// </summary>
public class MvcFilterAsyncFormTests
{
    [Fact]
    public Task AnActionFilterAttributesOnActionExecutingBecomesOnActionExecutionAsync() => SleepFix.VerifyCodeFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class AuditAttribute : ActionFilterAttribute
        {
            public override void OnActionExecuting(ActionExecutingContext context)
            {
                {|BURST001:Thread.Sleep(1)|};
                if (!context.ModelState.IsValid)
                {
                    context.Result = new BadRequestResult();
                }
            }

            public override void OnActionExecuted(ActionExecutedContext context) => context.HttpContext.Items["audited"] = true;
        }

        public class OrdersController : Controller
        {
            public override void OnActionExecuting(ActionExecutingContext filterContext) => {|BURST001:Thread.Sleep(1)|};

            public IActionResult Index() => Ok();
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class AuditAttribute : ActionFilterAttribute
        {
            public override async Task OnActionExecutionAsync(ActionExecutingContext context, ActionExecutionDelegate next)
            {
                await Task.Delay(1);
                if (!context.ModelState.IsValid)
                {
                    context.Result = new BadRequestResult();
                }
                if (context.Result == null)
                {
                    OnActionExecuted(await next());
                }
            }

            public override void OnActionExecuted(ActionExecutedContext context) => context.HttpContext.Items["audited"] = true;
        }

        public class OrdersController : Controller
        {
            public override async Task OnActionExecutionAsync(ActionExecutingContext filterContext, ActionExecutionDelegate next)
            {
                await Task.Delay(1);
                if (filterContext.Result == null)
                {
                    OnActionExecuted(await next());
                }
            }

            public IActionResult Index() => Ok();
        }
        """);

    [Fact]
    public Task AChainFromAnActionFilterAttributeMakesItOnActionExecutionAsync() => ChainFix.VerifyCodeFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class AuditStore
        {
            public void Write()
            {
                Thread.Sleep(1);
            }
        }

        public class AuditAttribute : ActionFilterAttribute
        {
            private readonly AuditStore _store = new();

            public override void OnActionExecuting(ActionExecutingContext context)
            {
                {|BURST005:_store.Write()|};
            }
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class AuditStore
        {
            public async Task WriteAsync()
            {
                await Task.Delay(1);
            }
        }

        public class AuditAttribute : ActionFilterAttribute
        {
            private readonly AuditStore _store = new();

            public override async Task OnActionExecutionAsync(ActionExecutingContext context, ActionExecutionDelegate next)
            {
                await _store.WriteAsync();
                if (context.Result == null)
                {
                    OnActionExecuted(await next());
                }
            }
        }
        """);

    /// <summary>No fix where the conversion could not keep the filter's behaviour: a return in the body (it would skip the
    /// action), an OnActionExecutionAsync already overridden (the framework would no longer call the body), a class
    /// deriving from the filter (its override of OnActionExecuting would no longer run), a call of the method, a name
    /// `next` already in use, or a filter that overrides another filter's OnActionExecuting (its base is not empty).</summary>
    [Fact]
    public Task NoFixWhereTheAsyncFormCouldNotKeepTheFiltersBehaviour() => SleepFix.VerifyNoFixAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class EarlyAttribute : ActionFilterAttribute
        {
            public override void OnActionExecuting(ActionExecutingContext context)
            {
                if (context.ActionArguments.Count == 0)
                {
                    return;
                }

                {|BURST001:Thread.Sleep(1)|};
            }
        }

        public class BothAttribute : ActionFilterAttribute
        {
            public override void OnActionExecuting(ActionExecutingContext context) => {|BURST001:Thread.Sleep(1)|};

            public override Task OnActionExecutionAsync(ActionExecutingContext context, ActionExecutionDelegate next) => base.OnActionExecutionAsync(context, next);
        }

        public class BaseAuditAttribute : ActionFilterAttribute
        {
            public override void OnActionExecuting(ActionExecutingContext context) => {|BURST001:Thread.Sleep(1)|};
        }

        public class DerivedAuditAttribute : BaseAuditAttribute
        {
            public override void OnActionExecuting(ActionExecutingContext context)
            {
                base.OnActionExecuting(context);
                {|BURST001:Thread.Sleep(1)|};
            }
        }

        public class CalledAttribute : ActionFilterAttribute
        {
            public override void OnActionExecuting(ActionExecutingContext context) => {|BURST001:Thread.Sleep(1)|};

            public void Again(ActionExecutingContext context) => OnActionExecuting(context);
        }

        public class NamedAttribute : ActionFilterAttribute
        {
            public override void OnActionExecuting(ActionExecutingContext context)
            {
                var next = 1;
                {|BURST001:Thread.Sleep(next)|};
            }
        }
        """);

    /// <summary>A result filter's OnResultExecuting (ResultFilterAttribute, ActionFilterAttribute) calls next unless the
    /// body cancelled the result, as ResultFilterAttribute.OnResultExecutionAsync does; a page model's
    /// OnPageHandlerExecuting unless the body set a result, and its OnPageHandlerSelected becomes
    /// OnPageHandlerSelectionAsync, which only calls it.</summary>
    [Fact]
    public Task ResultFilterAndPageModelMethodsBecomeTheirAsyncForms() => SleepFix.VerifyCodeFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc.Filters;
        using Microsoft.AspNetCore.Mvc.RazorPages;

        public class HeadersAttribute : ResultFilterAttribute
        {
            public override void OnResultExecuting(ResultExecutingContext context)
            {
                {|BURST001:Thread.Sleep(1)|};
                context.Cancel = context.HttpContext.Response.HasStarted;
            }
        }

        public class IndexModel : PageModel
        {
            public override void OnPageHandlerSelected(PageHandlerSelectedContext context)
            {
                if (context.HandlerMethod is null)
                {
                    return;
                }

                {|BURST001:Thread.Sleep(1)|};
            }

            public override void OnPageHandlerExecuting(PageHandlerExecutingContext context) => {|BURST001:Thread.Sleep(1)|};

            public void OnGet()
            {
            }
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc.Filters;
        using Microsoft.AspNetCore.Mvc.RazorPages;

        public class HeadersAttribute : ResultFilterAttribute
        {
            public override async Task OnResultExecutionAsync(ResultExecutingContext context, ResultExecutionDelegate next)
            {
                await Task.Delay(1);
                context.Cancel = context.HttpContext.Response.HasStarted;
                if (!context.Cancel)
                {
                    OnResultExecuted(await next());
                }
            }
        }

        public class IndexModel : PageModel
        {
            public override async Task OnPageHandlerSelectionAsync(PageHandlerSelectedContext context)
            {
                if (context.HandlerMethod is null)
                {
                    return;
                }

                await Task.Delay(1);
            }

            public override async Task OnPageHandlerExecutionAsync(PageHandlerExecutingContext context, PageHandlerExecutionDelegate next)
            {
                await Task.Delay(1);
                if (context.Result == null)
                {
                    OnPageHandlerExecuted(await next());
                }
            }

            public void OnGet()
            {
            }
        }
        """);

    /// <summary>A class implementing IActionFilter itself becomes an IAsyncActionFilter: OnActionExecuting becomes
    /// OnActionExecutionAsync closing with the call MVC made of OnActionExecuted, which stays a plain method. Another
    /// class's IActionFilter is not touched and does not stand in the way.</summary>
    [Fact]
    public Task AnIActionFilterBecomesAnIAsyncActionFilter() => SleepFix.VerifyCodeFixAsync("""
        using System;
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class AuditFilter : Attribute, IActionFilter, IResultFilter
        {
            public void OnActionExecuting(ActionExecutingContext context)
            {
                {|BURST001:Thread.Sleep(1)|};
                if (context.ActionArguments.Count == 0)
                {
                    context.Result = new NoContentResult();
                }
            }

            public void OnActionExecuted(ActionExecutedContext context) => context.ExceptionHandled = context.Exception is TimeoutException;

            public void OnResultExecuting(ResultExecutingContext context) { }

            public void OnResultExecuted(ResultExecutedContext context) { }
        }

        public class QuietFilter : IActionFilter
        {
            public void OnActionExecuting(ActionExecutingContext context) { }

            public void OnActionExecuted(ActionExecutedContext context) { }
        }
        """, """
        using System;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class AuditFilter : Attribute, IAsyncActionFilter, IResultFilter
        {
            public async Task OnActionExecutionAsync(ActionExecutingContext context, ActionExecutionDelegate next)
            {
                await Task.Delay(1);
                if (context.ActionArguments.Count == 0)
                {
                    context.Result = new NoContentResult();
                }
                if (context.Result == null)
                {
                    OnActionExecuted(await next());
                }
            }

            public void OnActionExecuted(ActionExecutedContext context) => context.ExceptionHandled = context.Exception is TimeoutException;

            public void OnResultExecuting(ResultExecutingContext context) { }

            public void OnResultExecuted(ResultExecutedContext context) { }
        }

        public class QuietFilter : IActionFilter
        {
            public void OnActionExecuting(ActionExecutingContext context) { }

            public void OnActionExecuted(ActionExecutedContext context) { }
        }
        """);

    /// <summary>No fix where something else could see the interface change: IActionFilter named elsewhere (a
    /// registration as one), a class that also implements IAsyncActionFilter (MVC calls only that), or another interface
    /// of the class that inherits IActionFilter (the class would still have to implement it).</summary>
    [Fact]
    public Task NoFixWhereTheIActionFilterIsSeenElsewhere() => SleepFix.VerifyNoFixAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc.Filters;
        using Microsoft.Extensions.DependencyInjection;

        public class RegisteredFilter : IActionFilter
        {
            public void OnActionExecuting(ActionExecutingContext context) => {|BURST001:Thread.Sleep(1)|};

            public void OnActionExecuted(ActionExecutedContext context) { }
        }

        public static class Registration
        {
            public static void Add(IServiceCollection services) => services.AddScoped<IActionFilter, RegisteredFilter>();
        }

        public interface IAuditFilter : IActionFilter
        {
        }

        public class InheritedFilter : IActionFilter, IAuditFilter
        {
            public void OnActionExecuting(ActionExecutingContext context) => {|BURST001:Thread.Sleep(1)|};

            public void OnActionExecuted(ActionExecutedContext context) { }
        }

        public class TwinFilter : IActionFilter, IAsyncActionFilter
        {
            public void OnActionExecuting(ActionExecutingContext context) => {|BURST001:Thread.Sleep(1)|};

            public void OnActionExecuted(ActionExecutedContext context) { }

            public Task OnActionExecutionAsync(ActionExecutingContext context, ActionExecutionDelegate next) => next();
        }
        """);

    /// <summary>A class implementing IAuthorizationFilter itself becomes an IAsyncAuthorizationFilter: OnAuthorization
    /// becomes OnAuthorizationAsync, the body alone (MVC checks context.Result after either); a return stays, there is
    /// no next to skip. Two filters in one file: Fix All converts both.</summary>
    [Fact]
    public Task AnIAuthorizationFilterBecomesAnIAsyncAuthorizationFilter() => SleepFix.VerifyCodeFixAsync("""
        using System;
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class TenantFilter : Attribute, IAuthorizationFilter
        {
            public void OnAuthorization(AuthorizationFilterContext context)
            {
                {|BURST001:Thread.Sleep(1)|};
                if (context.HttpContext.User.Identity?.IsAuthenticated == true)
                {
                    return;
                }
                context.Result = new ForbidResult();
            }
        }

        public class QuotaFilter : IAuthorizationFilter
        {
            public void OnAuthorization(AuthorizationFilterContext context) => {|BURST001:Thread.Sleep(1)|};
        }
        """, """
        using System;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class TenantFilter : Attribute, IAsyncAuthorizationFilter
        {
            public async Task OnAuthorizationAsync(AuthorizationFilterContext context)
            {
                await Task.Delay(1);
                if (context.HttpContext.User.Identity?.IsAuthenticated == true)
                {
                    return;
                }
                context.Result = new ForbidResult();
            }
        }

        public class QuotaFilter : IAsyncAuthorizationFilter
        {
            public async Task OnAuthorizationAsync(AuthorizationFilterContext context) => await Task.Delay(1);
        }
        """);

    /// <summary>A class implementing IResultFilter itself becomes an IAsyncResultFilter, shaped as ResultFilterAttribute's
    /// OnResultExecutionAsync: the body, then, unless it set Cancel, OnResultExecuted(await next()). Fix All converts
    /// both filters.</summary>
    [Fact]
    public Task AnIResultFilterBecomesAnIAsyncResultFilter() => SleepFix.VerifyCodeFixAsync("""
        using System;
        using System.Threading;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class HeaderFilter : Attribute, IResultFilter
        {
            public void OnResultExecuting(ResultExecutingContext context)
            {
                {|BURST001:Thread.Sleep(1)|};
                context.Cancel = context.HttpContext.Response.HasStarted;
            }

            public void OnResultExecuted(ResultExecutedContext context) => context.ExceptionHandled = context.Exception is TimeoutException;
        }

        public class TimingFilter : IResultFilter
        {
            public void OnResultExecuting(ResultExecutingContext context) => {|BURST001:Thread.Sleep(1)|};

            public void OnResultExecuted(ResultExecutedContext context) { }
        }
        """, """
        using System;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class HeaderFilter : Attribute, IAsyncResultFilter
        {
            public async Task OnResultExecutionAsync(ResultExecutingContext context, ResultExecutionDelegate next)
            {
                await Task.Delay(1);
                context.Cancel = context.HttpContext.Response.HasStarted;
                if (!context.Cancel)
                {
                    OnResultExecuted(await next());
                }
            }

            public void OnResultExecuted(ResultExecutedContext context) => context.ExceptionHandled = context.Exception is TimeoutException;
        }

        public class TimingFilter : IAsyncResultFilter
        {
            public async Task OnResultExecutionAsync(ResultExecutingContext context, ResultExecutionDelegate next)
            {
                await Task.Delay(1);
                if (!context.Cancel)
                {
                    OnResultExecuted(await next());
                }
            }

            public void OnResultExecuted(ResultExecutedContext context) { }
        }
        """);

    /// <summary>A class implementing IResourceFilter itself becomes an IAsyncResourceFilter: the body, then, unless it
    /// set context.Result (MVC then short-circuits without OnResourceExecuted, in either form),
    /// OnResourceExecuted(await next()).</summary>
    [Fact]
    public Task AnIResourceFilterBecomesAnIAsyncResourceFilter() => SleepFix.VerifyCodeFixAsync("""
        using System;
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class CacheFilter : Attribute, IResourceFilter
        {
            public void OnResourceExecuting(ResourceExecutingContext context)
            {
                {|BURST001:Thread.Sleep(1)|};
                if (context.HttpContext.Request.Query.ContainsKey("cached"))
                {
                    context.Result = new NoContentResult();
                }
            }

            public void OnResourceExecuted(ResourceExecutedContext context) { }
        }
        """, """
        using System;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class CacheFilter : Attribute, IAsyncResourceFilter
        {
            public async Task OnResourceExecutionAsync(ResourceExecutingContext context, ResourceExecutionDelegate next)
            {
                await Task.Delay(1);
                if (context.HttpContext.Request.Query.ContainsKey("cached"))
                {
                    context.Result = new NoContentResult();
                }
                if (context.Result == null)
                {
                    OnResourceExecuted(await next());
                }
            }

            public void OnResourceExecuted(ResourceExecutedContext context) { }
        }
        """);

    /// <summary>No fix for the other filter interfaces where the change could be seen: IAuthorizationFilter also with
    /// its async form (MVC calls only that), IResultFilter brought along by IAlwaysRunResultFilter, IResourceFilter
    /// named elsewhere (a cast), a return in a body that next would close, and IPageFilter (its two methods would have to
    /// change at once).</summary>
    [Fact]
    public Task NoFixWhereTheOtherFilterInterfacesAreSeenElsewhere() => SleepFix.VerifyNoFixAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class TwinFilter : IAuthorizationFilter, IAsyncAuthorizationFilter
        {
            public void OnAuthorization(AuthorizationFilterContext context) => {|BURST001:Thread.Sleep(1)|};

            public Task OnAuthorizationAsync(AuthorizationFilterContext context) => Task.CompletedTask;
        }

        public class AlwaysFilter : IResultFilter, IAlwaysRunResultFilter
        {
            public void OnResultExecuting(ResultExecutingContext context) => {|BURST001:Thread.Sleep(1)|};

            public void OnResultExecuted(ResultExecutedContext context) { }
        }

        public class CastFilter : IResourceFilter
        {
            public void OnResourceExecuting(ResourceExecutingContext context) => {|BURST001:Thread.Sleep(1)|};

            public void OnResourceExecuted(ResourceExecutedContext context) { }

            public static object Self(object filter) => (IResourceFilter)filter;
        }

        public class EarlyFilter : IResultFilter
        {
            public void OnResultExecuting(ResultExecutingContext context)
            {
                {|BURST001:Thread.Sleep(1)|};
                if (context.Cancel)
                {
                    return;
                }
            }

            public void OnResultExecuted(ResultExecutedContext context) { }
        }

        public class PageFilter : IPageFilter
        {
            public void OnPageHandlerSelected(PageHandlerSelectedContext context) { }

            public void OnPageHandlerExecuting(PageHandlerExecutingContext context) => {|BURST001:Thread.Sleep(1)|};

            public void OnPageHandlerExecuted(PageHandlerExecutedContext context) { }
        }
        """);
}
