using System;
using System.Threading.Tasks;
using BurstAnalyzers.Diagnostics;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace BurstAnalyzers.DetectorOverhead;

/// <summary>
/// The server under test, in a process of its own: the async endpoints of samples/BlockingApi's kind (awaits that
/// complete asynchronously, a small JSON body). Prints its address, stops when its standard input closes.
/// </summary>
internal static class Server
{
    public const string ListeningPrefix = "LISTENING ";

    public static async Task RunAsync(Variant variant)
    {
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        builder.Logging.AddConsole().SetMinimumLevel(LogLevel.Warning);
        // The detector's own information (start, capture windows) is shown: under this load nothing should starve.
        builder.Logging.AddFilter("BurstAnalyzers", LogLevel.Information);
        if (variant is not (Variant.None or Variant.Attached))
        {
            builder.Services.AddBurstBlockingDetector(o =>
            {
                o.RuntimeEvents = variant == Variant.DetectorRuntimeEvents ? RuntimeEvents.Always : RuntimeEvents.DuringStarvation;
                o.CallSiteCapture = variant == Variant.DetectorAlways ? CallSiteCapture.Always : CallSiteCapture.DuringStarvation;
            });
        }

        WebApplication app = builder.Build();
        // Work that yields the thread twice, like an endpoint awaiting a cache and a database; no timer, so the
        // request rate is limited by the server's CPU and the per-request overhead shows.
        app.MapGet("/quotes/{symbol}", async (string symbol) =>
        {
            await Task.Yield();
            decimal price = await PriceAsync(symbol);
            return Results.Json(new Quote(symbol, price));
        });

        await app.StartAsync();
        Console.WriteLine(ListeningPrefix + new Uri(System.Linq.Enumerable.Single(app.Urls)));
        await Task.Run(() => Console.In.ReadToEnd());
        await app.StopAsync();
    }

    private static async Task<decimal> PriceAsync(string symbol)
    {
        await Task.Yield();
        return symbol.Length * 1.25m;
    }

    private sealed record Quote(string Symbol, decimal Price);
}
