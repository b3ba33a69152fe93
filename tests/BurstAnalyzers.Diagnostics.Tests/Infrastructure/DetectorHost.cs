using System;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Diagnostics.TestHost;
using BurstAnalyzers.Tests.Shared;
using Microsoft.AspNetCore.Builder;

namespace BurstAnalyzers.Diagnostics.Tests.Infrastructure;

/// <summary>The test application (<see cref="DetectorApp"/>) on a real Kestrel server on 127.0.0.1, in this process.</summary>
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

    /// <param name="configure">Detector options.</param>
    /// <param name="beforeStart">Runs against the built application before it starts (tests reach the detector here).</param>
    public static async Task<DetectorHost> StartAsync(Action<BlockingDetectorOptions>? configure = null, Action<IServiceProvider>? beforeStart = null)
    {
        var logs = new LogRecorder();
        WebApplication app = DetectorApp.Build(logs, configure);
        beforeStart?.Invoke(app.Services);
        await app.StartAsync();
        var host = new DetectorHost(app, logs);
        // A warm server, as in production: the first request builds the route matcher while the others would queue for it.
        SimultaneousRequests.Send(host.Url("/sleep?ms=0"), 1);
        return host;
    }

    public Uri Url(string pathAndQuery) => new(BaseAddress, pathAndQuery);

    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync();
        await _app.DisposeAsync();
    }
}
