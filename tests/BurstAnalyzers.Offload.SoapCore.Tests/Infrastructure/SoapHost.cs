using System;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.SoapCore.TestHost;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;

namespace BurstAnalyzers.Offload.SoapCore.Tests.Infrastructure;

/// <summary>The test service (<see cref="SoapTestApp"/>) on a real Kestrel server on 127.0.0.1, inside the test process.</summary>
internal sealed class SoapHost : IAsyncDisposable
{
    private readonly WebApplication _app;

    private SoapHost(WebApplication app)
    {
        _app = app;
        ServiceAddress = Program.ServiceAddress(app);
    }

    public Uri ServiceAddress { get; }

    public IServiceProvider Services => _app.Services;

    public OffloadScheduler Scheduler => _app.Services.GetRequiredService<OffloadScheduler>();

    /// <inheritdoc cref="SoapTestApp.Create"/>
    public static async Task<SoapHost> StartAsync(
        bool offload = true,
        Action<IServiceCollection>? configureServices = null,
        Action<IServiceCollection>? configureAfter = null,
        bool depthLimit = true)
    {
        WebApplication app = SoapTestApp.Create([], offload, configureServices, configureAfter, depthLimit);
        try
        {
            await app.StartAsync();
        }
        catch
        {
            await app.DisposeAsync();
            throw;
        }

        return new SoapHost(app);
    }

    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync();
        await _app.DisposeAsync();
    }
}
