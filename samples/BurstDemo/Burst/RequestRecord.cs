namespace BurstDemo.Burst;

/// <summary>
/// One request of a burst, or one /ping: when it started (ms on the demo's clock), how long it took until its whole
/// response was read, its HTTP status (0 when none came) and the error, if any.
/// </summary>
internal sealed record RequestRecord(double StartMs, double LatencyMs, int Status, string? Error)
{
    public bool Succeeded => Error is null && Status is >= 200 and < 300;

    public double EndMs => StartMs + LatencyMs;
}

/// <summary>Everything a burst recorded, on the demo's clock.</summary>
internal sealed record BurstResult(double ReleasedAtMs, IReadOnlyList<RequestRecord> Requests, IReadOnlyList<RequestRecord> Pings);
