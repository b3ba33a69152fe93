using System;
using Microsoft.Extensions.DependencyInjection;

namespace BurstAnalyzers.Offload;

/// <summary>Finds the application's scheduler, with an error that says what to do when there is none.</summary>
internal static class OffloadSchedulerLookup
{
    public static OffloadScheduler Require(IServiceProvider services) =>
        services.GetService<OffloadScheduler>()
        ?? throw new InvalidOperationException(
            "[OffloadBlocking] needs the offload scheduler: call services.AddBurstOffload() when configuring services.");
}
