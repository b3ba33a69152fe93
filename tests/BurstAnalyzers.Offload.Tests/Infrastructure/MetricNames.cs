namespace BurstAnalyzers.Offload.Tests.Infrastructure;

/// <summary>The instrument names docs/offload.md promises; tests use them as a user's dashboard would.</summary>
internal static class MetricNames
{
    public const string ThreadCount = "burst.offload.thread.count";
    public const string Running = "burst.offload.work_item.running";
    public const string QueueLength = "burst.offload.queue.length";
    public const string Queued = "burst.offload.work_item.queued";
    public const string Rejected = "burst.offload.work_item.rejected";
    public const string Completed = "burst.offload.work_item.completed";
    public const string ThreadsStarted = "burst.offload.thread.started";
    public const string QueueWaitTime = "burst.offload.queue.wait_time";
}
