using System;
using System.Collections.Generic;
using System.Diagnostics.Tracing;
using System.Reflection;
using System.Reflection.Emit;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Diagnostics.Reporting;
using BurstAnalyzers.Diagnostics.Runtime;
using Microsoft.Extensions.Hosting;
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

    // Innermost: the detector's listener, the event source's dispatch, the task library's event.
    private static readonly MethodBase[] s_eventPlumbing =
    [
        Method(typeof(TaskWaitEvents), "OnEventWritten"),
        Method(typeof(EventSource), "WriteEventWithRelatedActivityIdCore"),
        Method(typeof(Task).Assembly.GetType("System.Threading.Tasks.TplEventSource", throwOnError: true)!, "TaskWaitBegin"),
    ];

    private static readonly MethodBase s_internalWaitCore = Method(typeof(Task), "InternalWaitCore");
    private static readonly MethodBase s_internalWait = Method(typeof(Task), "InternalWait");
    private static readonly MethodBase s_awaiterGetResult = Method(typeof(TaskAwaiter<>), nameof(TaskAwaiter<int>.GetResult));
    private static readonly MethodBase s_awaiterFailure = Method(typeof(TaskAwaiter), "HandleNonSuccessAndDebuggerNotification");
    private static readonly MethodBase s_resultCore = Method(typeof(Task<>), "GetResultCore");
    private static readonly MethodBase s_vendorGetQuote = Method(typeof(Vendor.Sdk.QuoteClient), nameof(Vendor.Sdk.QuoteClient.GetQuote));
    private static readonly MethodBase s_vendorExtensionGetQuote = Method(typeof(Microsoft.Extensions.DependencyInjection.QuoteServiceProviderExtensions), nameof(Microsoft.Extensions.DependencyInjection.QuoteServiceProviderExtensions.GetQuote));
    private static readonly MethodBase s_kestrelBodyRead = Method(typeof(Microsoft.AspNetCore.Server.Kestrel.Core.KestrelServerOptions).Assembly.GetType("Microsoft.AspNetCore.Server.Kestrel.Core.Internal.Http.HttpRequestStream", throwOnError: true)!, "Read");
    private static readonly MethodBase s_decompressionLimitRead = Method(typeof(Microsoft.AspNetCore.Builder.RequestDecompressionBuilderExtensions).Assembly.GetType("SizeLimitedStream", throwOnError: true)!, "Read");
    private static readonly MethodBase s_readToEnd = Method(typeof(System.IO.StreamReader), nameof(System.IO.StreamReader.ReadToEnd));
    private static readonly MethodBase s_handler = Method(typeof(CallSiteTests), nameof(Handler));
    private static readonly MethodBase s_handlerWaitingForResult = Method(typeof(CallSiteTests), nameof(HandlerWaitingForResult));
    private static readonly MethodBase s_handlerCallingTheVendor = Method(typeof(CallSiteTests), nameof(HandlerCallingTheVendor));
    private static readonly MethodBase s_middleware = Method(typeof(CallSiteTests), nameof(Middleware));
    private static readonly MethodBase s_endpointMiddleware = Method(typeof(Microsoft.AspNetCore.Builder.EndpointRoutingApplicationBuilderExtensions).Assembly.GetType("Microsoft.AspNetCore.Routing.EndpointMiddleware", throwOnError: true)!, "Invoke");
    private static readonly MethodBase s_hostRun = Method(typeof(HostingAbstractionsHostExtensions), nameof(HostingAbstractionsHostExtensions.Run));
    private static readonly MethodBase s_threadStart = Method(typeof(Thread), "StartCallback");
    private static readonly Assembly s_application = typeof(CallSiteTests).Assembly;

    [Fact]
    public void Debug_TheAwaitersPublicMember_ThenTheLibraryAndTheHandler()
    {
        CallSite site = From([s_internalWaitCore, s_internalWait, s_awaiterGetResult, s_vendorGetQuote, s_handler, Generated("lambda_method12"), s_endpointMiddleware]);

        Assert.Equal("System.Runtime.CompilerServices.TaskAwaiter`1.GetResult", site.BlockingCall);
        Assert.Equal(["Vendor.Sdk.QuoteClient.GetQuote", "BurstAnalyzers.Diagnostics.Tests.CallSiteTests.Handler"], site.Frames);
        Assert.Equal("BurstAnalyzers.Diagnostics.TestVendor", site.BlockingAssembly);
        Assert.Equal(CallSiteOrigin.Library, site.Origin);
    }

    [Fact]
    public void Release_GetResultInlinedIntoItsCaller_IsNamedFromTheCallersIL_AsBeforeTheJitOptimizedIt()
    {
        CallSite optimized = From([s_internalWaitCore, s_internalWait, s_awaiterFailure, s_vendorGetQuote, s_handler, Generated("lambda_method12"), s_endpointMiddleware]);
        CallSite unoptimized = From([s_internalWaitCore, s_internalWait, s_awaiterGetResult, s_vendorGetQuote, s_handler, Generated("lambda_method12"), s_endpointMiddleware]);

        Assert.Equal("System.Runtime.CompilerServices.TaskAwaiter`1.GetResult", optimized.BlockingCall);
        Assert.Equal(["Vendor.Sdk.QuoteClient.GetQuote", "BurstAnalyzers.Diagnostics.Tests.CallSiteTests.Handler"], optimized.Frames);
        Assert.Equal(CallSiteOrigin.Library, optimized.Origin);
        // Tiered compilation optimizes a method after its first calls: one call site, one report, before and after.
        Assert.Equal(unoptimized.Key, optimized.Key);
    }

    [Fact]
    public void Release_ResultInlinedIntoTheApplication_IsNamedResult()
    {
        CallSite site = From([s_internalWaitCore, s_internalWait, s_resultCore, s_handlerWaitingForResult, Generated("lambda_method12"), s_endpointMiddleware]);

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
        CallSite site = From([s_internalWaitCore, s_internalWait, s_awaiterFailure, s_handlerCallingTheVendor, Generated("lambda_method12"), s_endpointMiddleware]);

        Assert.Equal("System.Runtime.CompilerServices.TaskAwaiter.GetResult", site.BlockingCall);
        Assert.Equal(["BurstAnalyzers.Diagnostics.Tests.CallSiteTests.HandlerCallingTheVendor"], site.Frames);
        Assert.Equal(CallSiteOrigin.Inlined, site.Origin);
        Assert.Equal(
            "The wait is in a method the JIT inlined into BurstAnalyzers.Diagnostics.Tests.CallSiteTests.HandlerCallingTheVendor, so the stack has no frame for it: if that method is the application's, the analyzer reports it (BURST002, or BURST005 through helper methods); if it is a library's, put [OffloadBlocking] on the endpoint (BurstAnalyzers.Offload) or use an async API of that library.",
            DetectorLog.Advice(site));
    }

    [Fact]
    public void Release_HandlerAndLibraryInlinedIntoGeneratedCode_TheGeneratedCodeIsTheCallSite_NotTheMiddlewareAroundIt()
    {
        CallSite first = From([s_internalWaitCore, s_internalWait, s_awaiterFailure, Generated("lambda_method93"), s_endpointMiddleware, s_middleware, s_threadStart]);
        // Another copy of the compiled delegate, reached without the middleware: one call site, one report.
        CallSite second = From([s_internalWaitCore, s_internalWait, s_awaiterFailure, Generated("lambda_method94"), s_endpointMiddleware, s_threadStart]);

        Assert.Equal("System.Runtime.CompilerServices.TaskAwaiter.GetResult", first.BlockingCall);
        Assert.Equal([CallSite.GeneratedCode], first.Frames);
        Assert.Null(first.BlockingAssembly);
        Assert.Equal(CallSiteOrigin.Unknown, first.Origin);
        Assert.Equal(first.Key, second.Key);
        // The report says what the site is instead of an empty "in ;".
        Assert.Equal("code generated at run time, no assembly", DetectorLog.AssemblyOf(first));
    }

    [Fact]
    public void Release_ResultOrWaitInlinedIntoGeneratedCode_SaysItCouldBeEither()
    {
        // Task<T>.Result and Task.Wait both forward to InternalWait, and generated code has no IL to ask.
        CallSite site = From([s_internalWaitCore, s_internalWait, Generated("lambda_method7"), s_endpointMiddleware]);

        Assert.Equal("System.Threading.Tasks.Task`1.get_Result or Task.Wait", site.BlockingCall);
        Assert.Equal([CallSite.GeneratedCode], site.Frames);
    }

    [Fact]
    public void FrameworkCodeWaitingOnItsOwn_NamesTheTaskLibrarysEntryAndTheFramesNearTheWait()
    {
        CallSite site = From([s_internalWaitCore, s_internalWait, s_awaiterFailure, s_hostRun, s_threadStart]);

        Assert.Equal("System.Runtime.CompilerServices.TaskAwaiter.GetResult", site.BlockingCall);
        Assert.Equal(
            ["System.Threading.Tasks.Task.InternalWaitCore", "System.Threading.Tasks.Task.InternalWait", "System.Runtime.CompilerServices.TaskAwaiter.HandleNonSuccessAndDebuggerNotification", "Microsoft.Extensions.Hosting.HostingAbstractionsHostExtensions.Run", "System.Threading.Thread.StartCallback"],
            site.Frames);
        Assert.Equal(CallSiteOrigin.Unknown, site.Origin);
        Assert.Equal("framework code, no application or library assembly", DetectorLog.AssemblyOf(site));
    }

    [Fact]
    public void AFrameworkApiThatBlocksInside_IsTheBlockingCall()
    {
        // IHost.Run() is sync over async inside the framework: the application called it, and that is what it wrote.
        CallSite site = From([s_internalWaitCore, s_internalWait, s_awaiterFailure, s_hostRun, s_handler, s_threadStart]);

        Assert.Equal("Microsoft.Extensions.Hosting.HostingAbstractionsHostExtensions.Run", site.BlockingCall);
        Assert.Equal(["BurstAnalyzers.Diagnostics.Tests.CallSiteTests.Handler"], site.Frames);
        Assert.Equal(CallSiteOrigin.Application, site.Origin);
    }

    [Fact]
    public void ALibrarysMethodInAFrameworkNamespace_IsTheLibrarysCode()
    {
        // The vendor's extension method is declared in Microsoft.Extensions.DependencyInjection: judged by namespace it
        // was taken for the framework, and the wait for the handler's own (BURST002, which the analyzer cannot report).
        CallSite site = From([s_internalWaitCore, s_internalWait, s_awaiterFailure, s_vendorExtensionGetQuote, s_handler, Generated("lambda_method12"), s_endpointMiddleware]);

        Assert.Equal("System.Runtime.CompilerServices.TaskAwaiter`1.GetResult", site.BlockingCall);
        Assert.Equal(["Microsoft.Extensions.DependencyInjection.QuoteServiceProviderExtensions.GetQuote", "BurstAnalyzers.Diagnostics.Tests.CallSiteTests.Handler"], site.Frames);
        Assert.Equal("BurstAnalyzers.Diagnostics.TestVendor", site.BlockingAssembly);
        Assert.Equal(CallSiteOrigin.Library, site.Origin);
    }

    [Fact]
    public void FrameworkCodeOutsideTheFrameworksNamespaces_IsFramework()
    {
        // A synchronous read of a decompressed request body: SizeLimitedStream (Microsoft.AspNetCore.RequestDecompression)
        // has no namespace, and judged by namespace it was taken for a library that waited.
        CallSite site = From([s_internalWaitCore, s_internalWait, s_awaiterFailure, s_kestrelBodyRead, s_decompressionLimitRead, s_readToEnd, s_handler, Generated("lambda_method12"), s_endpointMiddleware]);

        Assert.Equal("System.IO.StreamReader.ReadToEnd", site.BlockingCall);
        Assert.Equal(["BurstAnalyzers.Diagnostics.Tests.CallSiteTests.Handler"], site.Frames);
        Assert.Equal("BurstAnalyzers.Diagnostics.Tests", site.BlockingAssembly);
        Assert.Equal(CallSiteOrigin.Application, site.Origin);
    }

    [Fact]
    public void DirectCalls_ReadsEveryMethodBodyOfTheCoreLibrary()
    {
        // Every opcode, switch tables, generic contexts, method specs: the walk must never lose its place or throw.
        int read = 0;
        foreach (Type type in typeof(object).Assembly.GetTypes())
        {
            foreach (MethodBase method in Members(type))
            {
                if (method.GetMethodBody() is null)
                {
                    continue;
                }

                Assert.True(DirectCalls.Of(method) is not null, $"{type.FullName}.{method.Name}");
                read++;
            }
        }

        Assert.True(read > 10_000, $"only {read} method bodies read");
    }

    [Fact]
    public void DirectCalls_FindsTheCallsOfAMethodWithASwitchAndGenericCalls()
    {
        List<MethodBase>? callees = DirectCalls.Of(Method(typeof(CallSiteTests), nameof(Switching)));

        Assert.NotNull(callees);
        Assert.Contains(callees, c => c.Name == nameof(Task.FromResult) && c.IsGenericMethod);
        Assert.Contains(callees, c => c.Name == "get_Result" && c.DeclaringType == typeof(Task<string>));
        Assert.Contains(callees, c => c.Name == nameof(Console.WriteLine));
        Assert.Contains(callees, c => c.Name == nameof(Handler));
    }

    [Fact]
    public void DirectCalls_OfGeneratedCode_IsUnknown() => Assert.Null(DirectCalls.Of(Generated("lambda_method1")));

    private static CallSite From(IEnumerable<MethodBase> innermostFirst) =>
        CallSite.From([.. s_eventPlumbing, .. innermostFirst], maxFrames: 6, s_application);

    private static MethodBase Method(Type type, string name) =>
        Array.Find(type.GetMethods(Any), m => m.Name == name)
            ?? throw new InvalidOperationException($"{type.FullName}.{name} is not in this runtime: the stack shapes these tests build need updating.");

    private static IEnumerable<MethodBase> Members(Type type)
    {
        foreach (MethodInfo method in type.GetMethods(Any | BindingFlags.DeclaredOnly))
        {
            yield return method;
        }

        foreach (ConstructorInfo constructor in type.GetConstructors(Any | BindingFlags.DeclaredOnly))
        {
            yield return constructor;
        }
    }

    // Dynamic methods have no declaring type, as the runtime's compiled expressions (lambda_methodN) do.
    private static DynamicMethod Generated(string name)
    {
        var method = new DynamicMethod(name, typeof(void), Type.EmptyTypes);
        method.GetILGenerator().Emit(OpCodes.Ret);
        return method;
    }

    private static void Handler()
    {
    }

    private static int HandlerWaitingForResult(Task<int> work) => work.Result;

    private static decimal HandlerCallingTheVendor(int ms) => Vendor.Sdk.QuoteClient.GetQuote(ms);

    private static void Middleware()
    {
    }

    private static string Switching(int value)
    {
        switch (value)
        {
            case 0: return Task.FromResult("zero").Result;
            case 1: Console.WriteLine(value); return "one";
            case 2: Handler(); return "two";
            case 3: return "three";
            default: return value.ToString(System.Globalization.CultureInfo.InvariantCulture);
        }
    }
}
