using System;
using System.Globalization;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using SoapCore;

namespace BurstAnalyzers.Offload.SoapCore.TestHost;

/// <summary>
/// <see cref="ProbeService"/> on SoapCore on Kestrel, 127.0.0.1 on a free port, set up the way the package's README says.
/// </summary>
public static class SoapTestApp
{
    public const string Path = "/probe.svc";

    /// <summary>What the app's middleware puts in <see cref="RequestFlow.Marker"/> before SoapCore runs.</summary>
    public const string FlowedMarker = "set by the request's middleware";

    /// <summary>The culture the app's middleware sets before SoapCore runs.</summary>
    public const string FlowedCulture = "fr-FR";

    /// <param name="args">Command-line arguments (configuration).</param>
    /// <param name="offload">Whether to call AddBurstOffloadForSoapCore; without it [OffloadBlocking] is inert.</param>
    /// <param name="configureServices">Runs before AddBurstOffloadForSoapCore (a custom invoker, say).</param>
    /// <param name="configureAfter">Runs after it.</param>
    /// <param name="depthLimit">Whether UseSoapDepthLimit guards the endpoint, as the README says it should.</param>
    public static WebApplication Create(
        string[] args,
        bool offload = true,
        Action<IServiceCollection>? configureServices = null,
        Action<IServiceCollection>? configureAfter = null,
        bool depthLimit = true)
    {
        WebApplicationBuilder builder = WebApplication.CreateBuilder(args);
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
            // The scheduler the service reports on, with SoapCore's invoker left alone.
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

        if (depthLimit)
        {
            app.UseSoapDepthLimit();
        }

        // On IApplicationBuilder: on WebApplication the call is ambiguous with the IEndpointRouteBuilder overload.
        ((IApplicationBuilder)app).UseSoapEndpoint<IProbeService>(options =>
        {
            options.Path = Path;
            options.EncoderOptions = [new SoapEncoderOptions()];
            options.SoapSerializer = SoapSerializer.DataContractSerializer;
        });
        return app;
    }
}
