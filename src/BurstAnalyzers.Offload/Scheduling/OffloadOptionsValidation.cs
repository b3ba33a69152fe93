using System;
using System.Threading;

namespace BurstAnalyzers.Offload;

/// <summary>The one place that says which <see cref="OffloadOptions"/> are usable.</summary>
internal static class OffloadOptionsValidation
{
    /// <summary>Returns why the options cannot be used, or null when they can.</summary>
    public static string? FindError(OffloadOptions options)
    {
        if (options.MaxThreads < 1)
        {
            return $"OffloadOptions.MaxThreads must be at least 1 (was {options.MaxThreads}).";
        }

        TimeSpan idle = options.IdleTimeout;
        bool usable = idle == Timeout.InfiniteTimeSpan || (idle > TimeSpan.Zero && idle.TotalMilliseconds <= int.MaxValue);
        return usable ? null : $"OffloadOptions.IdleTimeout must be positive and at most {int.MaxValue} ms, or Timeout.InfiniteTimeSpan (was {idle}).";
    }
}
