namespace BurstAnalyzers.DetectorOverhead;

/// <summary>What the server under test runs with.</summary>
internal enum Variant
{
    /// <summary>No detector.</summary>
    None,

    /// <summary>The detector with its defaults: the queue-delay probe; runtime events and call-site capture only during starvation.</summary>
    Detector,

    /// <summary>The detector listening to the runtime's thread-pool events all the time: the cost of the in-process EventPipe session.</summary>
    DetectorRuntimeEvents,

    /// <summary>The detector capturing call sites all the time: the cost of the task-event listener on every await.</summary>
    DetectorAlways,

    /// <summary>No detector in the server; burst-attach attached to it from this process: the cost of its two EventPipe sessions on the target.</summary>
    Attached,
}
