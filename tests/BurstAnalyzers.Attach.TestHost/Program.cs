using System;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.Extensions.Logging;

namespace BurstAnalyzers.Attach.TestHost;

/// <summary>Prints <see cref="ListeningPrefix"/> and its address, then serves until its standard input closes.</summary>
public static class Program
{
    public const string ListeningPrefix = "LISTENING ";

    public static async Task Main()
    {
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        WebApplication app = builder.Build();
        app.MapGet("/vendor/monitor", (int ms) => Vendor.Sdk.Gate.WaitMonitor(ms));
        app.MapGet("/vendor/event", (int ms) => Vendor.Sdk.Gate.WaitEvent(ms));
        app.MapGet("/vendor/quote", (int ms) => Vendor.Sdk.QuoteClient.GetQuote(ms));
        app.MapGet("/vendor/ledger", (int ms) => Vendor.Sdk.Gate.Post(ms));
        app.MapGet("/async", async (int ms) =>
        {
            await Task.Delay(ms);
            return "done";
        });

        await app.StartAsync();
        Console.Out.WriteLine(ListeningPrefix + app.Urls.Single());
        Console.Out.Flush();
        await Task.Run(() => Console.In.ReadToEnd());
        await app.StopAsync();
    }
}
