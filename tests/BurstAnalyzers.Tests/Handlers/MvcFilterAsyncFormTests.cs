using System.Threading;
using System.Threading.Tasks;
using Xunit;
using ChainFix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.CallChainAnalyzer, BurstAnalyzers.Rules.CallChainFixer>;
using GateFix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.Rules.PrimitiveWaitFixer>;
using IoFix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.Rules.SyncIoFixer>;
using SleepFix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.Rules.ThreadSleepFixer>;
using WaitFix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.Rules.TaskWaitFixer>;

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
    /// registration as one). Each case stands alone: a registration anywhere withholds the fix from every class.</summary>
    [Fact]
    public Task NoFixWhereTheIActionFilterIsNamedElsewhere() => SleepFix.VerifyNoFixAsync("""
        using System.Threading;
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
        """);

    /// <summary>No fix where another interface of the class inherits IActionFilter: the class would still have to
    /// implement it.</summary>
    [Fact]
    public Task NoFixWhereAnotherInterfaceOfTheClassInheritsIActionFilter() => SleepFix.VerifyNoFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc.Filters;

        public interface IAuditFilter : IActionFilter
        {
        }

        public class InheritedFilter : IActionFilter, IAuditFilter
        {
            public void OnActionExecuting(ActionExecutingContext context) => {|BURST001:Thread.Sleep(1)|};

            public void OnActionExecuted(ActionExecutedContext context) { }
        }
        """);

    /// <summary>No fix where the class also implements IAsyncActionFilter: MVC calls only that one.</summary>
    [Fact]
    public Task NoFixWhereTheClassAlsoImplementsIAsyncActionFilter() => SleepFix.VerifyNoFixAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc.Filters;

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
    /// named elsewhere (a cast), and a return in a body that next would close.</summary>
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
        """);

    /// <summary>A class implementing IPageFilter itself becomes an IAsyncPageFilter, which has two methods: the one whose
    /// body blocks becomes its async form (OnPageHandlerExecuting: the body, then, unless it set a result,
    /// OnPageHandlerExecuted(await next()); OnPageHandlerSelected: the body alone), and the other synchronous method stays,
    /// called by the async form added after it, as PageActionInvoker runs a synchronous page filter. Fix All converts
    /// both filters.</summary>
    [Fact]
    public Task AnIPageFilterBecomesAnIAsyncPageFilter() => SleepFix.VerifyCodeFixAsync("""
        using System;
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class AuditPageFilter : Attribute, IPageFilter
        {
            public void OnPageHandlerSelected(PageHandlerSelectedContext context) => context.HttpContext.Items["selected"] = context.HandlerMethod;

            public void OnPageHandlerExecuting(PageHandlerExecutingContext context)
            {
                {|BURST001:Thread.Sleep(1)|};
                if (context.HandlerArguments.Count == 0)
                {
                    context.Result = new NoContentResult();
                }
            }

            public void OnPageHandlerExecuted(PageHandlerExecutedContext context) => context.ExceptionHandled = context.Exception is TimeoutException;
        }

        public class HandlerPageFilter : IPageFilter
        {
            public void OnPageHandlerSelected(PageHandlerSelectedContext selected)
            {
                if (selected.HandlerMethod is null)
                {
                    return;
                }

                {|BURST001:Thread.Sleep(1)|};
            }

            public void OnPageHandlerExecuting(PageHandlerExecutingContext executing) => executing.HttpContext.Items["executing"] = true;

            public void OnPageHandlerExecuted(PageHandlerExecutedContext executed) { }
        }
        """, """
        using System;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class AuditPageFilter : Attribute, IAsyncPageFilter
        {
            public void OnPageHandlerSelected(PageHandlerSelectedContext context) => context.HttpContext.Items["selected"] = context.HandlerMethod;

            public Task OnPageHandlerSelectionAsync(PageHandlerSelectedContext context)
            {
                OnPageHandlerSelected(context);
                return Task.CompletedTask;
            }

            public async Task OnPageHandlerExecutionAsync(PageHandlerExecutingContext context, PageHandlerExecutionDelegate next)
            {
                await Task.Delay(1);
                if (context.HandlerArguments.Count == 0)
                {
                    context.Result = new NoContentResult();
                }
                if (context.Result == null)
                {
                    OnPageHandlerExecuted(await next());
                }
            }

            public void OnPageHandlerExecuted(PageHandlerExecutedContext context) => context.ExceptionHandled = context.Exception is TimeoutException;
        }

        public class HandlerPageFilter : IAsyncPageFilter
        {
            public async Task OnPageHandlerSelectionAsync(PageHandlerSelectedContext selected)
            {
                if (selected.HandlerMethod is null)
                {
                    return;
                }

                await Task.Delay(1);
            }

            public void OnPageHandlerExecuting(PageHandlerExecutingContext executing) => executing.HttpContext.Items["executing"] = true;

            public async Task OnPageHandlerExecutionAsync(PageHandlerExecutingContext executing, PageHandlerExecutionDelegate next)
            {
                OnPageHandlerExecuting(executing);
                if (executing.Result == null)
                {
                    OnPageHandlerExecuted(await next());
                }
            }

            public void OnPageHandlerExecuted(PageHandlerExecutedContext executed) { }
        }
        """);

    /// <summary>Both methods of one page filter blocking: Fix All converts both, and adds nothing (each is the other's
    /// async form). One at a time, the first fix converts OnPageHandlerSelected and adds the async form that calls
    /// OnPageHandlerExecuting, which is then no filter method of its own (BURST005 reports it through its caller).</summary>
    [Fact]
    public Task BothMethodsOfAPageFilterConvertTogether()
    {
        var test = new SleepFix.Test
        {
            TestCode = """
                using System.Threading;
                using Microsoft.AspNetCore.Mvc.Filters;

                public class SlowPageFilter : IPageFilter
                {
                    public void OnPageHandlerSelected(PageHandlerSelectedContext context) => {|BURST001:Thread.Sleep(1)|};

                    public void OnPageHandlerExecuting(PageHandlerExecutingContext context) => {|BURST001:Thread.Sleep(2)|};

                    public void OnPageHandlerExecuted(PageHandlerExecutedContext context) { }
                }
                """,
            FixedCode = """
                using System.Threading;
                using System.Threading.Tasks;
                using Microsoft.AspNetCore.Mvc.Filters;

                public class SlowPageFilter : IAsyncPageFilter
                {
                    public async Task OnPageHandlerSelectionAsync(PageHandlerSelectedContext context) => await Task.Delay(1);

                    public void OnPageHandlerExecuting(PageHandlerExecutingContext context) => Thread.Sleep(2);

                    public async Task OnPageHandlerExecutionAsync(PageHandlerExecutingContext context, PageHandlerExecutionDelegate next)
                    {
                        OnPageHandlerExecuting(context);
                        if (context.Result == null)
                        {
                            OnPageHandlerExecuted(await next());
                        }
                    }

                    public void OnPageHandlerExecuted(PageHandlerExecutedContext context) { }
                }
                """,
            BatchFixedCode = """
                using System.Threading;
                using System.Threading.Tasks;
                using Microsoft.AspNetCore.Mvc.Filters;

                public class SlowPageFilter : IAsyncPageFilter
                {
                    public async Task OnPageHandlerSelectionAsync(PageHandlerSelectedContext context) => await Task.Delay(1);

                    public async Task OnPageHandlerExecutionAsync(PageHandlerExecutingContext context, PageHandlerExecutionDelegate next)
                    {
                        await Task.Delay(2);
                        if (context.Result == null)
                        {
                            OnPageHandlerExecuted(await next());
                        }
                    }

                    public void OnPageHandlerExecuted(PageHandlerExecutedContext context) { }
                }
                """,
        };
        return test.RunAsync(CancellationToken.None);
    }

    /// <summary>A chain from an IPageFilter's OnPageHandlerExecuting: the chain's methods become async, the filter an
    /// IAsyncPageFilter whose OnPageHandlerSelectionAsync calls the OnPageHandlerSelected that stays.</summary>
    [Fact]
    public Task AChainFromAnIPageFilterMakesItAnIAsyncPageFilter() => ChainFix.VerifyCodeFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class AuditStore
        {
            public void Write()
            {
                Thread.Sleep(1);
            }
        }

        public class AuditPageFilter : IPageFilter
        {
            private readonly AuditStore _store = new();

            public void OnPageHandlerSelected(PageHandlerSelectedContext context)
            {
            }

            public void OnPageHandlerExecuting(PageHandlerExecutingContext context)
            {
                {|BURST005:_store.Write()|};
            }

            public void OnPageHandlerExecuted(PageHandlerExecutedContext context)
            {
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

        public class AuditPageFilter : IAsyncPageFilter
        {
            private readonly AuditStore _store = new();

            public void OnPageHandlerSelected(PageHandlerSelectedContext context)
            {
            }

            public Task OnPageHandlerSelectionAsync(PageHandlerSelectedContext context)
            {
                OnPageHandlerSelected(context);
                return Task.CompletedTask;
            }

            public async Task OnPageHandlerExecutionAsync(PageHandlerExecutingContext context, PageHandlerExecutionDelegate next)
            {
                await _store.WriteAsync();
                if (context.Result == null)
                {
                    OnPageHandlerExecuted(await next());
                }
            }

            public void OnPageHandlerExecuted(PageHandlerExecutedContext context)
            {
            }
        }
        """);

    /// <summary>No fix for a page filter where the change could be seen or could not keep its behaviour: IPageFilter
    /// also with IAsyncPageFilter (ASP.NET Core calls only the async one), a member already named like the async method to add, the
    /// other method in another declaration of a partial class, an OnPageHandlerExecuting whose context is named next (the
    /// async form that calls it adds a next), a class deriving from the filter, a blocking OnPageHandlerExecuted (it runs
    /// after next; no async form calls it there), and a return in the OnPageHandlerExecuting that next would close.</summary>
    [Fact]
    public Task NoFixWhereThePageFilterCannotChange() => SleepFix.VerifyNoFixAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class TwinPageFilter : IPageFilter, IAsyncPageFilter
        {
            public void OnPageHandlerSelected(PageHandlerSelectedContext context) { }

            public void OnPageHandlerExecuting(PageHandlerExecutingContext context) => {|BURST001:Thread.Sleep(1)|};

            public void OnPageHandlerExecuted(PageHandlerExecutedContext context) { }

            public Task OnPageHandlerSelectionAsync(PageHandlerSelectedContext context) => Task.CompletedTask;

            public Task OnPageHandlerExecutionAsync(PageHandlerExecutingContext context, PageHandlerExecutionDelegate next) => next();
        }

        public class NamedPageFilter : IPageFilter
        {
            public void OnPageHandlerSelected(PageHandlerSelectedContext context) { }

            public void OnPageHandlerExecuting(PageHandlerExecutingContext context) => {|BURST001:Thread.Sleep(1)|};

            public void OnPageHandlerExecuted(PageHandlerExecutedContext context) { }

            public void OnPageHandlerSelectionAsync() { }
        }

        public partial class PartialPageFilter : IPageFilter
        {
            public void OnPageHandlerExecuting(PageHandlerExecutingContext context) => {|BURST001:Thread.Sleep(1)|};

            public void OnPageHandlerExecuted(PageHandlerExecutedContext context) { }
        }

        public partial class PartialPageFilter
        {
            public void OnPageHandlerSelected(PageHandlerSelectedContext context) { }
        }

        public class BasePageFilter : IPageFilter
        {
            public void OnPageHandlerSelected(PageHandlerSelectedContext context) => {|BURST001:Thread.Sleep(1)|};

            public void OnPageHandlerExecuting(PageHandlerExecutingContext context) { }

            public void OnPageHandlerExecuted(PageHandlerExecutedContext context) { }
        }

        public class DerivedPageFilter : BasePageFilter
        {
        }

        public class NextPageFilter : IPageFilter
        {
            public void OnPageHandlerSelected(PageHandlerSelectedContext context) => {|BURST001:Thread.Sleep(1)|};

            public void OnPageHandlerExecuting(PageHandlerExecutingContext next) { }

            public void OnPageHandlerExecuted(PageHandlerExecutedContext context) { }
        }

        public class ExecutedPageFilter : IPageFilter
        {
            public void OnPageHandlerSelected(PageHandlerSelectedContext context) { }

            public void OnPageHandlerExecuting(PageHandlerExecutingContext context) { }

            public void OnPageHandlerExecuted(PageHandlerExecutedContext context) => {|BURST001:Thread.Sleep(1)|};
        }

        public class EarlyPageFilter : IPageFilter
        {
            public void OnPageHandlerSelected(PageHandlerSelectedContext context) { }

            public void OnPageHandlerExecuting(PageHandlerExecutingContext context)
            {
                {|BURST001:Thread.Sleep(1)|};
                if (context.Result != null)
                {
                    return;
                }
            }

            public void OnPageHandlerExecuted(PageHandlerExecutedContext context) { }
        }
        """);

    /// <summary>IPageFilter named outside a base list (a registration as one): the filter keeps it. Each of these in a
    /// file of its own: the name seen elsewhere stops the fix for every page filter of the solution.</summary>
    [Fact]
    public Task NoFixForAPageFilterRegisteredAsOne() => SleepFix.VerifyNoFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc.Filters;
        using Microsoft.Extensions.DependencyInjection;

        public class RegisteredPageFilter : IPageFilter
        {
            public void OnPageHandlerSelected(PageHandlerSelectedContext context) => {|BURST001:Thread.Sleep(1)|};

            public void OnPageHandlerExecuting(PageHandlerExecutingContext context) { }

            public void OnPageHandlerExecuted(PageHandlerExecutedContext context) { }
        }

        public static class Registration
        {
            public static void Add(IServiceCollection services) => services.AddScoped<IPageFilter, RegisteredPageFilter>();
        }
        """);

    /// <summary>A method implemented explicitly: without IPageFilter it would implement nothing.</summary>
    [Fact]
    public Task NoFixForAPageFilterWithAnExplicitImplementation() => SleepFix.VerifyNoFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class ExplicitPageFilter : IPageFilter
        {
            void IPageFilter.OnPageHandlerSelected(PageHandlerSelectedContext context) { }

            public void OnPageHandlerExecuting(PageHandlerExecutingContext context) => {|BURST001:Thread.Sleep(1)|};

            public void OnPageHandlerExecuted(PageHandlerExecutedContext context) { }
        }
        """);

    /// <summary>A class implementing IExceptionFilter itself becomes an IAsyncExceptionFilter, OnException becoming
    /// OnExceptionAsync, the body alone (MVC calls either under the same condition, an exception not yet handled); an
    /// override of ExceptionFilterAttribute's OnException becomes its OnExceptionAsync override, which the attribute
    /// writes as a call of OnException. Fix All converts both.</summary>
    [Fact]
    public Task AnExceptionFilterBecomesAsync() => SleepFix.VerifyCodeFixAsync("""
        using System;
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class TimeoutFilter : IExceptionFilter
        {
            public void OnException(ExceptionContext context)
            {
                if (context.Exception is not TimeoutException)
                {
                    return;
                }

                {|BURST001:Thread.Sleep(1)|};
                context.Result = new StatusCodeResult(504);
            }
        }

        public class LogErrorsAttribute : ExceptionFilterAttribute
        {
            public override void OnException(ExceptionContext context) => {|BURST001:Thread.Sleep(1)|};
        }
        """, """
        using System;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class TimeoutFilter : IAsyncExceptionFilter
        {
            public async Task OnExceptionAsync(ExceptionContext context)
            {
                if (context.Exception is not TimeoutException)
                {
                    return;
                }

                await Task.Delay(1);
                context.Result = new StatusCodeResult(504);
            }
        }

        public class LogErrorsAttribute : ExceptionFilterAttribute
        {
            public override async Task OnExceptionAsync(ExceptionContext context) => await Task.Delay(1);
        }
        """);

    [Fact]
    public Task AChainFromAnExceptionFilterAttributeMakesItOnExceptionAsync() => ChainFix.VerifyCodeFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class ErrorStore
        {
            public void Write()
            {
                Thread.Sleep(1);
            }
        }

        public class LogErrorsAttribute : ExceptionFilterAttribute
        {
            private readonly ErrorStore _store = new();

            public override void OnException(ExceptionContext context)
            {
                {|BURST005:_store.Write()|};
            }
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class ErrorStore
        {
            public async Task WriteAsync()
            {
                await Task.Delay(1);
            }
        }

        public class LogErrorsAttribute : ExceptionFilterAttribute
        {
            private readonly ErrorStore _store = new();

            public override async Task OnExceptionAsync(ExceptionContext context)
            {
                await _store.WriteAsync();
            }
        }
        """);

    /// <summary>No fix for an exception filter whose change could be seen: an attribute that also overrides
    /// OnExceptionAsync (its OnException runs only through that), a class also implementing IAsyncExceptionFilter (MVC
    /// calls only that), an override of another filter's OnException, and a call of the method.</summary>
    [Fact]
    public Task NoFixWhereTheExceptionFilterCannotChange() => SleepFix.VerifyNoFixAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class BothAttribute : ExceptionFilterAttribute
        {
            public override void OnException(ExceptionContext context) => {|BURST001:Thread.Sleep(1)|};

            public override Task OnExceptionAsync(ExceptionContext context) => base.OnExceptionAsync(context);
        }

        public class TwinFilter : IExceptionFilter, IAsyncExceptionFilter
        {
            public void OnException(ExceptionContext context) => {|BURST001:Thread.Sleep(1)|};

            public Task OnExceptionAsync(ExceptionContext context) => Task.CompletedTask;
        }

        public class BaseErrorsAttribute : ExceptionFilterAttribute
        {
            public override void OnException(ExceptionContext context) => {|BURST001:Thread.Sleep(1)|};
        }

        public class DerivedErrorsAttribute : BaseErrorsAttribute
        {
            public override void OnException(ExceptionContext context) => {|BURST001:Thread.Sleep(1)|};
        }

        public class CalledFilter : IExceptionFilter
        {
            public void OnException(ExceptionContext context) => {|BURST001:Thread.Sleep(1)|};

            public void Again(ExceptionContext context) => OnException(context);
        }
        """);

    /// <summary>Each filter interface that is already asynchronous keeps its signature and only gains async, whichever
    /// blocking kind is fixed (IAsyncActionFilter with Thread.Sleep is FilterTests' AsynchronousFilterAwaitsInPlace):
    /// a task's Result (BURST002) in IAsyncResourceFilter and IAsyncAuthorizationFilter, a synchronous read (BURST003) in
    /// IAsyncExceptionFilter and IAsyncResultFilter, SemaphoreSlim.Wait (BURST004) in IAsyncPageFilter.</summary>
    [Fact]
    public async Task EveryAsynchronousFilterInterfaceAwaitsInPlace()
    {
        await WaitFix.VerifyCodeFixAsync("""
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc.Filters;

            public class CacheFilter : IAsyncResourceFilter
            {
                public Task OnResourceExecutionAsync(ResourceExecutingContext context, ResourceExecutionDelegate next)
                {
                    var count = {|BURST002:CountAsync().Result|};
                    return next();
                }

                private static Task<int> CountAsync() => Task.FromResult(1);
            }

            public class TenantFilter : IAsyncAuthorizationFilter
            {
                public Task OnAuthorizationAsync(AuthorizationFilterContext context)
                {
                    var count = {|BURST002:CountAsync().Result|};
                    return Task.CompletedTask;
                }

                private static Task<int> CountAsync() => Task.FromResult(1);
            }
            """, """
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc.Filters;

            public class CacheFilter : IAsyncResourceFilter
            {
                public async Task OnResourceExecutionAsync(ResourceExecutingContext context, ResourceExecutionDelegate next)
                {
                    var count = await CountAsync();
                    await next();
                }

                private static Task<int> CountAsync() => Task.FromResult(1);
            }

            public class TenantFilter : IAsyncAuthorizationFilter
            {
                public async Task OnAuthorizationAsync(AuthorizationFilterContext context)
                {
                    var count = await CountAsync();
                }

                private static Task<int> CountAsync() => Task.FromResult(1);
            }
            """);

        await IoFix.VerifyCodeFixAsync("""
            using System.IO;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc.Filters;

            public class ErrorFilter : IAsyncExceptionFilter
            {
                public Task OnExceptionAsync(ExceptionContext context)
                {
                    var text = {|BURST003:File.ReadAllText("error.txt")|};
                    return Task.CompletedTask;
                }
            }

            public class HeaderFilter : IAsyncResultFilter
            {
                public Task OnResultExecutionAsync(ResultExecutingContext context, ResultExecutionDelegate next)
                {
                    var text = {|BURST003:File.ReadAllText("header.txt")|};
                    return next();
                }
            }
            """, """
            using System.IO;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc.Filters;

            public class ErrorFilter : IAsyncExceptionFilter
            {
                public async Task OnExceptionAsync(ExceptionContext context)
                {
                    var text = await File.ReadAllTextAsync("error.txt");
                }
            }

            public class HeaderFilter : IAsyncResultFilter
            {
                public async Task OnResultExecutionAsync(ResultExecutingContext context, ResultExecutionDelegate next)
                {
                    var text = await File.ReadAllTextAsync("header.txt");
                    await next();
                }
            }
            """);

        await GateFix.VerifyCodeFixAsync("""
            using System.Threading;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc.Filters;

            public class PageAuditFilter : IAsyncPageFilter
            {
                private static readonly SemaphoreSlim Gate = new(1);

                public Task OnPageHandlerSelectionAsync(PageHandlerSelectedContext context)
                {
                    {|BURST004:Gate.Wait()|};
                    Gate.Release();
                    return Task.CompletedTask;
                }

                public Task OnPageHandlerExecutionAsync(PageHandlerExecutingContext context, PageHandlerExecutionDelegate next) => next();
            }
            """, """
            using System.Threading;
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc.Filters;

            public class PageAuditFilter : IAsyncPageFilter
            {
                private static readonly SemaphoreSlim Gate = new(1);

                public async Task OnPageHandlerSelectionAsync(PageHandlerSelectedContext context)
                {
                    await Gate.WaitAsync();
                    Gate.Release();
                }

                public Task OnPageHandlerExecutionAsync(PageHandlerExecutingContext context, PageHandlerExecutionDelegate next) => next();
            }
            """);
    }

    /// <summary>A class implementing only IAlwaysRunResultFilter: its OnResultExecuting runs even when another filter
    /// short-circuits, which IAsyncResultFilter's would not (the async form is IAsyncAlwaysRunResultFilter).</summary>
    [Fact]
    public Task AnAlwaysRunResultFilterDoesNotBecomeAnIAsyncResultFilter() => SleepFix.VerifyNoFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc.Filters;

        public class EnvelopeFilter : IAlwaysRunResultFilter
        {
            public void OnResultExecuting(ResultExecutingContext context) => {|BURST001:Thread.Sleep(1)|};

            public void OnResultExecuted(ResultExecutedContext context) { }
        }
        """);
}
