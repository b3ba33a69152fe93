using System;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace BurstAnalyzers.Diagnostics.Tests.Infrastructure;

/// <summary>
/// A real Kestrel server on 127.0.0.1 with the detector, in this process: a blocking endpoint whose wait is inside the
/// vendor SDK (a separately built assembly), an async endpoint and a Thread.Sleep endpoint.
/// </summary>
internal sealed class DetectorHost : IAsyncDisposable
{
    private readonly WebApplication _app;

    private DetectorHost(WebApplication app, LogRecorder logs)
    {
        _app = app;
        Logs = logs;
        BaseAddress = new Uri(app.Urls.Single());
    }

    public Uri BaseAddress { get; }

    public LogRecorder Logs { get; }

    public IServiceProvider Services => _app.Services;

    public static WebApplication Build(LogRecorder logs, Action<BlockingDetectorOptions>? configure)
    {
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        builder.Logging.AddProvider(logs);
        builder.Logging.SetMinimumLevel(LogLevel.Debug);
        builder.Services.AddBurstBlockingDetector(configure);

        WebApplication app = builder.Build();
        app.MapGet("/vendor/quote", (int ms) => Vendor.Sdk.QuoteClient.GetQuote(ms));
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
        return app;
    }

    /// <param name="configure">Detector options.</param>
    /// <param name="beforeStart">Runs against the built application before it starts (tests reach the detector here).</param>
    public static async Task<DetectorHost> StartAsync(Action<BlockingDetectorOptions>? configure = null, Action<IServiceProvider>? beforeStart = null)
    {
        var logs = new LogRecorder();
        WebApplication app = Build(logs, configure);
        beforeStart?.Invoke(app.Services);
        await app.StartAsync();
        var host = new DetectorHost(app, logs);
        // A warm server, as in production: the first request builds the route matcher while the others would queue for it.
        Offload.Tests.Infrastructure.SimultaneousRequests.Send(host.Url("/async?ms=1"), 1);
        return host;
    }

    public Uri Url(string pathAndQuery) => new(BaseAddress, pathAndQuery);

    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync();
        await _app.DisposeAsync();
    }
}
