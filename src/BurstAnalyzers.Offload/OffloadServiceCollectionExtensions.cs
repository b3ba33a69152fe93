using System;
using System.Diagnostics.Metrics;
using Microsoft.AspNetCore.SignalR;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Options;

namespace BurstAnalyzers.Offload;

/// <summary>Registers the offload scheduler.</summary>
public static class OffloadServiceCollectionExtensions
{
    /// <summary>
    /// Registers the <see cref="OffloadScheduler"/> (a singleton, disposed with the application's services) that
    /// <see cref="OffloadBlockingAttribute"/> and the minimal API offloading filter run handlers on, and the SignalR hub
    /// filter that honours the attribute on hub methods. Options are validated at startup.
    /// </summary>
    /// <param name="services">The application's services.</param>
    /// <param name="configure">Changes the defaults of <see cref="OffloadOptions"/>.</param>
    /// <returns>The services, for chaining.</returns>
    public static IServiceCollection AddBurstOffload(this IServiceCollection services, Action<OffloadOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(services);

        OptionsBuilder<OffloadOptions> options = services.AddOptions<OffloadOptions>();
        if (configure is not null)
        {
            options.Configure(configure);
        }

        // The validator's own sentences, every unusable option with its value, not one fixed message.
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IValidateOptions<OffloadOptions>, OptionsValidator>());
        options.ValidateOnStart();

        services.AddMetrics();
        services.TryAddSingleton(provider => new OffloadScheduler(
            provider.GetRequiredService<IOptions<OffloadOptions>>().Value,
            provider.GetService<IMeterFactory>()));
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IConfigureOptions<HubOptions>, OffloadHubOptionsSetup>());
        return services;
    }

    private sealed class OptionsValidator : IValidateOptions<OffloadOptions>
    {
        public ValidateOptionsResult Validate(string? name, OffloadOptions options) =>
            OffloadOptionsValidation.FindErrors(options) is { Count: > 0 } errors ? ValidateOptionsResult.Fail(errors) : ValidateOptionsResult.Success;
    }

    /// <summary>Adds the offloading hub filter to every hub; harmless when the application has no SignalR.</summary>
    private sealed class OffloadHubOptionsSetup : IConfigureOptions<HubOptions>
    {
        public void Configure(HubOptions options) => options.AddFilter<OffloadBlockingHubFilter>();
    }
}
