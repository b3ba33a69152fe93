using System.ComponentModel.DataAnnotations;
using BlockingApi.Services;
using Microsoft.AspNetCore.Mvc;

namespace BlockingApi.Controllers;

// The burst demo's endpoints (samples/BurstDemo drives them): the classic reports' blocking actions. The delay comes
// from the query string, so it is capped: [ApiController] answers 400 for a value outside [Range].
[ApiController]
public class BurstController : ControllerBase
{
    private readonly IHttpClientFactory _clients;

    public BurstController(IHttpClientFactory clients) => _clients = clients;

    // "ASP.NET Core action with Thread.Sleep(1 s)": 100 concurrent requests took 15 s.
    [HttpGet("/sync")]
    public string Sync([Range(0, SleepLimit.MaxMs)] int ms = 1000)
    {
        Thread.Sleep(ms); // BURST001
        return "slept";
    }

    // "HttpClient.GetAsync(...).Result against an endpoint that answers after 1 s": 65 s.
    [HttpGet("/io")]
    public string Io([Range(0, SleepLimit.MaxMs)] int ms = 1000)
    {
        var response = _clients.CreateClient("self").GetAsync($"/slow?ms={ms}").Result; // BURST002
        return response.Content.ReadAsStringAsync().Result; // BURST002
    }

    // The same 1 s sleep, but two calls down in the services the action uses: what real code looks like.
    [HttpGet("/chain")]
    public string Chain([FromServices] QuoteService quotes, [Range(0, SleepLimit.MaxMs)] int ms = 1000) => quotes.Latest(ms); // BURST005

    // The same call, awaited: about 1.1 s for the whole burst.
    [HttpGet("/asyncio")]
    public async Task<string> AsyncIo([Range(0, SleepLimit.MaxMs)] int ms = 1000)
    {
        var response = await _clients.CreateClient("self").GetAsync($"/slow?ms={ms}");
        return await response.Content.ReadAsStringAsync();
    }
}
