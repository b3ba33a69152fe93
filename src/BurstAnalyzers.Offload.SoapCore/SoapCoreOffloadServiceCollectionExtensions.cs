using System;
using System.Diagnostics.CodeAnalysis;
using BurstAnalyzers.Offload.SoapCore;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using SoapCore;
using SoapCore.Extensibility;

namespace BurstAnalyzers.Offload;

/// <summary>Makes SoapCore honour <see cref="OffloadBlockingAttribute"/> on service operations.</summary>
public static class SoapCoreOffloadServiceCollectionExtensions
{
    /// <summary>
    /// Registers the offload scheduler (as <see cref="OffloadServiceCollectionExtensions.AddBurstOffload"/> does) and wraps
    /// SoapCore's <see cref="IOperationInvoker"/> — the one registered so far, or SoapCore's default — so operations marked
    /// with <see cref="OffloadBlockingAttribute"/> (on the contract method, the implementing method or the service class)
    /// run on the scheduler's dedicated threads. Other operations are invoked exactly as before.
    /// </summary>
    /// <remarks>
    /// Call it after registering a custom <see cref="IOperationInvoker"/>, if any: that invoker is the one wrapped. If an
    /// invoker registered later replaces the wrapper, the application fails at startup instead of silently not
    /// offloading. Queued work is canceled when its request is aborted if an <see cref="IHttpContextAccessor"/> is
    /// registered (<c>services.AddHttpContextAccessor()</c>).
    /// </remarks>
    /// <param name="services">The application's services.</param>
    /// <param name="configure">Changes the defaults of <see cref="OffloadOptions"/>.</param>
    /// <returns>The services, for chaining.</returns>
    public static IServiceCollection AddBurstOffloadForSoapCore(this IServiceCollection services, Action<OffloadOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(services);
        services.AddBurstOffload(configure);

        ServiceDescriptor? registered = FindInvoker(services);
        if (registered?.ImplementationFactory?.Target is InvokerWrapping)
        {
            return services; // already wrapped: a second call only changes options
        }

        if (registered is not null)
        {
            services.Remove(registered);
        }

        var wrapping = new InvokerWrapping(registered);
        services.Add(ServiceDescriptor.Describe(typeof(IOperationInvoker), wrapping.Create, registered?.Lifetime ?? ServiceLifetime.Singleton));
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IStartupFilter, OffloadInvokerStartupCheck>());
        return services;
    }

    /// <summary>The registration SoapCore resolves: the last non-keyed one.</summary>
    private static ServiceDescriptor? FindInvoker(IServiceCollection services)
    {
        for (int i = services.Count - 1; i >= 0; i--)
        {
            if (services[i].ServiceType == typeof(IOperationInvoker) && !services[i].IsKeyedService)
            {
                return services[i];
            }
        }

        return null;
    }

    /// <summary>Creates the wrapper around what the original registration would have created.</summary>
    private sealed class InvokerWrapping(ServiceDescriptor? original)
    {
        public OffloadOperationInvoker Create(IServiceProvider provider) => new(
            CreateOriginal(provider),
            provider.GetService<OffloadScheduler>() ?? throw new InvalidOperationException("The offload scheduler is not registered."),
            provider.GetService<IHttpContextAccessor>());

        [SuppressMessage("Reliability", "CA2000:Dispose objects before losing scope", Justification = "Owned by the wrapper for the container's lifetime, like the registration it replaces.")]
        private IOperationInvoker CreateOriginal(IServiceProvider provider) => original switch
        {
            null => new DefaultOperationInvoker(),
            { ImplementationInstance: IOperationInvoker instance } => instance,
            { ImplementationFactory: { } factory } => (IOperationInvoker)factory(provider),
            { ImplementationType: { } type } => (IOperationInvoker)ActivatorUtilities.CreateInstance(provider, type),
            _ => throw new InvalidOperationException($"The IOperationInvoker registration ({original}) cannot be wrapped."),
        };
    }
}
