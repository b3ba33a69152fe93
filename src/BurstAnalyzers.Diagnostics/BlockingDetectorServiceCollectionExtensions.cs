using System;
using System.Diagnostics.Metrics;
using BurstAnalyzers.Diagnostics.Reporting;
using BurstAnalyzers.Diagnostics.Requests;
using Microsoft.AspNetCore.Hosting;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;

namespace BurstAnalyzers.Diagnostics;

/// <summary>Registers the blocking detector.</summary>
public static class BlockingDetectorServiceCollectionExtensions
{
    /// <summary>
    /// Adds the run-time blocking detector: a middleware at the front of the pipeline keeps a table of the requests in
    /// flight; when the thread pool starves, the detector logs which endpoints had requests in flight, and it reports
    /// synchronous task waits on request threads with endpoint and call site (see docs/detector.md). Options are
    /// validated at start-up.
    /// </summary>
    /// <param name="services">The application's services.</param>
    /// <param name="configure">Changes the defaults of <see cref="BlockingDetectorOptions"/>.</param>
    /// <returns>The services, for chaining.</returns>
    public static IServiceCollection AddBurstBlockingDetector(this IServiceCollection services, Action<BlockingDetectorOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(services);

        OptionsBuilder<BlockingDetectorOptions> options = services.AddOptions<BlockingDetectorOptions>();
        if (configure is not null)
        {
            options.Configure(configure);
        }

        services.TryAddEnumerable(ServiceDescriptor.Singleton<IValidateOptions<BlockingDetectorOptions>, OptionsValidator>());
        options.ValidateOnStart();

        services.AddMetrics();
        services.TryAddSingleton<InFlightRequests>();
        services.TryAddSingleton(provider => new DetectorMetrics(provider.GetRequiredService<InFlightRequests>(), provider.GetService<IMeterFactory>()));
        services.TryAddSingleton<BlockingDetector>();
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IHostedService, BlockingDetectorHost>());
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IStartupFilter, RequestTrackingStartupFilter>());
        return services;
    }

    private sealed class OptionsValidator : IValidateOptions<BlockingDetectorOptions>
    {
        public ValidateOptionsResult Validate(string? name, BlockingDetectorOptions options) =>
            BlockingDetectorOptionsValidation.FindErrors(options) is { Count: > 0 } errors ? ValidateOptionsResult.Fail(errors) : ValidateOptionsResult.Success;
    }

    /// <summary>Starts the singleton detector with the host (a singleton so tests and diagnostics can reach it).</summary>
    private sealed class BlockingDetectorHost(BlockingDetector detector) : IHostedService
    {
        public System.Threading.Tasks.Task StartAsync(System.Threading.CancellationToken cancellationToken) => detector.StartAsync(cancellationToken);

        public System.Threading.Tasks.Task StopAsync(System.Threading.CancellationToken cancellationToken) => detector.StopAsync(cancellationToken);
    }
}
