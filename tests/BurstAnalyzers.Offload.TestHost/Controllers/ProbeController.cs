using System;
using BurstAnalyzers.Offload.TestHost.Probes;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;

namespace BurstAnalyzers.Offload.TestHost.Controllers;

/// <summary>Actions that report what they saw, throw, or wait at the test's gate.</summary>
[ApiController]
[Route("mvc")]
public sealed class ProbeController(IHttpContextAccessor accessor, OffloadScheduler scheduler, ProbeGate gate) : ControllerBase
{
    [HttpGet("probe")]
    [OffloadBlocking]
    public ProbeReport Probe() => ProbeReport.Take(HttpContext, accessor, scheduler);

    [HttpGet("probe-plain")]
    public ProbeReport ProbePlain() => ProbeReport.Take(HttpContext, accessor, scheduler);

    [HttpPost("probe-body")]
    [OffloadBlocking]
    public ProbeReport ProbeBody(ProbeInput input) => ProbeReport.Take(HttpContext, accessor, scheduler, input.Echo);

    [HttpGet("throw")]
    [OffloadBlocking]
    public string Throw() => throw new ProbeException("thrown by the offloaded action");

    [HttpGet("gate")]
    [OffloadBlocking]
    public string Gate()
    {
        gate.Pass(TimeSpan.FromSeconds(30));
        return "passed";
    }
}
