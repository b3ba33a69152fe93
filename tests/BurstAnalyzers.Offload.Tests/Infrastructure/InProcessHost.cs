using System;
using System.Linq;
using System.Net.Http;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.TestHost;
using Microsoft.AspNetCore.Builder;

namespace BurstAnalyzers.Offload.Tests.Infrastructure;

/// <summary>The test application on a real Kestrel server on 127.0.0.1, inside the test process.</summary>
internal sealed class InProcessHost : IAsyncDisposable
{
    private readonly WebApplication _app;

    private InProcessHost(WebApplication app)
    {
        _app = app;
        BaseAddress = new Uri(app.Urls.Single());
        Client = new HttpClient { BaseAddress = BaseAddress, Timeout = TimeSpan.FromSeconds(60) };
    }

    public Uri BaseAddress { get; }

    public HttpClient Client { get; }

    public IServiceProvider Services => _app.Services;

    public static async Task<InProcessHost> StartAsync(Action<OffloadOptions>? configureOffload = null)
    {
        WebApplication app = TestApp.Create([], configureOffload);
        await app.StartAsync();
        return new InProcessHost(app);
    }

    public async ValueTask DisposeAsync()
    {
        Client.Dispose();
        await _app.StopAsync();
        await _app.DisposeAsync();
    }
}
