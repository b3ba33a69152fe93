using System;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace BurstAnalyzers.Diagnostics.TestHost;

/// <summary>
/// A Kestrel server on 127.0.0.1 with the detector: a blocking endpoint whose wait is inside the vendor SDK (a
/// separately built assembly), an async endpoint, a Thread.Sleep endpoint and middleware that blocks on unrouted paths.
/// </summary>
public static class DetectorApp
{
    public static WebApplication Build(LogRecorder logs, Action<BlockingDetectorOptions>? configure)
    {
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        builder.Logging.AddProvider(logs);
        builder.Logging.SetMinimumLevel(LogLevel.Debug);
        builder.Services.AddBurstBlockingDetector(configure);
        builder.Services.AddControllers().AddApplicationPart(typeof(DetectorApp).Assembly);

        WebApplication app = builder.Build();
        // Middleware that blocks on requests no endpoint serves (/mw/anything): the path is the client's to vary, and
        // must not make each request a report of its own.
        app.Use(async (context, next) =>
        {
            if (context.Request.Path.StartsWithSegments("/mw") && int.TryParse(context.Request.Query["ms"], out int ms))
            {
                Task.Delay(ms).Wait();
                await context.Response.WriteAsync("blocked in middleware");
                return;
            }

            await next(context);
        });
        app.MapControllers();
        app.MapGet("/vendor/quote", (int ms) => Vendor.Sdk.QuoteClient.GetQuote(ms));
        // The application's own sync over async, which the analyzer would report as BURST002.
        app.MapGet("/own/wait", (int ms) => Task.Delay(ms).ContinueWith(_ => ms, TaskScheduler.Default).Result);
        app.MapGet("/async", async (int ms) =>
        {
            await Task.Delay(ms);
            return "done";
        });
        app.MapGet("/sleep", (int ms) =>
        {
            Thread.Sleep(ms);
            return "slept";
        });
        // What a test of a child process cannot read from the detector object: what it listens to right now.
        app.MapGet("/detector/state", (BlockingDetector detector) =>
            $"ListeningToRuntimeEvents={detector.ListeningToRuntimeEvents}; RuntimeEventsSubscribed={detector.RuntimeEventsSubscribed}; CapturingCallSites={detector.CapturingCallSites}");
        return app;
    }
}
