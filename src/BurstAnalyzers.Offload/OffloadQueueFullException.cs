using System;

namespace BurstAnalyzers.Offload;

/// <summary>
/// The fault of the task <see cref="OffloadScheduler.RunAsync{TResult}"/> returns when every thread is busy and
/// <see cref="OffloadOptions.MaxQueueLength"/> items already wait: the work never ran. Offloaded ASP.NET Core handlers
/// answer it with 503 Service Unavailable and Retry-After, SoapCore operations with a SOAP fault, hub methods with a
/// <c>HubException</c>.
/// </summary>
public sealed class OffloadQueueFullException : Exception
{
    /// <summary>Creates the exception with a general message and a <see cref="RetryAfter"/> of one second.</summary>
    public OffloadQueueFullException()
        : this("The offload queue is full: the work was not run.")
    {
    }

    /// <summary>Creates the exception with a message and a <see cref="RetryAfter"/> of one second.</summary>
    /// <param name="message">What happened.</param>
    public OffloadQueueFullException(string message)
        : base(message)
    {
    }

    /// <summary>Creates the exception with a message, its cause and a <see cref="RetryAfter"/> of one second.</summary>
    /// <param name="message">What happened.</param>
    /// <param name="innerException">The cause.</param>
    public OffloadQueueFullException(string message, Exception innerException)
        : base(message, innerException)
    {
    }

    internal OffloadQueueFullException(int maxQueueLength, TimeSpan retryAfter)
        : base($"The offload queue is full ({maxQueueLength} work items wait for a thread): the work was not run; retry in {retryAfter.TotalSeconds:0} s.")
    {
        RetryAfter = retryAfter;
    }

    /// <summary>
    /// When the queue is likely to have room again, in whole seconds and at least one: the queue's length times the
    /// average time a work item ran, divided by the thread count. What Retry-After says.
    /// </summary>
    public TimeSpan RetryAfter { get; } = TimeSpan.FromSeconds(1);
}
