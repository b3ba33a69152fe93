using BurstAnalyzers.Offload.TestHost.Probes;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.SignalR;

namespace BurstAnalyzers.Offload.TestHost.Hubs;

/// <summary>One hub method offloaded, one not.</summary>
public sealed class ProbeHub(IHttpContextAccessor accessor, OffloadScheduler scheduler) : Hub
{
    [OffloadBlocking]
    public ProbeReport Probe(string echo) => ProbeReport.Take(Context.GetHttpContext(), accessor, scheduler, echo);

    public ProbeReport ProbePlain(string echo) => ProbeReport.Take(Context.GetHttpContext(), accessor, scheduler, echo);
}
