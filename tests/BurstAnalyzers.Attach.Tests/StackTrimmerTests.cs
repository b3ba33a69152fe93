using System;
using System.Linq;
using BurstAnalyzers.Attach.Advice;
using BurstAnalyzers.Attach.Analysis;
using Xunit;

namespace BurstAnalyzers.Attach.Tests;

/// <summary>Stacks as the runtime reports them (innermost first, as TraceLog names the frames), trimmed to call sites.</summary>
public sealed class StackTrimmerTests
{
    private static readonly Frame[] s_poolBottom =
    [
        new("Microsoft.AspNetCore.Routing.EndpointMiddleware.Invoke(class Microsoft.AspNetCore.Http.HttpContext)", "Microsoft.AspNetCore.Routing", null, 1),
        new("System.Threading.ThreadPoolWorkQueue.Dispatch()", "System.Private.CoreLib", null, 2),
        new("System.Threading.PortableThreadPool+WorkerThread.WorkerThreadStart()", "System.Private.CoreLib", null, 3),
        new("System.Threading.Thread.StartCallback()", "System.Private.CoreLib", null, 4),
    ];

    [Fact]
    public void A_task_wait_through_the_slim_event_and_the_monitor_is_a_task_wait_named_as_written()
    {
        CallSite site = Trim(
            Framework("System.Threading.Monitor.Wait(class System.Object,int32)"),
            Framework("System.Threading.ManualResetEventSlim.Wait(int32,value class System.Threading.CancellationToken)"),
            Framework("System.Threading.Tasks.Task.SpinThenBlockingWait(int32,value class System.Threading.CancellationToken)"),
            Framework("System.Threading.Tasks.Task.InternalWaitCore(int32,value class System.Threading.CancellationToken)"),
            Framework("System.Runtime.CompilerServices.TaskAwaiter.HandleNonSuccessAndDebuggerNotification(class System.Threading.Tasks.Task,value class System.Threading.Tasks.ConfigureAwaitOptions)"),
            Code("Vendor.Sdk.QuoteClient.GetQuote(int32)", "Vendor.Sdk"),
            Generated())!;

        Assert.Equal(WaitKind.Task, site.Kind);
        Assert.Equal("System.Runtime.CompilerServices.TaskAwaiter.GetResult", site.BlockingCall);
        Assert.Equal("Vendor.Sdk.QuoteClient.GetQuote <- (generated code)", site.Chain);
    }

    [Fact]
    public void A_contended_lock_seen_as_a_wait_handle_wait_is_lock_contention()
    {
        CallSite site = Trim(
            Framework("System.Threading.WaitHandle.WaitOneNoCheck(int32,bool,class System.Object,value class WaitHandleWaitSourceMap)"),
            Framework("System.Threading.Monitor.Enter_Slowpath(class System.Object)"),
            Code("Vendor.Sdk.Gate.Post(int32)", "Vendor.Sdk"),
            Generated())!;

        Assert.Equal(WaitKind.LockContention, site.Kind);
        Assert.Equal("lock (Monitor.Enter)", site.BlockingCall);
    }

    [Fact]
    public void An_async_method_is_named_as_written_and_generic_instantiations_are_dropped()
    {
        CallSite site = Trim(
            Framework("System.Threading.SemaphoreSlim.Wait(int32,value class System.Threading.CancellationToken)"),
            Code("Acme.Orders.Store+<LoadAsync>d__4`1[System.__Canon].MoveNext()", "Acme.Orders"),
            Code("Acme.Orders.OrdersController.Get(int32)", "Acme.Orders"))!;

        Assert.Equal(WaitKind.SemaphoreSlim, site.Kind);
        Assert.Equal("System.Threading.SemaphoreSlim.Wait", site.BlockingCall);
        Assert.Equal("Acme.Orders.Store.LoadAsync <- Acme.Orders.OrdersController.Get", site.Chain);
    }

    [Fact]
    public void A_library_method_in_a_framework_namespace_is_the_librarys_code()
    {
        // The frames the detector once judged by namespace (FrameClassifier, shared with it, judges by assembly).
        CallSite site = Trim(
            Framework("System.Threading.Tasks.Task.InternalWaitCore(int32,value class System.Threading.CancellationToken)"),
            Framework("System.Runtime.CompilerServices.TaskAwaiter.HandleNonSuccessAndDebuggerNotification(class System.Threading.Tasks.Task,value class System.Threading.Tasks.ConfigureAwaitOptions)"),
            Code("Microsoft.Extensions.DependencyInjection.QuoteServiceProviderExtensions.GetQuote(class System.IServiceProvider,int32)", "BurstAnalyzers.Diagnostics.TestVendor"),
            Code("Acme.Orders.OrdersController.Get(int32)", "Acme.Orders"))!;

        Assert.Equal("System.Runtime.CompilerServices.TaskAwaiter.GetResult", site.BlockingCall);
        Assert.Equal("Microsoft.Extensions.DependencyInjection.QuoteServiceProviderExtensions.GetQuote <- Acme.Orders.OrdersController.Get", site.Chain);
        SiteAdvice advice = SiteAdvice.For(site, "Acme.Orders");
        Assert.Equal("library", advice.Owner);
        Assert.Equal("BurstAnalyzers.Diagnostics.TestVendor", advice.Assembly);
        Assert.Equal("Microsoft.Extensions.DependencyInjection.QuoteServiceProviderExtensions.GetQuote", advice.LibraryMethod);
    }

    [Fact]
    public void Framework_code_outside_the_frameworks_namespaces_and_the_soap_offload_are_framework()
    {
        // A synchronous read of a decompressed request body: SizeLimitedStream has no namespace.
        CallSite read = Trim(
            Framework("System.Runtime.CompilerServices.TaskAwaiter.HandleNonSuccessAndDebuggerNotification(class System.Threading.Tasks.Task,value class System.Threading.Tasks.ConfigureAwaitOptions)"),
            new("Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Http.HttpRequestStream.Read(value class System.Span`1<unsigned int8>)", "Microsoft.AspNetCore.Server.Kestrel.Core", null, 1),
            new("SizeLimitedStream.Read(value class System.Span`1<unsigned int8>)", "Microsoft.AspNetCore.RequestDecompression", null, 1),
            Framework("System.IO.StreamReader.ReadToEnd()"),
            Code("Acme.Orders.OrdersController.Post()", "Acme.Orders"))!;

        Assert.Equal("System.IO.StreamReader.ReadToEnd", read.BlockingCall);
        Assert.Equal("Acme.Orders.OrdersController.Post", read.Chain);

        // A SOAP operation that is not offloaded goes through this repository's invoker: SoapCore's frames are a
        // library's, the offload's are not.
        CallSite soap = Trim(
            Framework("System.Threading.Monitor.Wait(class System.Object,int32)"),
            Code("Acme.Soap.QuoteService.GetQuote(int32)", "Acme.Soap"),
            Code("SoapCore.DefaultOperationInvoker+<InvokeAsync>d__0.MoveNext()", "SoapCore"),
            new("BurstAnalyzers.Offload.SoapCore.OffloadOperationInvoker.InvokeAsync(class System.Reflection.MethodInfo,class System.Object,class System.Object[])", "BurstAnalyzers.Offload.SoapCore", null, 1),
            Code("SoapCore.SoapEndpointMiddleware`1+<ProcessOperation>d__20[System.__Canon].MoveNext()", "SoapCore"))!;

        Assert.Equal("System.Threading.Monitor.Wait", soap.BlockingCall);
        Assert.Equal("Acme.Soap.QuoteService.GetQuote <- SoapCore.DefaultOperationInvoker.InvokeAsync <- SoapCore.SoapEndpointMiddleware`1.ProcessOperation", soap.Chain);
    }

    [Fact]
    public void A_wait_on_a_thread_that_is_not_the_pools_is_not_a_call_site()
    {
        Frame[] dedicated =
        [
            Framework("System.Threading.Monitor.Wait(class System.Object,int32)"),
            Code("Vendor.Rates.RateFeed.Read()", "Vendor.Rates"),
            Framework("System.Threading.Thread.StartCallback()"),
        ];
        Assert.Null(StackTrimmer.Trim(dedicated, lockContention: false, maxFrames: 8));
    }

    [Theory]
    [InlineData("GET", "/orders/42/lines/7", "GET /orders/{id}/lines/{id}")]
    [InlineData("POST", "/carts/0f8fad5b-d9cb-469f-a165-70867728950e", "POST /carts/{id}")]
    [InlineData("GET", "/vendor/rates/EUR", "GET /vendor/rates/EUR")]
    public void Id_segments_of_a_path_become_one_endpoint(string method, string path, string endpoint) =>
        Assert.Equal(endpoint, EndpointName.Of(method, path));

    [Fact]
    public void A_wait_belongs_to_the_request_its_thread_began_last_before_it()
    {
        var requests = new Requests();
        requests.Start("r1", "GET", "/a", threadId: 7, DateTime.UtcNow, timestamp: 100);
        requests.Stop("r1", threadId: 7, timestamp: 200);
        requests.Start("r2", "GET", "/b", threadId: 7, DateTime.UtcNow, timestamp: 300);

        Assert.Equal("GET /a", requests.EndpointAt(7, 150));
        Assert.Equal(Requests.Unknown, requests.EndpointAt(7, 250));
        Assert.Equal("GET /b", requests.EndpointAt(7, 400));
        Assert.Equal(Requests.Unknown, requests.EndpointAt(8, 400));
        Assert.Equal(("GET /b", 1), requests.InFlight().Select(e => (e.Endpoint, e.Count)).Single());
    }

    private static CallSite? Trim(params Frame[] top) => StackTrimmer.Trim([.. top, .. s_poolBottom], lockContention: false, maxFrames: 8);

    private static Frame Framework(string method) => new(method, "System.Private.CoreLib", null, 1);

    private static Frame Code(string method, string assembly) => new(method, assembly, null, 1);

    private static Frame Generated() => new("dynamicClass.lambda_method1(pMT: 0x7f668b3e17b8,class System.Object)", Frame.GeneratedModule, null, 0);
}
