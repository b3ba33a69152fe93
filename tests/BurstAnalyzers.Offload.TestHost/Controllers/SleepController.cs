using System.Threading;
using Microsoft.AspNetCore.Mvc;

namespace BurstAnalyzers.Offload.TestHost.Controllers;

/// <summary>The same blocking action twice: as written, and with [OffloadBlocking].</summary>
[ApiController]
[Route("mvc")]
public sealed class SleepController : ControllerBase
{
    [HttpGet("blocking")]
    public string Blocking(int ms)
    {
        Thread.Sleep(ms);
        return "slept";
    }

    [HttpGet("offloaded")]
    [OffloadBlocking]
    public string Offloaded(int ms)
    {
        Thread.Sleep(ms);
        return "slept";
    }
}
