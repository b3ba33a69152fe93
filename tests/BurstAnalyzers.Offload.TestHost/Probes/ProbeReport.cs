using System.Diagnostics;
using System.Globalization;
using System.Threading;
using Microsoft.AspNetCore.Http;

namespace BurstAnalyzers.Offload.TestHost.Probes;

/// <summary>What a handler saw about the thread it ran on and the request state that reached it.</summary>
public sealed record ProbeReport(
    string? ThreadName,
    bool IsThreadPoolThread,
    bool IsOffloadThread,
    bool HttpContextFlowed,
    string Culture,
    string? TraceId,
    string? Echo)
{
    /// <summary>Taken inside a handler.</summary>
    /// <param name="requestContext">The HttpContext the framework gave the handler.</param>
    /// <param name="accessor">Reads HttpContext from the execution context, as library code does.</param>
    /// <param name="scheduler">The application's offload scheduler.</param>
    /// <param name="echo">A value the handler received, to show binding worked.</param>
    public static ProbeReport Take(HttpContext? requestContext, IHttpContextAccessor accessor, OffloadScheduler scheduler, string? echo = null) =>
        new(
            Thread.CurrentThread.Name,
            Thread.CurrentThread.IsThreadPoolThread,
            scheduler.IsOffloadThread,
            requestContext is not null && ReferenceEquals(accessor.HttpContext, requestContext),
            CultureInfo.CurrentCulture.Name,
            Activity.Current?.TraceId.ToString(),
            echo);
}
