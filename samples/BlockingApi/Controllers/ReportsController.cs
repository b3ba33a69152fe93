using Microsoft.AspNetCore.Mvc;

namespace BlockingApi.Controllers;

[ApiController]
[Route("reports")]
public class ReportsController : ControllerBase
{
    // Simulates a slow legacy back end. Under a burst of requests this starves the thread pool: BURST001.
    [HttpGet("{id}")]
    public ActionResult<string> Get(int id)
    {
        Thread.Sleep(1000);
        return $"report {id}";
    }
}
