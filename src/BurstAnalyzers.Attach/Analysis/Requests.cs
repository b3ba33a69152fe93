using System;
using System.Collections.Generic;
using System.Linq;

namespace BurstAnalyzers.Attach.Analysis;

/// <summary>
/// The requests the server's events announce (Kestrel's RequestStart/RequestStop, with the request's id, method and
/// path): which are in flight, per endpoint, and which request each pool thread began last. A handler that blocks
/// synchronously blocks on the thread that began its request, so a wait on thread T at time t belongs to the last
/// request begun on T before t, unless T ended a request in between. A wait after an <c>await</c> in the handler runs
/// on another thread; it is attributed to "(unknown request)" unless that thread began the request itself. Everything
/// is bounded: at most <see cref="MaxInFlight"/> requests and <see cref="HistoryPerThread"/> entries per thread.
/// </summary>
internal sealed class Requests
{
    public const string Unknown = "(unknown request)";
    private const int MaxInFlight = 100_000;
    private const int MaxThreads = 10_000;
    private const int HistoryPerThread = 16;

    private readonly object _gate = new();
    private readonly Dictionary<string, (string Endpoint, DateTime Started)> _inFlight = new(StringComparer.Ordinal);
    private readonly Dictionary<int, Queue<(long At, string? Endpoint)>> _byThread = [];

    public long Started { get; private set; }

    public long Untracked { get; private set; }

    public void Start(string requestId, string method, string path, int threadId, DateTime at, long timestamp)
    {
        string endpoint = EndpointName.Of(method, path);
        lock (_gate)
        {
            Started++;
            if (_inFlight.Count < MaxInFlight)
            {
                _inFlight[requestId] = (endpoint, at);
            }
            else
            {
                Untracked++;
            }

            Remember(threadId, timestamp, endpoint);
        }
    }

    public void Stop(string requestId, int threadId, long timestamp)
    {
        lock (_gate)
        {
            _inFlight.Remove(requestId);
            Remember(threadId, timestamp, null);
        }
    }

    /// <summary>The request the thread was running at <paramref name="timestamp"/>, as far as the events say.</summary>
    public string EndpointAt(int threadId, long timestamp)
    {
        lock (_gate)
        {
            string? endpoint = null;
            if (_byThread.TryGetValue(threadId, out var history))
            {
                foreach (var (when, name) in history)
                {
                    if (when > timestamp)
                    {
                        break;
                    }

                    endpoint = name;
                }
            }

            return endpoint ?? Unknown;
        }
    }

    /// <summary>Requests in flight now, per endpoint: how many and since when the oldest.</summary>
    public IReadOnlyList<(string Endpoint, int Count, DateTime Oldest)> InFlight()
    {
        lock (_gate)
        {
            return _inFlight.Values
                .GroupBy(r => r.Endpoint, StringComparer.Ordinal)
                .Select(g => (g.Key, g.Count(), g.Min(r => r.Started)))
                .OrderByDescending(e => e.Item2)
                .ToArray();
        }
    }

    private void Remember(int threadId, long timestamp, string? endpoint)
    {
        if (!_byThread.TryGetValue(threadId, out var history))
        {
            if (_byThread.Count >= MaxThreads)
            {
                _byThread.Clear();
            }

            history = new Queue<(long, string?)>(HistoryPerThread);
            _byThread[threadId] = history;
        }

        if (history.Count == HistoryPerThread)
        {
            history.Dequeue();
        }

        history.Enqueue((timestamp, endpoint));
    }
}
