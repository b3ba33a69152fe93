using BurstAnalyzers.Offload.TestHost.Probes;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;

namespace BurstAnalyzers.Offload.TestHost.Controllers;

/// <summary>[OffloadBlocking] on the class applies to every action.</summary>
[ApiController]
[Route("mvc/offloaded-controller")]
[OffloadBlocking]
public sealed class OffloadedController(IHttpContextAccessor accessor, OffloadScheduler scheduler) : ControllerBase
{
    [HttpGet("probe")]
    public ProbeReport Probe() => ProbeReport.Take(HttpContext, accessor, scheduler);
}
