using Microsoft.AspNetCore.Mvc;
using Shapes.Data;
using Shapes.Services;

namespace Shapes.Api.Controllers;

[ApiController]
[Route("api/reports")]
public class ReportsController(ReportService reports) : ControllerBase
{
    [HttpGet("{id}")]
    public string Get(int id) => reports.Summary(id); // BURST005

    [HttpGet("{id}/raw")]
    public string Raw(int id)
    {
        return Read();

        // A local function of a handler is the handler's own code: its blocking call is reported where it is.
        string Read() => System.IO.File.ReadAllText($"report-{id}.txt"); // BURST003
    }

    [HttpGet("rate/{currency}")]
    public decimal Rate(string currency) => Pricing.Convert(new SlowRateSource(), 1m, currency); // BURST005

    [HttpGet("cached")]
    public int Cached() => Pricing.Cached();
}
