using System;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.Extensions.DependencyInjection;
using SoapCore.Extensibility;

namespace BurstAnalyzers.Offload.SoapCore;

/// <summary>
/// Fails the application's start when the <see cref="IOperationInvoker"/> SoapCore will resolve is not the offloading
/// one (an invoker registered after <c>AddBurstOffloadForSoapCore()</c> replaced it): [OffloadBlocking] would otherwise be
/// silently ignored and a burst would starve the pool the attribute claims to protect.
/// </summary>
internal sealed class OffloadInvokerStartupCheck : IStartupFilter
{
    public Action<IApplicationBuilder> Configure(Action<IApplicationBuilder> next) => app =>
    {
        using (IServiceScope scope = app.ApplicationServices.CreateScope())
        {
            IOperationInvoker? invoker = scope.ServiceProvider.GetService<IOperationInvoker>();
            if (invoker is not OffloadOperationInvoker)
            {
                throw new InvalidOperationException(
                    $"[OffloadBlocking] on SOAP operations needs the offloading operation invoker, but SoapCore would use {invoker?.GetType().FullName ?? "none"}: "
                    + "call services.AddBurstOffloadForSoapCore() after registering your own IOperationInvoker.");
            }
        }

        next(app);
    };
}
