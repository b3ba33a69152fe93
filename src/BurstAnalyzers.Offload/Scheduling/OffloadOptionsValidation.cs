using System;
using System.Collections.Generic;
using System.Threading;

namespace BurstAnalyzers.Offload;

/// <summary>The one place that says which <see cref="OffloadOptions"/> are usable.</summary>
internal static class OffloadOptionsValidation
{
    /// <summary>Why the options cannot be used, one sentence per unusable option naming it and its value; empty when
    /// they can.</summary>
    public static List<string> FindErrors(OffloadOptions options)
    {
        var errors = new List<string>();
        if (options.MaxThreads < 1)
        {
            errors.Add($"OffloadOptions.MaxThreads must be at least 1 (was {options.MaxThreads}).");
        }

        if (options.MaxQueueLength < 0)
        {
            errors.Add($"OffloadOptions.MaxQueueLength must be at least 0 (was {options.MaxQueueLength}).");
        }

        TimeSpan idle = options.IdleTimeout;
        if (!(idle == Timeout.InfiniteTimeSpan || (idle > TimeSpan.Zero && idle.TotalMilliseconds <= int.MaxValue)))
        {
            errors.Add($"OffloadOptions.IdleTimeout must be positive and at most {int.MaxValue} ms, or Timeout.InfiniteTimeSpan (was {idle}).");
        }

        return errors;
    }
}
