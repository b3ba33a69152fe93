using BurstDemo.Burst;
using BurstDemo.Server;

namespace BurstDemo.Results;

/// <summary>
/// The numbers of one burst. Total is from the first request's start to the last one's completion; percentiles are
/// nearest-rank over every request (failed ones included, with the time they took to fail); peak threads is the
/// server's thread-pool thread count at its highest between the release and the last completion.
/// </summary>
internal sealed record RunStats(
    double TotalMs,
    double P50Ms,
    double P90Ms,
    double P99Ms,
    double MaxMs,
    int Failures,
    int PeakPoolThreads,
    int PoolSamples,
    double? PingP99Ms,
    int Pings,
    double StartSpreadMs)
{
    public static RunStats From(IReadOnlyList<RequestRecord> requests, IReadOnlyList<RequestRecord> pings, IReadOnlyList<PoolSample> pool)
    {
        var latencies = requests.Select(r => r.LatencyMs).Order().ToArray();
        var firstStart = requests.Min(r => r.StartMs);
        var lastEnd = requests.Max(r => r.EndMs);
        var during = pool.Where(s => s.AtMs >= firstStart && s.AtMs <= lastEnd).ToArray();
        var pingLatencies = pings.Select(p => p.Succeeded ? p.LatencyMs : double.PositiveInfinity).Order().ToArray();
        return new RunStats(
            lastEnd - firstStart,
            Percentile(latencies, 0.50),
            Percentile(latencies, 0.90),
            Percentile(latencies, 0.99),
            latencies[^1],
            requests.Count(r => !r.Succeeded),
            during.Length > 0 ? during.Max(s => s.Threads) : 0,
            during.Length,
            pingLatencies.Length > 0 && !double.IsInfinity(Percentile(pingLatencies, 0.99)) ? Percentile(pingLatencies, 0.99) : null,
            pings.Count,
            requests.Max(r => r.StartMs) - firstStart);
    }

    /// <summary>Nearest rank: the smallest value with at least p of all values at or below it.</summary>
    public static double Percentile(double[] sorted, double p)
        => sorted[Math.Clamp((int)Math.Ceiling(p * sorted.Length) - 1, 0, sorted.Length - 1)];
}
