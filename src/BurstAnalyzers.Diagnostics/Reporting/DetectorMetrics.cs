using System;
using System.Collections.Generic;
using System.Diagnostics.Metrics;
using BurstAnalyzers.Diagnostics.Requests;
using BurstAnalyzers.Offload;

// Measurements reach listeners synchronously, here on request threads: a faulty listener must not fail the request.
#pragma warning disable CA1031

namespace BurstAnalyzers.Diagnostics.Reporting;

/// <summary>
/// The detector's instruments, on the same meter as the offload scheduler (<see cref="OffloadScheduler.MeterName"/>),
/// so <c>dotnet-counters monitor --counters BurstAnalyzers.Offload</c> shows blocking next to the offloading that cures it.
/// </summary>
internal sealed class DetectorMetrics : IDisposable
{
    /// <summary>Time request threads spent in synchronous task waits past the threshold, per endpoint.</summary>
    public const string BlockedTime = "burst.detector.blocked_time";

    /// <summary>Starvation episodes (a total).</summary>
    public const string StarvationEpisodes = "burst.detector.starvation.episodes";

    /// <summary>Requests in the in-flight table now.</summary>
    public const string RequestsInFlight = "burst.detector.request.in_flight";

    /// <summary>Tag naming the endpoint, as the detector's logs do.</summary>
    public const string EndpointTag = "burst.endpoint";

    private readonly Meter _meter;
    private readonly bool _ownsMeter;
    private readonly Histogram<double> _blockedTime;
    private readonly Counter<long> _episodes;

    public DetectorMetrics(InFlightRequests requests, IMeterFactory? meterFactory)
    {
        _ownsMeter = meterFactory is null;
        _meter = meterFactory?.Create(OffloadScheduler.MeterName) ?? new Meter(OffloadScheduler.MeterName);
        _blockedTime = _meter.CreateHistogram<double>(BlockedTime, "s", "Time request threads spent blocked in synchronous task waits longer than the detector's threshold.");
        _episodes = _meter.CreateCounter<long>(StarvationEpisodes, "{episode}", "Thread pool starvation episodes seen by the blocking detector.");
        _meter.CreateObservableUpDownCounter(RequestsInFlight, () => requests.Count, "{request}", "Requests in flight in the blocking detector's table.");
    }

    public void Blocked(TimeSpan duration, string endpoint)
    {
        try
        {
            _blockedTime.Record(duration.TotalSeconds, new KeyValuePair<string, object?>(EndpointTag, endpoint));
        }
        catch (Exception)
        {
        }
    }

    public void StarvationEpisode()
    {
        try
        {
            _episodes.Add(1);
        }
        catch (Exception)
        {
        }
    }

    public void Dispose()
    {
        if (_ownsMeter)
        {
            _meter.Dispose();
        }
    }
}
