using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using ChainRule = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.CallChainAnalyzer>;
using Offload = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.CodeFixes.Offload.OffloadFixer>;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Handlers;

/// <summary>
/// Blazor components (issue 36) where they run on the server: a project that references
/// Microsoft.AspNetCore.Components.Server (the ASP.NET Core shared framework, as the tests' default references do). A
/// component's lifecycle overrides and the methods and lambdas its render code binds to events
/// (<c>EventCallback.Factory.Create</c>, as compiled Razor writes <c>@onclick</c>) are handlers; in a WebAssembly-only
/// project (Microsoft.AspNetCore.Components.WebAssembly, no server) nothing is.
/// </summary>
public class BlazorComponentTests
{
    private const string Counter = """
        using System.IO;
        using System.Net.Http;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Components;
        using Microsoft.AspNetCore.Components.Rendering;
        using Microsoft.AspNetCore.Components.Web;

        public class Counter : ComponentBase
        {
            private readonly HttpClient _http = new();
            private int _count;
            private string _text = "";

            public Counter() => Thread.Sleep(1);

            [Parameter]
            public EventCallback<int> OnCounted { get; set; }

            protected override void OnInitialized()
            {
                {|#0:Thread.Sleep(1)|};
                _text = {|#1:_http.GetStringAsync("/count").Result|};
            }

            protected override void OnParametersSet() => _text = {|#2:File.ReadAllText("count.txt")|};

            protected override void OnAfterRender(bool firstRender) => {|#3:Thread.Sleep(1)|};

            protected override async Task OnInitializedAsync()
            {
                await Task.Yield();
                {|#4:Thread.Sleep(1)|};
            }

            protected override Task OnParametersSetAsync()
            {
                {|#5:Thread.Sleep(1)|};
                return Task.CompletedTask;
            }

            protected override Task OnAfterRenderAsync(bool firstRender)
            {
                {|#6:Thread.Sleep(1)|};
                return Task.CompletedTask;
            }

            public override Task SetParametersAsync(ParameterView parameters)
            {
                {|#7:Thread.Sleep(1)|};
                return base.SetParametersAsync(parameters);
            }

            protected override bool ShouldRender()
            {
                Thread.Sleep(1);
                return true;
            }

            protected override void BuildRenderTree(RenderTreeBuilder builder)
            {
                Thread.Sleep(1);
                builder.OpenElement(0, "button");
                builder.AddAttribute(1, "onclick", EventCallback.Factory.Create<MouseEventArgs>(this, Increment));
                builder.AddAttribute(2, "onfocus", EventCallback.Factory.Create<FocusEventArgs>(this, () => {|#8:Thread.Sleep(1)|}));
                builder.AddAttribute(3, "onblur", EventCallback.Factory.Create<FocusEventArgs>(this, SaveAsync));
                builder.AddContent(4, _count);
                builder.CloseElement();
            }

            private void Increment()
            {
                {|#9:Thread.Sleep(1)|};
                _text = {|#11:_http.GetStringAsync("/count").Result|} + {|#12:File.ReadAllText("count.txt")|};
                _count++;
            }

            private async Task SaveAsync()
            {
                await Task.Yield();
                {|#10:Thread.Sleep(1)|};
            }

            // Neither bound to an event nor a lifecycle method.
            private void Helper() => Thread.Sleep(1);

            private void Unbound() => Thread.Sleep(1);
        }
        """;

    [Fact]
    public Task LifecycleMethodsAndEventHandlersOfAServerComponentAreHandlers() => Verify.VerifyAnalyzerAsync(
        Counter,
        Verify.Diagnostic("BURST001").WithLocation(0).WithArguments("Thread.Sleep", "Counter.OnInitialized", "await Task.Delay"),
        Verify.Diagnostic("BURST002").WithLocation(1).WithArguments("Task.Result", "Counter.OnInitialized", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(2).WithArguments("File.ReadAllText", "Counter.OnParametersSet", "await File.ReadAllTextAsync"),
        Verify.Diagnostic("BURST001").WithLocation(3).WithArguments("Thread.Sleep", "Counter.OnAfterRender", "await Task.Delay"),
        Verify.Diagnostic("BURST001").WithLocation(4).WithArguments("Thread.Sleep", "Counter.OnInitializedAsync", "await Task.Delay"),
        Verify.Diagnostic("BURST001").WithLocation(5).WithArguments("Thread.Sleep", "Counter.OnParametersSetAsync", "await Task.Delay"),
        Verify.Diagnostic("BURST001").WithLocation(6).WithArguments("Thread.Sleep", "Counter.OnAfterRenderAsync", "await Task.Delay"),
        Verify.Diagnostic("BURST001").WithLocation(7).WithArguments("Thread.Sleep", "Counter.SetParametersAsync", "await Task.Delay"),
        Verify.Diagnostic("BURST001").WithLocation(8).WithArguments("Thread.Sleep", "Counter event handler", "await Task.Delay"),
        Verify.Diagnostic("BURST001").WithLocation(9).WithArguments("Thread.Sleep", "Counter.Increment", "await Task.Delay"),
        Verify.Diagnostic("BURST001").WithLocation(10).WithArguments("Thread.Sleep", "Counter.SaveAsync", "await Task.Delay"),
        Verify.Diagnostic("BURST002").WithLocation(11).WithArguments("Task.Result", "Counter.Increment", "await the task"),
        Verify.Diagnostic("BURST003").WithLocation(12).WithArguments("File.ReadAllText", "Counter.Increment", "await File.ReadAllTextAsync"));

    /// <summary>The same component in a Blazor WebAssembly project runs in the browser: no pool thread of a server.</summary>
    [Fact]
    public Task AWebAssemblyOnlyComponentIsNotReported() => Verify.VerifyAnalyzerAsync(
        TestSource.Files(TestSource.WithoutMarkup(Counter)),
        references: ReferenceSets.BlazorWebAssembly);

    /// <summary>A derived component's lifecycle overrides count (they override ComponentBase's, further down); a class
    /// that is no component, with the same methods, does not.</summary>
    [Fact]
    public Task DerivedComponentsCountLookAlikesDoNot() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Components;

        public abstract class PageBase : ComponentBase
        {
            protected override void OnInitialized() => {|BURST001:Thread.Sleep(1)|};
        }

        public class OrdersPage : PageBase
        {
            protected override void OnInitialized()
            {
                base.OnInitialized();
                {|BURST001:Thread.Sleep(1)|};
            }

            protected override void OnParametersSet() => {|BURST001:Thread.Sleep(1)|};
        }

        public class NotAComponent
        {
            protected void OnInitialized() => Thread.Sleep(1);

            public void Increment() => Thread.Sleep(1);
        }
        """);

    /// <summary>
    /// The generated class of Components/Pages/Counter.razor, in the shape the .NET 10 SDK's Razor source generator
    /// writes it:
    /// <code>
    /// &lt;button @onclick="Increment"&gt;+&lt;/button&gt;
    /// &lt;button @onclick="() => Thread.Sleep(1)"&gt;wait&lt;/button&gt;
    /// @code {
    ///     private int count;
    ///     protected override void OnInitialized() => Thread.Sleep(1);
    ///     private void Increment() { Thread.Sleep(1); count++; }
    /// }
    /// </code>
    /// Its @code and its markup's event handlers are the user's code, at the .razor's lines: reported, like a view's.
    /// </summary>
    private const string GeneratedCounter = """
        // <auto-generated/>
        #pragma warning disable 1591
        namespace Shop.Components.Pages
        {
            #line default
            using global::System.Threading;
            using global::Microsoft.AspNetCore.Components;
            using global::Microsoft.AspNetCore.Components.Web;
            #line default
            #line hidden
            #nullable restore
            public partial class Counter : global::Microsoft.AspNetCore.Components.ComponentBase
            #nullable disable
            {
                #pragma warning disable 1998
                protected override void BuildRenderTree(global::Microsoft.AspNetCore.Components.Rendering.RenderTreeBuilder __builder)
                {
                    __builder.OpenElement(0, "button");
                    __builder.AddAttribute(1, "onclick", global::Microsoft.AspNetCore.Components.EventCallback.Factory.Create<global::Microsoft.AspNetCore.Components.Web.MouseEventArgs>(this, 
        #nullable restore
        #line (1,20)-(1,29) "/src/Shop/Components/Pages/Counter.razor"
        Increment

        #line default
        #line hidden
        #nullable disable
                    ));
                    __builder.AddContent(2, "+");
                    __builder.CloseElement();
                    __builder.OpenElement(3, "button");
                    __builder.AddAttribute(4, "onclick", global::Microsoft.AspNetCore.Components.EventCallback.Factory.Create<global::Microsoft.AspNetCore.Components.Web.MouseEventArgs>(this, 
        #nullable restore
        #line (2,20)-(2,42) "/src/Shop/Components/Pages/Counter.razor"
        () => {|#0:Thread.Sleep(1)|}

        #line default
        #line hidden
        #nullable disable
                    ));
                    __builder.AddContent(5, "wait");
                    __builder.CloseElement();
                }
                #pragma warning restore 1998
        #nullable restore
        #line (3,8)-(7,1) "/src/Shop/Components/Pages/Counter.razor"

            private int count;
            protected override void OnInitialized() => {|#1:Thread.Sleep(1)|};
            private void Increment() { {|#2:Thread.Sleep(1)|}; count++; }

        #line default
        #line hidden
        #nullable disable
            }
        }
        #pragma warning restore 1591
        """;

    [Fact]
    public Task ARazorComponentsGeneratedClass_IsReportedAtItsCodeAndEventHandlers() => Verify.VerifyAnalyzerAsync(
        TestSource.Files(new TestSource("/0/Counter_razor.g.cs", GeneratedCounter)),
        expected: new[]
        {
            Verify.Diagnostic("BURST001").WithLocation(0).WithArguments("Thread.Sleep", "Counter event handler", "await Task.Delay"),
            Verify.Diagnostic("BURST001").WithLocation(1).WithArguments("Thread.Sleep", "Counter.OnInitialized", "await Task.Delay"),
            Verify.Diagnostic("BURST001").WithLocation(2).WithArguments("Thread.Sleep", "Counter.Increment", "await Task.Delay"),
        });

    [Fact]
    public Task ALifecycleMethodReachingABlockingCallIsFollowed() => ChainRule.VerifyAnalyzerAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Components;
        using Microsoft.AspNetCore.Components.Rendering;
        using Microsoft.AspNetCore.Components.Web;

        public class OrderStore
        {
            public int Count()
            {
                {|#1:Thread.Sleep(1)|};
                return 1;
            }
        }

        public class Orders : ComponentBase
        {
            private readonly OrderStore _store = new();
            private int _count;

            protected override void OnInitialized() => _count = {|#0:_store.Count()|};

            protected override void BuildRenderTree(RenderTreeBuilder builder)
            {
                builder.OpenElement(0, "button");
                builder.AddAttribute(1, "onclick", EventCallback.Factory.Create<MouseEventArgs>(this, Refresh));
                builder.AddContent(2, _count);
                builder.CloseElement();
            }

            private void Refresh() => _count = {|#2:_store.Count()|};
        }
        """,
        ChainRule.Diagnostic("BURST005").WithLocation(0).WithLocation(1).WithArguments(
            "Orders.OnInitialized", "OnInitialized → OrderStore.Count → Thread.Sleep"),
        ChainRule.Diagnostic("BURST005").WithLocation(2).WithLocation(1).WithArguments(
            "Orders.Refresh", "Refresh → OrderStore.Count → Thread.Sleep"));

    /// <summary>
    /// <c>@bind:after</c>: compiled Razor sets the bound value in the binder's setter and then runs the after delegate
    /// through RuntimeHelpers.InvokeSynchronousDelegate or InvokeAsynchronousDelegate (the Razor compiler's shape for
    /// <c>&lt;input @bind="_text" @bind:after="Changed" /&gt;</c>). A method so bound is an event handler, a lambda so
    /// passed is one; the same helper call outside a server component is not.
    /// </summary>
    [Fact]
    public Task BindAfterDelegatesAreEventHandlers() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Components;
        using Microsoft.AspNetCore.Components.CompilerServices;
        using Microsoft.AspNetCore.Components.Rendering;

        public class Editor : ComponentBase
        {
            private string _text = "";

            protected override void BuildRenderTree(RenderTreeBuilder builder)
            {
                builder.OpenElement(0, "input");
                builder.AddAttribute(1, "onchange", EventCallback.Factory.CreateBinder(this, __value => { _text = __value; RuntimeHelpers.InvokeSynchronousDelegate(Changed); }, _text));
                builder.AddAttribute(2, "oninput", EventCallback.Factory.CreateBinder(this, async __value => { _text = __value; await RuntimeHelpers.InvokeAsynchronousDelegate(ChangedAsync); }, _text));
                builder.AddAttribute(3, "onblur", EventCallback.Factory.CreateBinder(this, __value => { _text = __value; RuntimeHelpers.InvokeSynchronousDelegate(() => {|#2:Thread.Sleep(1)|}); }, _text));
                builder.CloseElement();
            }

            private void Changed() => {|#0:Thread.Sleep(1)|};

            private async Task ChangedAsync()
            {
                await Task.Yield();
                {|#1:Thread.Sleep(1)|};
            }

            private void Unbound() => Thread.Sleep(1);
        }

        public class NotAComponent
        {
            public void Render() => RuntimeHelpers.InvokeSynchronousDelegate(Changed);

            private void Changed() => Thread.Sleep(1);
        }
        """,
        Verify.Diagnostic("BURST001").WithLocation(0).WithArguments("Thread.Sleep", "Editor.Changed", "await Task.Delay"),
        Verify.Diagnostic("BURST001").WithLocation(1).WithArguments("Thread.Sleep", "Editor.ChangedAsync", "await Task.Delay"),
        Verify.Diagnostic("BURST001").WithLocation(2).WithArguments("Thread.Sleep", "Editor event handler", "await Task.Delay"));

    /// <summary>The offload runtime moves no component code: no [OffloadBlocking] fix.</summary>
    [Fact]
    public Task NoOffloadFixForAComponent() => Offload.VerifyNoFixAsync("""
        using System;
        using Microsoft.AspNetCore.Components;

        public class Prompt : ComponentBase
        {
            private string _answer = "";

            protected override void OnInitialized() => _answer = {|BURST006:Console.ReadLine()|} ?? "";
        }
        """ + OffloadPackageStandIn.Attribute);

    private const string Signal = "an async signal (SemaphoreSlim.WaitAsync, TaskCompletionSource) or [OffloadBlocking]";

    /// <summary>Waits on synchronization primitives (BURST004), the blocking kind Counter above does not show, in a
    /// lifecycle method, an async lifecycle method, a method-group event handler and a lambda event handler.</summary>
    private const string Gatekeeper = """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Components;
        using Microsoft.AspNetCore.Components.Rendering;
        using Microsoft.AspNetCore.Components.Web;

        public class Gatekeeper : ComponentBase
        {
            private static readonly SemaphoreSlim Gate = new(1);
            private static readonly ManualResetEventSlim Ready = new();
            private static readonly object Lock = new();

            protected override void OnInitialized() => {|#0:Gate.Wait()|};

            protected override async Task OnParametersSetAsync()
            {
                await Task.Yield();
                {|#1:Ready.Wait()|};
            }

            protected override void BuildRenderTree(RenderTreeBuilder builder)
            {
                builder.OpenElement(0, "button");
                builder.AddAttribute(1, "onclick", EventCallback.Factory.Create<MouseEventArgs>(this, Open));
                builder.AddAttribute(2, "onfocus", EventCallback.Factory.Create<FocusEventArgs>(this, () => {|#2:Gate.Wait()|}));
                builder.CloseElement();
            }

            private void Open()
            {
                lock (Lock)
                {
                    {|#3:Monitor.Wait(Lock)|};
                }
            }
        }
        """;

    [Fact]
    public Task PrimitiveWaitsInAServerComponentAreReported() => Verify.VerifyAnalyzerAsync(
        Gatekeeper,
        Verify.Diagnostic("BURST004").WithLocation(0).WithArguments("SemaphoreSlim.Wait", "Gatekeeper.OnInitialized", "'await SemaphoreSlim.WaitAsync'"),
        Verify.Diagnostic("BURST004").WithLocation(1).WithArguments("ManualResetEventSlim.Wait", "Gatekeeper.OnParametersSetAsync", Signal),
        Verify.Diagnostic("BURST004").WithLocation(2).WithArguments("SemaphoreSlim.Wait", "Gatekeeper event handler", "'await SemaphoreSlim.WaitAsync'"),
        Verify.Diagnostic("BURST004").WithLocation(3).WithArguments("Monitor.Wait", "Gatekeeper.Open", Signal));

    /// <summary>The same component in a Blazor WebAssembly project: nothing.</summary>
    [Fact]
    public Task PrimitiveWaitsInAWebAssemblyOnlyComponentAreNotReported() => Verify.VerifyAnalyzerAsync(
        TestSource.Files(TestSource.WithoutMarkup(Gatekeeper)),
        references: ReferenceSets.BlazorWebAssembly);

    /// <summary>A chain from a lifecycle method of the same component in a WebAssembly project: no BURST005 either.</summary>
    [Fact]
    public Task AChainInAWebAssemblyOnlyComponentIsNotReported() => ChainRule.VerifyAnalyzerAsync(
        TestSource.Files("""
            using System.Threading;
            using Microsoft.AspNetCore.Components;

            public class OrderStore
            {
                public int Count()
                {
                    Thread.Sleep(1);
                    return 1;
                }
            }

            public class Orders : ComponentBase
            {
                private readonly OrderStore _store = new();
                private int _count;

                protected override void OnInitialized() => _count = _store.Count();
            }
            """),
        references: ReferenceSets.BlazorWebAssembly);

    private const string NonHandlers = """
        using System;
        using System.IO;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Components;
        using Microsoft.AspNetCore.Components.Rendering;

        // A server component's members that are no lifecycle method and no event handler.
        public class Panel : ComponentBase, IDisposable
        {
            public Panel() { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); }

            protected override bool ShouldRender() { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); return true; }

            protected override void BuildRenderTree(RenderTreeBuilder builder) { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); builder.AddContent(0, "panel"); }

            private void Unbound() { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); }

            public void Dispose() { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); }
        }

        // The lifecycle methods' names in a class that is no component.
        public class LookAlike
        {
            protected void OnInitialized() { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); }

            protected Task OnParametersSetAsync() { Thread.Sleep(1); _ = Work.CountAsync().Result; _ = File.ReadAllText("a"); Work.Gate.Wait(); Work.Block(); return Task.CompletedTask; }
        }
        """ + SilenceAudit.Work;

    /// <summary>Silence for every blocking kind (BURST001 to BURST004) in a server component's members that are no
    /// handler, and in a look-alike.</summary>
    [Fact]
    public Task NoBlockingKindIsReportedOutsideAComponentsHandlers() => Verify.VerifyAnalyzerAsync(NonHandlers);

    /// <summary>And no BURST005 from there, through a helper that blocks in every way.</summary>
    [Fact]
    public Task NoChainIsReportedOutsideAComponentsHandlers() => ChainRule.VerifyAnalyzerAsync(NonHandlers);
}
