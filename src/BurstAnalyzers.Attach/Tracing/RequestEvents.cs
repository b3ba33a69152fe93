using System;
using System.Collections.Generic;
using System.Threading;
using BurstAnalyzers.Attach.Analysis;
using Microsoft.Diagnostics.Tracing;

// TimeStampQPC is "discouraged" in favour of per-session relative times; across two sessions only the raw clock agrees.
#pragma warning disable CS0618

namespace BurstAnalyzers.Attach.Tracing;

/// <summary>The request session's events: Kestrel's requests, and the runtime's thread-pool counters.</summary>
internal sealed class RequestEvents(Requests requests, Starvation starvation)
{
    private long _readUpTo;

    public bool SawServer { get; private set; }

    /// <summary>The raw timestamp of the latest event read (the runtime's counters bring one a second even when idle).</summary>
    public long ReadUpTo => Interlocked.Read(ref _readUpTo);

    public void Subscribe(EventPipeEventSource source) => source.Dynamic.All += Read;

    private void Read(TraceEvent e)
    {
        if (e.TimeStampQPC > _readUpTo)
        {
            Interlocked.Exchange(ref _readUpTo, e.TimeStampQPC);
        }

        if (e.ProviderName == RuntimeProviders.Kestrel)
        {
            if (e.EventName == "Request/Start" && e.PayloadByName("requestId") is string id)
            {
                SawServer = true;
                requests.Start(id, e.PayloadByName("method") as string ?? "?", e.PayloadByName("path") as string ?? "?", e.ThreadID, e.TimeStamp, e.TimeStampQPC);
            }
            else if (e.EventName == "Request/Stop" && e.PayloadByName("requestId") is string stopped)
            {
                requests.Stop(stopped, e.ThreadID, e.TimeStampQPC);
            }
        }
        else if (e.EventName == "EventCounters"
            && e.PayloadValue(0) is IDictionary<string, object> outer
            && outer.TryGetValue("Payload", out object? inner)
            && inner is IDictionary<string, object> counter
            && counter.TryGetValue("Name", out object? name))
        {
            double? value = counter.TryGetValue("Mean", out object? mean) ? Convert.ToDouble(mean, System.Globalization.CultureInfo.InvariantCulture) : null;
            switch (name as string)
            {
                case "threadpool-queue-length":
                    starvation.Counters(value, null);
                    break;
                case "threadpool-thread-count":
                    starvation.Counters(null, value);
                    break;
            }
        }
    }
}
