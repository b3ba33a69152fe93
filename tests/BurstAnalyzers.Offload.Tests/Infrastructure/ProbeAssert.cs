using System;
using BurstAnalyzers.Offload.TestHost.Probes;
using Xunit;

namespace BurstAnalyzers.Offload.Tests.Infrastructure;

internal static class ProbeAssert
{
    /// <summary>The handler ran on an offload thread, with the request's HttpContext, culture and trace.</summary>
    public static void Offloaded(ProbeReport report, string traceId)
    {
        Assert.True(report.IsOffloadThread, $"ran on '{report.ThreadName}', not an offload thread");
        Assert.False(report.IsThreadPoolThread);
        Assert.StartsWith("BurstOffload #", report.ThreadName, StringComparison.Ordinal);
        Assert.True(report.HttpContextFlowed, "IHttpContextAccessor did not return the request's HttpContext");
        Assert.Equal(ProbeRequests.Culture, report.Culture);
        Assert.Equal(traceId, report.TraceId);
    }

    /// <summary>The handler ran where ASP.NET Core runs handlers by default: a thread-pool thread.</summary>
    public static void NotOffloaded(ProbeReport report)
    {
        Assert.False(report.IsOffloadThread);
        Assert.True(report.IsThreadPoolThread);
    }
}
