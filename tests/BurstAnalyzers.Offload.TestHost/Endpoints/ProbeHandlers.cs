using BurstAnalyzers.Offload.TestHost.Probes;
using Microsoft.AspNetCore.Http;

namespace BurstAnalyzers.Offload.TestHost.Endpoints;

/// <summary>A handler class marked as a whole, mapped as a method group.</summary>
[OffloadBlocking]
public static class ProbeHandlers
{
    public static ProbeReport Probe(HttpContext context, IHttpContextAccessor accessor, OffloadScheduler scheduler) =>
        ProbeReport.Take(context, accessor, scheduler);
}
