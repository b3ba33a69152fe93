using Microsoft.AspNetCore.Mvc;

namespace BlockingApi.Controllers;

// Every line marked "// BURSTnnn" must be reported with that id when the sample builds (an integration test checks
// it), and every one of them has an async fix that `dotnet format analyzers` applies.
[ApiController]
[Route("reports")]
public class ReportsController : ControllerBase
{
    private static readonly SemaphoreSlim Gate = new(4);

    // Simulates a slow legacy back end. Under a burst of requests this starves the thread pool.
    [HttpGet("{id}")]
    public ActionResult<string> Get(int id)
    {
        Thread.Sleep(1000); // BURST001
        return $"report {id}";
    }

    // A scratch file of its own per request: GetTempFileName creates a new file with an unpredictable name (never one an
    // attacker planted, link or not), and it is deleted before the answer, so no file is left behind per id.
    [HttpGet("{id}/file")]
    public string File(int id)
    {
        var path = Path.GetTempFileName();
        try
        {
            System.IO.File.WriteAllText(path, $"report {id}"); // BURST003
            return System.IO.File.ReadAllText(path); // BURST003
        }
        finally
        {
            System.IO.File.Delete(path); // BURST006 stays
        }
    }

    [HttpGet("throttled")]
    public string Throttled()
    {
        Gate.Wait(); // BURST004
        try
        {
            return "throttled";
        }
        finally
        {
            Gate.Release();
        }
    }
}
