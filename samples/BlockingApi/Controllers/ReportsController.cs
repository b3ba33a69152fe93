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

    [HttpGet("{id}/file")]
    public string File(int id)
    {
        var path = Path.Combine(Path.GetTempPath(), $"report-{id}.txt");
        System.IO.File.WriteAllText(path, $"report {id}"); // BURST003
        return System.IO.File.ReadAllText(path); // BURST003
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
