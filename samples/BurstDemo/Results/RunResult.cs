using BurstDemo.Burst;
using BurstDemo.Server;

namespace BurstDemo.Results;

/// <summary>One scenario against one variant: its statistics and the raw series, times relative to the release.</summary>
internal sealed record RunResult(
    string Scenario,
    string Variant,
    string Path,
    int OperationDelayMs,
    int Requests,
    RunStats Stats,
    IReadOnlyList<RequestRecord> RequestSeries,
    IReadOnlyList<RequestRecord> PingSeries,
    IReadOnlyList<PoolSample> PoolSeries)
{
    public static RunResult From(Scenario scenario, string variant, BurstResult burst, IReadOnlyList<PoolSample> pool)
    {
        var zero = burst.ReleasedAtMs;
        var requests = burst.Requests.Select(r => r with { StartMs = r.StartMs - zero }).ToArray();
        var pings = burst.Pings.Select(p => p with { StartMs = p.StartMs - zero }).ToArray();
        // The sampler ran since the server started: keep the burst and a second either side of it.
        var end = requests.Max(r => r.EndMs);
        var samples = pool.Select(s => s with { AtMs = s.AtMs - zero }).Where(s => s.AtMs >= -1000 && s.AtMs <= end + 1000).ToArray();
        return new RunResult(
            scenario.Name, variant, scenario.PathAndQuery, scenario.OperationDelayMs, requests.Length,
            RunStats.From(requests, pings, samples), requests, pings, samples);
    }
}
