using System;
using System.Collections.Generic;
using System.Reflection;
using System.Reflection.Emit;
using System.Runtime.CompilerServices;
using System.Threading.Tasks;
using BurstAnalyzers.Diagnostics.Reporting;
using BurstAnalyzers.Diagnostics.Runtime;
using Microsoft.AspNetCore.Http;
using Xunit;
using CallSite = BurstAnalyzers.Diagnostics.Reporting.CallSite;

namespace BurstAnalyzers.Diagnostics.Tests;

/// <summary>
/// What a report makes of the waiting thread's stack. The stacks are built from the methods a real one holds, in the
/// shapes a Debug build and an optimized (Release) build give: in the second the JIT inlines the small public entry
/// points, and small handlers into the generated code that calls them, so the integration tests (Debug) cannot show it.
/// </summary>
public sealed class CallSiteTests
{
    private const BindingFlags Any = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static;

    private static readonly MethodBase[] s_eventPlumbing =
    [
        Method(typeof(TaskWaitEvents), "OnEventWritten"),
        Method(typeof(Task).Assembly.GetType("System.Threading.Tasks.TplEventSource", throwOnError: true)!, "TaskWaitBegin"),
    ];

    private static readonly MethodBase s_internalWaitCore = Method(typeof(Task), "InternalWaitCore");
    private static readonly MethodBase s_internalWait = Method(typeof(Task), "InternalWait");
    private static readonly MethodBase s_awaiterGetResult = Method(typeof(TaskAwaiter<>), nameof(TaskAwaiter<int>.GetResult));
    private static readonly MethodBase s_awaiterFailure = Method(typeof(TaskAwaiter), "HandleNonSuccessAndDebuggerNotification");
    private static readonly MethodBase s_resultCore = Method(typeof(Task<>), "GetResultCore");
    private static readonly MethodBase s_vendorGetQuote = Method(typeof(Vendor.Sdk.QuoteClient), nameof(Vendor.Sdk.QuoteClient.GetQuote));
    private static readonly MethodBase s_handler = Method(typeof(CallSiteTests), nameof(Handler));
    private static readonly MethodBase s_handlerWaitingForResult = Method(typeof(CallSiteTests), nameof(HandlerWaitingForResult));
    private static readonly MethodBase s_handlerCallingTheVendor = Method(typeof(CallSiteTests), nameof(HandlerCallingTheVendor));
    private static readonly MethodBase s_requestDelegate = Method(typeof(RequestDelegate), nameof(RequestDelegate.Invoke));
    private static readonly Assembly s_application = typeof(CallSiteTests).Assembly;

    [Fact]
    public void Debug_TheAwaitersPublicMember_ThenTheLibraryAndTheHandler()
    {
        CallSite site = From([s_internalWaitCore, s_internalWait, s_awaiterGetResult, s_vendorGetQuote, s_handler, Generated("lambda_method12"), s_requestDelegate]);

        Assert.Equal("System.Runtime.CompilerServices.TaskAwaiter`1.GetResult", site.BlockingCall);
        Assert.Equal(["Vendor.Sdk.QuoteClient.GetQuote", "BurstAnalyzers.Diagnostics.Tests.CallSiteTests.Handler"], site.Frames);
        Assert.Equal("BurstAnalyzers.Diagnostics.TestVendor", site.BlockingAssembly);
        Assert.Equal(CallSiteOrigin.Library, site.Origin);
    }

    [Fact]
    public void Release_GetResultInlinedIntoItsCaller_IsStillNamedGetResult()
    {
        CallSite site = From([s_internalWaitCore, s_internalWait, s_awaiterFailure, s_vendorGetQuote, s_handler, Generated("lambda_method12"), s_requestDelegate]);

        Assert.Equal("System.Runtime.CompilerServices.TaskAwaiter.GetResult", site.BlockingCall);
        Assert.Equal(["Vendor.Sdk.QuoteClient.GetQuote", "BurstAnalyzers.Diagnostics.Tests.CallSiteTests.Handler"], site.Frames);
        Assert.Equal(CallSiteOrigin.Library, site.Origin);
    }

    [Fact]
    public void Release_ResultInlinedIntoTheApplication_IsNamedResult()
    {
        CallSite site = From([s_internalWaitCore, s_internalWait, s_resultCore, s_handlerWaitingForResult, Generated("lambda_method12"), s_requestDelegate]);

        Assert.Equal("System.Threading.Tasks.Task`1.get_Result", site.BlockingCall);
        Assert.Equal(["BurstAnalyzers.Diagnostics.Tests.CallSiteTests.HandlerWaitingForResult"], site.Frames);
        Assert.Equal(CallSiteOrigin.Application, site.Origin);
        Assert.Contains("BURST002", DetectorLog.Advice(site), StringComparison.Ordinal);
    }

    [Fact]
    public void Release_ALibrarysOneLineWrapperInlinedIntoTheHandler_IsNotTakenForTheHandlersOwnWait()
    {
        // GetQuote (the vendor's GetAwaiter().GetResult() one-liner) was inlined into the handler, whose own IL waits on
        // nothing: the frame left is the handler's, the wait is not.
        CallSite site = From([s_internalWaitCore, s_internalWait, s_awaiterFailure, s_handlerCallingTheVendor, Generated("lambda_method12"), s_requestDelegate]);

        Assert.Equal("System.Runtime.CompilerServices.TaskAwaiter.GetResult", site.BlockingCall);
        Assert.Equal(["BurstAnalyzers.Diagnostics.Tests.CallSiteTests.HandlerCallingTheVendor"], site.Frames);
        Assert.Equal(CallSiteOrigin.Inlined, site.Origin);
        Assert.Equal(
            "The wait is in a method the JIT inlined into BurstAnalyzers.Diagnostics.Tests.CallSiteTests.HandlerCallingTheVendor, so the stack has no frame for it: if that method is the application's, the analyzer reports it (BURST002, or BURST005 through helper methods); if it is a library's, put [OffloadBlocking] on the endpoint (BurstAnalyzers.Offload) or use an async API of that library.",
            DetectorLog.Advice(site));
    }

    [Fact]
    public void Release_HandlerAndLibraryInlinedIntoGeneratedCode_NamesTheWaitAndTheGeneratedCodesCaller()
    {
        CallSite first = From([s_internalWaitCore, s_internalWait, s_awaiterFailure, Generated("lambda_method93"), s_requestDelegate]);
        // Two copies of one compiled delegate differ only in their generated names: one call site, one report.
        CallSite second = From([s_internalWaitCore, s_internalWait, s_awaiterFailure, Generated("lambda_method94"), s_requestDelegate]);

        Assert.Equal("System.Runtime.CompilerServices.TaskAwaiter.GetResult", first.BlockingCall);
        Assert.Equal([CallSite.GeneratedCode, "Microsoft.AspNetCore.Http.RequestDelegate.Invoke"], first.Frames);
        Assert.Null(first.BlockingAssembly);
        Assert.Equal(CallSiteOrigin.Unknown, first.Origin);
        Assert.Equal(first.Key, second.Key);
    }

    [Fact]
    public void FrameworkCodeWaitingOnItsOwn_NamesTheTaskLibrarysEntryAndTheFramesNearTheWait()
    {
        CallSite site = From([s_internalWaitCore, s_internalWait, s_awaiterFailure, s_requestDelegate, Method(typeof(System.Threading.Thread), "StartCallback")]);

        Assert.Equal("System.Runtime.CompilerServices.TaskAwaiter.GetResult", site.BlockingCall);
        Assert.Equal(
            ["System.Threading.Tasks.Task.InternalWaitCore", "System.Threading.Tasks.Task.InternalWait", "System.Runtime.CompilerServices.TaskAwaiter.HandleNonSuccessAndDebuggerNotification", "Microsoft.AspNetCore.Http.RequestDelegate.Invoke", "System.Threading.Thread.StartCallback"],
            site.Frames);
        Assert.Equal(CallSiteOrigin.Unknown, site.Origin);
    }

    [Fact]
    public void AFrameworkApiThatBlocksInside_IsTheBlockingCall()
    {
        // The application called a synchronous framework member that waits on a task: that member is what it wrote.
        CallSite site = From([s_internalWaitCore, s_internalWait, s_awaiterFailure, s_requestDelegate, s_handler]);

        Assert.Equal("Microsoft.AspNetCore.Http.RequestDelegate.Invoke", site.BlockingCall);
        Assert.Equal(["BurstAnalyzers.Diagnostics.Tests.CallSiteTests.Handler"], site.Frames);
        Assert.Equal(CallSiteOrigin.Application, site.Origin);
    }

    private static CallSite From(IEnumerable<MethodBase> innermostFirst) =>
        CallSite.From([.. s_eventPlumbing, .. innermostFirst], maxFrames: 6, s_application);

    private static MethodBase Method(Type type, string name) =>
        type.GetMethods(Any) is var methods && Array.Find(methods, m => m.Name == name) is { } method
            ? method
            : throw new InvalidOperationException($"{type.FullName}.{name} is not in this runtime: the stack shapes these tests build need updating.");

    // Dynamic methods have no declaring type, as the runtime's compiled expressions (lambda_methodN) do.
    private static DynamicMethod Generated(string name) => new(name, typeof(void), Type.EmptyTypes);

    private static void Handler()
    {
    }

    private static int HandlerWaitingForResult(Task<int> work) => work.Result;

    private static decimal HandlerCallingTheVendor(int ms) => Vendor.Sdk.QuoteClient.GetQuote(ms);
}
