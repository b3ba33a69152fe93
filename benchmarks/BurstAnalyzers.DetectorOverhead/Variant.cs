namespace BurstAnalyzers.DetectorOverhead;

/// <summary>What the server under test runs with.</summary>
internal enum Variant
{
    /// <summary>No detector.</summary>
    None,

    /// <summary>The detector with its defaults (call-site capture only during starvation).</summary>
    Detector,

    /// <summary>The detector capturing call sites all the time: the cost of the task-event listener on every await.</summary>
    DetectorAlways,
}
