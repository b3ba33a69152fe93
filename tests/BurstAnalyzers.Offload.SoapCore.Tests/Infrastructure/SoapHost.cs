using System;
using System.Globalization;
using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.Offload.SoapCore.Tests.Service;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using SoapCore;

namespace BurstAnalyzers.Offload.SoapCore.Tests.Infrastructure;

/// <summary>
/// <see cref="ProbeService"/> on SoapCore on a real Kestrel server on 127.0.0.1 (a free port), inside the test process,
/// set up the way the package's README says.
/// </summary>
internal sealed class SoapHost : IAsyncDisposable
{
    public const string Path = "/probe.svc";

    /// <summary>What the host's middleware puts in <see cref="RequestFlow.Marker"/> and the culture before SoapCore runs.</summary>
    public const string FlowedMarker = "set by the request's middleware";

    public const string FlowedCulture = "fr-FR";

    private readonly WebApplication _app;

    private SoapHost(WebApplication app)
    {
        _app = app;
        string address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single();
        ServiceAddress = new Uri(new Uri(address), Path);
    }

    public Uri ServiceAddress { get; }

    public IServiceProvider Services => _app.Services;

    public OffloadScheduler Scheduler => _app.Services.GetRequiredService<OffloadScheduler>();

    /// <param name="offload">Whether to call AddBurstOffloadForSoapCore (without it, [OffloadBlocking] is inert).</param>
    /// <param name="configureServices">Runs before AddBurstOffloadForSoapCore (a custom invoker, say).</param>
    /// <param name="configureAfter">Runs after it.</param>
    public static async Task<SoapHost> StartAsync(
        bool offload = true,
        Action<IServiceCollection>? configureServices = null,
        Action<IServiceCollection>? configureAfter = null)
    {
        WebApplicationBuilder builder = WebApplication.CreateBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Services.AddSoapCore();
        configureServices?.Invoke(builder.Services);
        if (offload)
        {
            builder.Services.AddBurstOffloadForSoapCore();
        }
        else
        {
            // The same scheduler for the service to report on, but SoapCore's invoker left alone.
            builder.Services.AddBurstOffload();
        }

        configureAfter?.Invoke(builder.Services);
        builder.Services.AddSingleton<ProbeService>();
        builder.Services.AddSingleton<IProbeService>(provider => provider.GetRequiredService<ProbeService>());

        WebApplication app = builder.Build();
        app.Use(async (context, next) =>
        {
            RequestFlow.Marker.Value = FlowedMarker;
            CultureInfo.CurrentCulture = CultureInfo.GetCultureInfo(FlowedCulture);
            await next(context);
        });

        // On IApplicationBuilder: on WebApplication the call is ambiguous with the IEndpointRouteBuilder overload.
        ((IApplicationBuilder)app).UseSoapEndpoint<IProbeService>(options =>
        {
            options.Path = Path;
            options.EncoderOptions = [new SoapEncoderOptions()];
            options.SoapSerializer = SoapSerializer.DataContractSerializer;
        });

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
