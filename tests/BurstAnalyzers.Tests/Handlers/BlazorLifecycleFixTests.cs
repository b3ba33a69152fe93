using System.Threading.Tasks;
using Xunit;
using ChainFix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.CallChainAnalyzer, BurstAnalyzers.Rules.CallChainFixer>;
using IoFix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.Rules.SyncIoFixer>;
using SleepFix = BurstAnalyzers.Tests.Verifiers.CSharpCodeFixVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer, BurstAnalyzers.Rules.ThreadSleepFixer>;

namespace BurstAnalyzers.Tests.Handlers;

/// <summary>
/// A server component's synchronous lifecycle override becomes its async form (issue 36): OnInitialized →
/// OnInitializedAsync, OnParametersSet → OnParametersSetAsync, OnAfterRender(bool) → OnAfterRenderAsync(bool), where
/// that keeps what the component does and shows (docs/rules/BURST001.md, "Blazor components"); elsewhere no fix.
/// </summary>
public class BlazorLifecycleFixTests
{
    /// <summary>ComponentBase calls OnInitializedAsync right after its empty OnInitialized: the body runs at the same
    /// point; its base call becomes an await of the (completed) async base.</summary>
    [Fact]
    public Task OnInitializedBecomesOnInitializedAsync() => SleepFix.VerifyCodeFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Components;
        using Microsoft.Extensions.Logging;

        public class Clock : ComponentBase
        {
            [Inject]
            public ILogger<Clock> Logger { get; set; } = default!;

            protected override void OnInitialized()
            {
                base.OnInitialized();
                var started = System.DateTime.UtcNow;
                {|BURST001:Thread.Sleep(10)|};
                Logger.LogInformation("Waited since {Started}", started);
            }
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Components;
        using Microsoft.Extensions.Logging;

        public class Clock : ComponentBase
        {
            [Inject]
            public ILogger<Clock> Logger { get; set; } = default!;

            protected override async Task OnInitializedAsync()
            {
                await base.OnInitializedAsync();
                var started = System.DateTime.UtcNow;
                await Task.Delay(10);
                Logger.LogInformation("Waited since {Started}", started);
            }
        }
        """);

    /// <summary>OnParametersSet and OnAfterRender(bool) alike; OnAfterRenderAsync renders nothing when it completes, so
    /// its body may write the component's state. Fix All converts both in one pass.</summary>
    [Fact]
    public Task OnParametersSetAndOnAfterRenderBecomeTheirAsyncForms() => SleepFix.VerifyCodeFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Components;

        public class Ticker : ComponentBase
        {
            private int _renders;

            [Parameter]
            public int Delay { get; set; }

            protected override void OnParametersSet() => {|BURST001:Thread.Sleep(Delay)|};

            protected override void OnAfterRender(bool firstRender)
            {
                if (firstRender)
                {
                    {|BURST001:Thread.Sleep(1)|};
                    _renders++;
                }
            }
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Components;

        public class Ticker : ComponentBase
        {
            private int _renders;

            [Parameter]
            public int Delay { get; set; }

            protected override async Task OnParametersSetAsync() => await Task.Delay(Delay);

            protected override async Task OnAfterRenderAsync(bool firstRender)
            {
                if (firstRender)
                {
                    await Task.Delay(1);
                    _renders++;
                }
            }
        }
        """);

    /// <summary>Synchronous I/O the same way (BURST003's fix).</summary>
    [Fact]
    public Task SynchronousIoInOnInitializedBecomesAnAwaitInOnInitializedAsync() => IoFix.VerifyCodeFixAsync("""
        using System.IO;
        using Microsoft.AspNetCore.Components;
        using Microsoft.Extensions.Logging;

        public class Motd : ComponentBase
        {
            [Inject]
            public ILogger<Motd> Logger { get; set; } = default!;

            protected override void OnInitialized()
            {
                var text = {|BURST003:File.ReadAllText("motd.txt")|};
                Logger.LogInformation("{Text}", text);
            }
        }
        """, """
        using System.IO;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Components;
        using Microsoft.Extensions.Logging;

        public class Motd : ComponentBase
        {
            [Inject]
            public ILogger<Motd> Logger { get; set; } = default!;

            protected override async Task OnInitializedAsync()
            {
                var text = await File.ReadAllTextAsync("motd.txt");
                Logger.LogInformation("{Text}", text);
            }
        }
        """);

    /// <summary>
    /// No fix where the async form would change what the component does or shows: ComponentBase renders at the first
    /// incomplete await of OnInitializedAsync and OnParametersSetAsync, so a body that writes the component's state
    /// (a field, a call on itself or on a field) would show that render a state the synchronous method never showed;
    /// an OnParametersSet override would run after that render, not before it.
    /// </summary>
    [Fact]
    public Task NoFixWhereTheEarlyRenderWouldShowAnotherState() => SleepFix.VerifyNoFixAsync("""
        using System.Collections.Generic;
        using System.Threading;
        using Microsoft.AspNetCore.Components;

        public class Orders : ComponentBase
        {
            private string _status = "";

            protected override void OnInitialized()
            {
                {|BURST001:Thread.Sleep(1)|};
                _status = "loaded";
            }
        }

        public class Lines : ComponentBase
        {
            private readonly List<int> _lines = new();

            protected override void OnParametersSet()
            {
                {|BURST001:Thread.Sleep(1)|};
                _lines.Add(1);
            }
        }

        public class Refreshing : ComponentBase
        {
            protected override void OnParametersSet()
            {
                {|BURST001:Thread.Sleep(1)|};
                StateHasChanged();
            }
        }

        public class Parameterised : ComponentBase
        {
            private int _total;

            [Parameter]
            public int Count { get; set; }

            protected override void OnInitialized() => {|BURST001:Thread.Sleep(1)|};

            protected override void OnParametersSet() => _total = Count * 2;
        }
        """);

    /// <summary>No fix where the async form is already written (the body would have to merge into it), where a base
    /// component between it and ComponentBase overrides the method (its base call is no longer empty), where a class
    /// derives from the component (its overrides would run instead), or where the method is called.</summary>
    [Fact]
    public Task NoFixWhereTheAsyncFormIsTakenOrTheMethodIsShared() => SleepFix.VerifyNoFixAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Components;

        public class Both : ComponentBase
        {
            protected override void OnInitialized() => {|BURST001:Thread.Sleep(1)|};

            protected override Task OnInitializedAsync() => Task.CompletedTask;
        }

        public abstract class PageBase : ComponentBase
        {
            protected override void OnAfterRender(bool firstRender) => {|BURST001:Thread.Sleep(1)|};
        }

        public class OrdersPage : PageBase
        {
            protected override void OnAfterRender(bool firstRender)
            {
                base.OnAfterRender(firstRender);
                {|BURST001:Thread.Sleep(1)|};
            }
        }

        public class Recalled : ComponentBase
        {
            protected override void OnParametersSet() => {|BURST001:Thread.Sleep(1)|};

            public void Reload() => OnParametersSet();
        }
        """);

    /// <summary>The chain fix makes the component's OnInitialized OnInitializedAsync, as the direct fix does.</summary>
    [Fact]
    public Task ChainFromOnInitializedBecomesOnInitializedAsync() => ChainFix.VerifyCodeFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Components;

        public class OrderStore
        {
            public void Warm()
            {
                Thread.Sleep(1);
            }
        }

        public class Orders : ComponentBase
        {
            [Inject]
            public OrderStore Store { get; set; } = default!;

            protected override void OnInitialized() => {|BURST005:Store.Warm()|};
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Components;

        public class OrderStore
        {
            public async Task WarmAsync()
            {
                await Task.Delay(1);
            }
        }

        public class Orders : ComponentBase
        {
            [Inject]
            public OrderStore Store { get; set; } = default!;

            protected override async Task OnInitializedAsync() => await Store.WarmAsync();
        }
        """);

    /// <summary>
    /// An OnInitializedAsync or an event handler that returns a Task but awaits nothing yet: made async, ComponentBase
    /// renders at its first await, so the same rule holds — converted where it writes no state, not where it does.
    /// </summary>
    [Fact]
    public Task ATaskReturningLifecycleOrEventHandlerAwaitsOnlyWhereNoEarlyRenderShowsAnotherState() => SleepFix.VerifyCodeFixAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Components;
        using Microsoft.AspNetCore.Components.Rendering;
        using Microsoft.AspNetCore.Components.Web;

        public class Quiet : ComponentBase
        {
            protected override Task OnInitializedAsync()
            {
                {|BURST001:Thread.Sleep(1)|};
                return Task.CompletedTask;
            }
        }

        public class Counter : ComponentBase
        {
            private int _count;

            protected override Task OnParametersSetAsync()
            {
                {|BURST001:Thread.Sleep(1)|};
                _count = 1;
                return Task.CompletedTask;
            }

            protected override void BuildRenderTree(RenderTreeBuilder builder)
            {
                builder.OpenElement(0, "button");
                builder.AddAttribute(1, "onclick", EventCallback.Factory.Create<MouseEventArgs>(this, SaveAsync));
                builder.AddContent(2, _count);
                builder.CloseElement();
            }

            private Task SaveAsync()
            {
                {|BURST001:Thread.Sleep(1)|};
                _count++;
                return Task.CompletedTask;
            }
        }
        """, """
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Components;
        using Microsoft.AspNetCore.Components.Rendering;
        using Microsoft.AspNetCore.Components.Web;

        public class Quiet : ComponentBase
        {
            protected override async Task OnInitializedAsync()
            {
                await Task.Delay(1);
            }
        }

        public class Counter : ComponentBase
        {
            private int _count;

            protected override Task OnParametersSetAsync()
            {
                {|BURST001:Thread.Sleep(1)|};
                _count = 1;
                return Task.CompletedTask;
            }

            protected override void BuildRenderTree(RenderTreeBuilder builder)
            {
                builder.OpenElement(0, "button");
                builder.AddAttribute(1, "onclick", EventCallback.Factory.Create<MouseEventArgs>(this, SaveAsync));
                builder.AddContent(2, _count);
                builder.CloseElement();
            }

            private Task SaveAsync()
            {
                {|BURST001:Thread.Sleep(1)|};
                _count++;
                return Task.CompletedTask;
            }
        }
        """);

    /// <summary>A void event handler bound by method group: the binding is no call the fix can await (made
    /// <c>async Task</c>, it would bind to another Create overload), so neither fix is offered.</summary>
    [Fact]
    public Task AVoidEventHandlerGetsNoAsyncFix() => SleepFix.VerifyNoFixAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Components;
        using Microsoft.AspNetCore.Components.Rendering;
        using Microsoft.AspNetCore.Components.Web;

        public class Counter : ComponentBase
        {
            private int _count;

            protected override void BuildRenderTree(RenderTreeBuilder builder)
            {
                builder.OpenElement(0, "button");
                builder.AddAttribute(1, "onclick", EventCallback.Factory.Create<MouseEventArgs>(this, Increment));
                builder.AddAttribute(2, "onfocus", EventCallback.Factory.Create<FocusEventArgs>(this, () => {|BURST001:Thread.Sleep(1)|}));
                builder.AddContent(3, _count);
                builder.CloseElement();
            }

            private void Increment()
            {
                {|BURST001:Thread.Sleep(1)|};
                _count++;
            }
        }
        """);
}
