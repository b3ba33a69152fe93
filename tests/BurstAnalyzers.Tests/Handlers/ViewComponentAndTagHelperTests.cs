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
/// View components and tag helpers (issue 36) run on the request thread of the view that renders them. A view
/// component is found by MVC's own rules (ViewComponent, [ViewComponent], or a "*ViewComponent" name); its Invoke or
/// InvokeAsync is the handler. A tag helper's Process/ProcessAsync (and an ITagHelperComponent's ProcessAsync) is.
/// </summary>
public class ViewComponentAndTagHelperTests
{
    [Fact]
    public Task ViewComponentInvokeIsAHandler() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class CartViewComponent : ViewComponent
        {
            public CartViewComponent() => Thread.Sleep(1);

            public IViewComponentResult Invoke()
            {
                {|#0:Thread.Sleep(1)|};
                return Content("cart");
            }

            public void Helper() => Thread.Sleep(1);
        }

        public class PricesViewComponent : ViewComponent
        {
            public async Task<IViewComponentResult> InvokeAsync(int count)
            {
                await Task.Yield();
                {|BURST001:Thread.Sleep(count)|};
                return Content("prices");
            }
        }

        // Deriving from ViewComponent is enough, whatever the name.
        public class Sidebar : ViewComponent
        {
            public IViewComponentResult Invoke()
            {
                {|BURST001:Thread.Sleep(1)|};
                return Content("sidebar");
            }
        }

        [ViewComponent(Name = "Menu")]
        public class MenuWidget
        {
            public string Invoke()
            {
                {|#1:Thread.Sleep(1)|};
                return "menu";
            }
        }

        public class BannerViewComponent
        {
            public string Invoke()
            {
                {|BURST001:Thread.Sleep(1)|};
                return "banner";
            }
        }
        """,
        Verify.Diagnostic("BURST001").WithLocation(0).WithArguments("Thread.Sleep", "CartViewComponent.Invoke", "await Task.Delay"),
        Verify.Diagnostic("BURST001").WithLocation(1).WithArguments("Thread.Sleep", "MenuWidget.Invoke", "await Task.Delay"));

    [Fact]
    public Task WhatMvcDoesNotInvokeAsAViewComponentIsNotReported() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        [NonViewComponent]
        public class HiddenViewComponent : ViewComponent
        {
            public IViewComponentResult Invoke()
            {
                Thread.Sleep(1);
                return Content("hidden");
            }
        }

        internal class InternalViewComponent : ViewComponent
        {
            public IViewComponentResult Invoke()
            {
                Thread.Sleep(1);
                return Content("internal");
            }
        }

        public class StaticViewComponent
        {
            public static string Invoke()
            {
                Thread.Sleep(1);
                return "static";
            }
        }

        public class GenericViewComponent
        {
            public string Invoke<T>()
            {
                Thread.Sleep(1);
                return "generic";
            }
        }

        // The same method in a class that is not a view component.
        public class Widget
        {
            public string Invoke()
            {
                Thread.Sleep(1);
                return "widget";
            }
        }
        """);

    /// <summary>The chain fix makes the component's Invoke InvokeAsync, as the direct fix does.</summary>
    [Fact]
    public Task ChainFromAViewComponentBecomesInvokeAsync() => ChainFix.VerifyCodeFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public class CartStore
        {
            public int Count()
            {
                Thread.Sleep(1);
                return 1;
            }
        }

        public class CartViewComponent : ViewComponent
        {
            private readonly CartStore _store = new();

            public IViewComponentResult Invoke() => Content({|BURST005:_store.Count()|}.ToString());
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class CartStore
        {
            public async Task<int> CountAsync()
            {
                await Task.Delay(1);
                return 1;
            }
        }

        public class CartViewComponent : ViewComponent
        {
            private readonly CartStore _store = new();

            public async Task<IViewComponentResult> InvokeAsync() => Content((await _store.CountAsync()).ToString());
        }
        """);

    [Fact]
    public Task ChainFromAViewComponentNamesIt() => ChainRule.VerifyAnalyzerAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public class CartStore
        {
            public int Count()
            {
                {|#1:Thread.Sleep(1)|};
                return 1;
            }
        }

        public class CartViewComponent : ViewComponent
        {
            private readonly CartStore _store = new();

            public IViewComponentResult Invoke() => Content({|#0:_store.Count()|}.ToString());
        }
        """,
        ChainRule.Diagnostic("BURST005").WithLocation(0).WithLocation(1).WithArguments(
            "CartViewComponent.Invoke", "Invoke → CartStore.Count → Thread.Sleep"));

    /// <summary>MVC rejects an Invoke that returns a Task, and finds an InvokeAsync with the same parameters that
    /// returns Task&lt;T&gt;: Invoke becomes that, renamed even though nothing in the source calls it.</summary>
    [Fact]
    public Task SynchronousViewComponentBecomesInvokeAsync() => SleepFix.VerifyCodeFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public class CartViewComponent : ViewComponent
        {
            public IViewComponentResult Invoke(int count)
            {
                {|BURST001:Thread.Sleep(count)|};
                return Content("cart");
            }
        }

        [ViewComponent(Name = "Menu")]
        public class MenuWidget
        {
            public string Invoke()
            {
                {|BURST001:Thread.Sleep(1)|};
                return "menu";
            }
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class CartViewComponent : ViewComponent
        {
            public async Task<IViewComponentResult> InvokeAsync(int count)
            {
                await Task.Delay(count);
                return Content("cart");
            }
        }

        [ViewComponent(Name = "Menu")]
        public class MenuWidget
        {
            public async Task<string> InvokeAsync()
            {
                await Task.Delay(1);
                return "menu";
            }
        }
        """);

    /// <summary>A call in the source is renamed with it.</summary>
    [Fact]
    public Task ViewComponentInvokeCalledFromTheSourceIsRenamedThere() => SleepFix.VerifyCodeFixAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class CartViewComponent : ViewComponent
        {
            public IViewComponentResult Invoke()
            {
                {|BURST001:Thread.Sleep(1)|};
                return Content("cart");
            }
        }

        public class CartPreview
        {
            public async Task<IViewComponentResult> RenderAsync(CartViewComponent cart)
            {
                await Task.Yield();
                return cart.Invoke();
            }
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class CartViewComponent : ViewComponent
        {
            public async Task<IViewComponentResult> InvokeAsync()
            {
                await Task.Delay(1);
                return Content("cart");
            }
        }

        public class CartPreview
        {
            public async Task<IViewComponentResult> RenderAsync(CartViewComponent cart)
            {
                await Task.Yield();
                return await cart.InvokeAsync();
            }
        }
        """);

    /// <summary>No fix where MVC would reject the result: a void Invoke (already rejected), or a component that also
    /// has an InvokeAsync (MVC finds two).</summary>
    [Fact]
    public Task ViewComponentInvokeThatCannotBecomeInvokeAsyncGetsNoFix() => SleepFix.VerifyNoFixAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class BannerViewComponent
        {
            public void Invoke() => {|BURST001:Thread.Sleep(1)|};
        }

        public class TwinViewComponent : ViewComponent
        {
            public IViewComponentResult Invoke()
            {
                {|BURST001:Thread.Sleep(1)|};
                return Content("twin");
            }

            public Task<IViewComponentResult> InvokeAsync(int page) => Task.FromResult<IViewComponentResult>(Content("page"));
        }
        """);

    /// <summary>An InvokeAsync keeps its name and shape: it only gains async.</summary>
    [Fact]
    public Task AsynchronousViewComponentAwaitsInPlace() => SleepFix.VerifyCodeFixAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class CartViewComponent : ViewComponent
        {
            public Task<IViewComponentResult> InvokeAsync()
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.FromResult<IViewComponentResult>(Content("cart"));
            }
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class CartViewComponent : ViewComponent
        {
            public async Task<IViewComponentResult> InvokeAsync()
            {
                await Task.Delay(1);
                return Content("cart");
            }
        }
        """);

    /// <summary>The opt-in action passes the request's token: a view component has the HttpContext.</summary>
    [Fact]
    public Task AsynchronousViewComponentObservesTheRequestsCancellation() => SleepFix.VerifyObservingCancellationAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class CartViewComponent : ViewComponent
        {
            public Task<IViewComponentResult> InvokeAsync()
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.FromResult<IViewComponentResult>(Content("cart"));
            }
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class CartViewComponent : ViewComponent
        {
            public async Task<IViewComponentResult> InvokeAsync()
            {
                await Task.Delay(1, HttpContext.RequestAborted);
                return Content("cart");
            }
        }
        """);

    [Fact]
    public Task NoOffloadFixForAViewComponentOrATagHelper() => Offload.VerifyNoFixAsync("""
        using System;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.AspNetCore.Razor.TagHelpers;

        public class CartViewComponent : ViewComponent
        {
            public IViewComponentResult Invoke() => Content({|BURST006:Console.ReadLine()|} ?? "");
        }

        public class PromptTagHelper : TagHelper
        {
            public override void Process(TagHelperContext context, TagHelperOutput output) => output.Content.SetContent({|BURST006:Console.ReadLine()|} ?? "");
        }
        """ + OffloadPackageStandIn.Attribute);

    /// <summary>An override calling the base Process (Blogifier's ActiveRouteTagHelper does): the base does nothing, and
    /// its ProcessAsync twin is the framework's other way to write a tag helper, not an I/O alternative.</summary>
    [Fact]
    public Task ATagHelperCallingTheBaseProcess_IsNotReported() => Verify.VerifyAnalyzerAsync("""
        using Microsoft.AspNetCore.Razor.TagHelpers;

        public class ActiveTagHelper : TagHelper
        {
            public override void Process(TagHelperContext context, TagHelperOutput output)
            {
                base.Process(context, output);
                output.Attributes.RemoveAll("is-active");
            }
        }

        public class ScriptTagHelperComponent : TagHelperComponent
        {
            public override void Process(TagHelperContext context, TagHelperOutput output) => base.Process(context, output);
        }
        """);

    [Fact]
    public Task TagHelperProcessIsAHandler() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Razor.TagHelpers;

        public class EmailTagHelper : TagHelper
        {
            public EmailTagHelper() => Thread.Sleep(1);

            public override void Init(TagHelperContext context) => Thread.Sleep(1);

            public override void Process(TagHelperContext context, TagHelperOutput output) => {|#0:Thread.Sleep(1)|};

            public void Helper() => Thread.Sleep(1);
        }

        public class PriceTagHelper : TagHelper
        {
            public override async Task ProcessAsync(TagHelperContext context, TagHelperOutput output)
            {
                await Task.Yield();
                {|BURST001:Thread.Sleep(1)|};
            }
        }

        public class ScriptTagHelperComponent : TagHelperComponent
        {
            public override void Process(TagHelperContext context, TagHelperOutput output) => {|BURST001:Thread.Sleep(1)|};
        }

        public class RawTagHelper : ITagHelper
        {
            public int Order => 0;

            public void Init(TagHelperContext context) => Thread.Sleep(1);

            public Task ProcessAsync(TagHelperContext context, TagHelperOutput output)
            {
                {|#1:Thread.Sleep(1)|};
                return Task.CompletedTask;
            }
        }

        public class ExplicitTagHelperComponent : ITagHelperComponent
        {
            int ITagHelperComponent.Order => 0;

            void ITagHelperComponent.Init(TagHelperContext context) { }

            Task ITagHelperComponent.ProcessAsync(TagHelperContext context, TagHelperOutput output)
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.CompletedTask;
            }
        }

        // The same methods in a class that is not a tag helper.
        public class LookAlike
        {
            public void Process(TagHelperContext context, TagHelperOutput output) => Thread.Sleep(1);

            public Task ProcessAsync(TagHelperContext context, TagHelperOutput output)
            {
                Thread.Sleep(1);
                return Task.CompletedTask;
            }
        }
        """,
        Verify.Diagnostic("BURST001").WithLocation(0).WithArguments("Thread.Sleep", "EmailTagHelper.Process", "await Task.Delay"),
        Verify.Diagnostic("BURST001").WithLocation(1).WithArguments("Thread.Sleep", "RawTagHelper.ProcessAsync", "await Task.Delay"));

    /// <summary>Process is TagHelper's void override: it stays void (ProcessAsync would be another method).</summary>
    [Fact]
    public Task TagHelperProcessGetsNoAsyncFix() => SleepFix.VerifyNoFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Razor.TagHelpers;

        public class EmailTagHelper : TagHelper
        {
            public override void Process(TagHelperContext context, TagHelperOutput output) => {|BURST001:Thread.Sleep(1)|};
        }
        """);

    [Fact]
    public Task TagHelperProcessAsyncAwaitsInPlace() => SleepFix.VerifyCodeFixAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Razor.TagHelpers;

        public class PriceTagHelper : TagHelper
        {
            public override Task ProcessAsync(TagHelperContext context, TagHelperOutput output)
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.CompletedTask;
            }
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Razor.TagHelpers;

        public class PriceTagHelper : TagHelper
        {
            public override async Task ProcessAsync(TagHelperContext context, TagHelperOutput output)
            {
                await Task.Delay(1);
            }
        }
        """);

    private const string Signal = "an async signal (SemaphoreSlim.WaitAsync, TaskCompletionSource) or [OffloadBlocking]";

    /// <summary>Issue 36's "each blocking kind" in a view component's Invoke and InvokeAsync: a task wait (BURST002),
    /// synchronous I/O with an async twin (BURST003), a wait on a synchronization primitive (BURST004).</summary>
    [Fact]
    public Task EachBlockingKindIsReportedInAViewComponent() => Verify.VerifyAnalyzerAsync("""
        using System.IO;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class CartViewComponent : ViewComponent
        {
            private static readonly SemaphoreSlim Gate = new(1);

            public IViewComponentResult Invoke()
            {
                var count = {|#0:CountAsync().Result|};
                var text = {|#1:File.ReadAllText("cart.txt")|};
                {|#2:Gate.Wait()|};
                return Content(text + count);
            }

            private static Task<int> CountAsync() => Task.FromResult(1);
        }

        [ViewComponent(Name = "Prices")]
        public class PricesWidget
        {
            private static readonly ManualResetEventSlim Ready = new();

            public async Task<string> InvokeAsync()
            {
                await Task.Yield();
                {|#3:Task.Delay(1).Wait()|};
                var text = {|#4:File.ReadAllText("prices.txt")|};
                {|#5:Ready.Wait()|};
                return text;
            }
        }
        """,
        Verify.Diagnostic("BURST002").WithLocation(0).WithArguments("Task.Result", "CartViewComponent.Invoke", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(1).WithArguments("File.ReadAllText", "CartViewComponent.Invoke", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(2).WithArguments("SemaphoreSlim.Wait", "CartViewComponent.Invoke", "'await SemaphoreSlim.WaitAsync'"),
        Verify.Diagnostic("BURST002").WithLocation(3).WithArguments("Task.Wait", "PricesWidget.InvokeAsync", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(4).WithArguments("File.ReadAllText", "PricesWidget.InvokeAsync", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(5).WithArguments("ManualResetEventSlim.Wait", "PricesWidget.InvokeAsync", Signal));

    /// <summary>The same kinds in a tag helper's Process, a ProcessAsync override and an ITagHelperComponent's
    /// ProcessAsync.</summary>
    [Fact]
    public Task EachBlockingKindIsReportedInATagHelper() => Verify.VerifyAnalyzerAsync("""
        using System.IO;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Razor.TagHelpers;

        public static class Work
        {
            public static readonly SemaphoreSlim Gate = new(1);
            public static readonly object Lock = new();

            public static Task<string> NameAsync() => Task.FromResult("name");
        }

        public class EmailTagHelper : TagHelper
        {
            public override void Process(TagHelperContext context, TagHelperOutput output)
            {
                var name = {|#0:Work.NameAsync().GetAwaiter().GetResult()|};
                var text = {|#1:File.ReadAllText("email.txt")|};
                {|#2:Work.Gate.Wait()|};
                output.Content.SetContent(name + text);
            }
        }

        public class PriceTagHelper : TagHelper
        {
            public override async Task ProcessAsync(TagHelperContext context, TagHelperOutput output)
            {
                await Task.Yield();
                var name = {|#3:Work.NameAsync().Result|};
                var text = {|#4:File.ReadAllText("price.txt")|};
                lock (Work.Lock)
                {
                    {|#5:Monitor.Wait(Work.Lock)|};
                }
                output.Content.SetContent(name + text);
            }
        }

        public class RawTagHelper : ITagHelper
        {
            public int Order => 0;

            public void Init(TagHelperContext context) { }

            public Task ProcessAsync(TagHelperContext context, TagHelperOutput output)
            {
                var name = {|#6:Work.NameAsync().Result|};
                var text = {|#7:File.ReadAllText("raw.txt")|};
                {|#8:Work.Gate.Wait()|};
                output.Content.SetContent(name + text);
                return Task.CompletedTask;
            }
        }
        """,
        Verify.Diagnostic("BURST002").WithLocation(0).WithArguments("GetAwaiter().GetResult()", "EmailTagHelper.Process", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(1).WithArguments("File.ReadAllText", "EmailTagHelper.Process", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(2).WithArguments("SemaphoreSlim.Wait", "EmailTagHelper.Process", "'await SemaphoreSlim.WaitAsync'"),
        Verify.Diagnostic("BURST002").WithLocation(3).WithArguments("Task.Result", "PriceTagHelper.ProcessAsync", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(4).WithArguments("File.ReadAllText", "PriceTagHelper.ProcessAsync", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(5).WithArguments("Monitor.Wait", "PriceTagHelper.ProcessAsync", Signal),
        Verify.Diagnostic("BURST002").WithLocation(6).WithArguments("Task.Result", "RawTagHelper.ProcessAsync", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(7).WithArguments("File.ReadAllText", "RawTagHelper.ProcessAsync", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST004").WithLocation(8).WithArguments("SemaphoreSlim.Wait", "RawTagHelper.ProcessAsync", "'await SemaphoreSlim.WaitAsync'"));

    /// <summary>BURST005 from a tag helper's Process and an ITagHelperComponent's ProcessAsync; none from a look-alike.</summary>
    [Fact]
    public Task ChainsFromATagHelperAreFollowed() => ChainRule.VerifyAnalyzerAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Razor.TagHelpers;

        public static class Prices
        {
            public static string Latest()
            {
                {|#0:Thread.Sleep(1)|};
                return "1";
            }
        }

        public class PriceTagHelper : TagHelper
        {
            public override void Process(TagHelperContext context, TagHelperOutput output) => output.Content.SetContent({|#1:Prices.Latest()|});
        }

        public class PriceTagHelperComponent : TagHelperComponent
        {
            public override Task ProcessAsync(TagHelperContext context, TagHelperOutput output)
            {
                output.Content.SetContent({|#2:Prices.Latest()|});
                return Task.CompletedTask;
            }
        }

        public class LookAlike
        {
            public void Process(TagHelperContext context, TagHelperOutput output) => output.Content.SetContent(Prices.Latest());
        }
        """,
        ChainRule.Diagnostic("BURST005").WithLocation(1).WithLocation(0).WithArguments(
            "PriceTagHelper.Process", "Process → Prices.Latest → Thread.Sleep"),
        ChainRule.Diagnostic("BURST005").WithLocation(2).WithLocation(0).WithArguments(
            "PriceTagHelperComponent.ProcessAsync", "ProcessAsync → Prices.Latest → Thread.Sleep"));

    private const string LookAlikes = """
        using System.IO;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.AspNetCore.Razor.TagHelpers;

        // Not view components: a class MVC does not find, one marked [NonViewComponent], one that is not public.
        public class Widget
        {
            public string Invoke() { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); return "widget"; }
        }

        [NonViewComponent]
        public class HiddenViewComponent : ViewComponent
        {
            public async Task<IViewComponentResult> InvokeAsync() { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); await Task.Yield(); return Content("hidden"); }
        }

        internal class InternalViewComponent : ViewComponent
        {
            public IViewComponentResult Invoke() { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); return Content("internal"); }
        }

        // A view component's and a tag helper's members that are not their handlers.
        public class CartViewComponent : ViewComponent
        {
            public CartViewComponent() { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); }

            public IViewComponentResult Invoke() => Content("cart");

            public string Helper() { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); return "helper"; }
        }

        public class EmailTagHelper : TagHelper
        {
            public EmailTagHelper() { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); }

            public override void Init(TagHelperContext context) { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); }

            public override void Process(TagHelperContext context, TagHelperOutput output) { }
        }

        // A tag helper's methods in a class that is none.
        public class LookAlike
        {
            public void Process(TagHelperContext context, TagHelperOutput output) { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); }

            public Task ProcessAsync(TagHelperContext context, TagHelperOutput output) { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); return Task.CompletedTask; }
        }
        """ + SilenceAudit.Work;

    /// <summary>Silence for every blocking kind (BURST001 to BURST004) where MVC runs no view component or tag helper
    /// handler.</summary>
    [Fact]
    public Task NoBlockingKindIsReportedOutsideAViewComponentOrTagHelperHandler() => Verify.VerifyAnalyzerAsync(LookAlikes);

    /// <summary>And no BURST005 from there, through a helper that blocks in every way.</summary>
    [Fact]
    public Task NoChainIsReportedOutsideAViewComponentOrTagHelperHandler() => ChainRule.VerifyAnalyzerAsync(LookAlikes);
}
