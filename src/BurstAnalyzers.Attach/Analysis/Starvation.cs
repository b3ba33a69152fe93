using System;
using System.Collections.Generic;
using System.Linq;

namespace BurstAnalyzers.Attach.Analysis;

/// <summary>
/// Starvation episodes, from the runtime's ThreadPoolWorkerThreadAdjustment events: the pool injects a thread with
/// reason Starvation when queued work has not started for about half a second, and CooperativeBlocking when its
/// threads are blocked waiting on tasks. An episode lasts from the first such signal until <see cref="QuietToEnd"/>
/// passes without one. The queue length and thread count come from the runtime's counters, once a second.
/// </summary>
internal sealed class Starvation
{
    public static readonly TimeSpan QuietToEnd = TimeSpan.FromSeconds(5);
    private const int MaxEpisodes = 100;

    private readonly object _gate = new();
    private readonly List<Episode> _episodes = [];

    public double QueueLength { get; private set; }

    public double ThreadCount { get; private set; }

    public int EpisodesDropped { get; private set; }

    public Episode? Current
    {
        get
        {
            lock (_gate)
            {
                return _episodes.Count > 0 && _episodes[^1].End is null ? _episodes[^1] : null;
            }
        }
    }

    /// <summary>A pool adjustment; only the starvation reasons start or extend an episode.</summary>
    /// <returns>The episode, when this signal began it.</returns>
    public Episode? Adjusted(string reason, int threads, DateTime at)
    {
        if (reason is not ("Starvation" or "CooperativeBlocking"))
        {
            return null;
        }

        lock (_gate)
        {
            Close(at);
            Episode? begun = null;
            if (_episodes.Count == 0 || _episodes[^1].End is not null)
            {
                if (_episodes.Count == MaxEpisodes)
                {
                    _episodes.RemoveAt(0);
                    EpisodesDropped++;
                }

                begun = new Episode(at);
                _episodes.Add(begun);
            }

            Episode episode = _episodes[^1];
            episode.Signal(reason, threads, at, QueueLength);
            return begun;
        }
    }

    public void Counters(double? queueLength, double? threadCount)
    {
        lock (_gate)
        {
            QueueLength = queueLength ?? QueueLength;
            ThreadCount = threadCount ?? ThreadCount;
            if (_episodes.Count > 0 && _episodes[^1].End is null)
            {
                _episodes[^1].Observed(QueueLength, (int)ThreadCount);
            }
        }
    }

    /// <summary>Ends the current episode if it has been quiet long enough.</summary>
    /// <returns>The episode that ended now, if any.</returns>
    public Episode? Close(DateTime now, bool final = false)
    {
        lock (_gate)
        {
            if (_episodes.Count > 0 && _episodes[^1] is { End: null } episode && (final || now - episode.LastSignal >= QuietToEnd))
            {
                episode.End = final ? (now < episode.LastSignal ? episode.LastSignal : now) : episode.LastSignal;
                return episode;
            }

            return null;
        }
    }

    /// <summary>Whether a wait from <paramref name="start"/> to <paramref name="stop"/> overlapped an episode.</summary>
    public bool During(DateTime start, DateTime stop)
    {
        lock (_gate)
        {
            return _episodes.Any(e => e.Start <= stop && (e.End is not { } end || end + QuietToEnd >= start));
        }
    }

    /// <summary>Merges a look at the requests in flight into the current episode, if one lasts.</summary>
    public void InFlight(IReadOnlyList<(string Endpoint, int Count, DateTime Oldest)> inFlight, DateTime now)
    {
        lock (_gate)
        {
            if (_episodes.Count > 0 && _episodes[^1].End is null)
            {
                _episodes[^1].InFlight(inFlight, now);
            }
        }
    }

    public IReadOnlyList<Episode> Episodes()
    {
        lock (_gate)
        {
            return _episodes.ToArray();
        }
    }
}

/// <summary>One starvation episode: when, how the pool reacted, how long work queued, who was in flight.</summary>
internal sealed class Episode(DateTime start)
{
    private readonly Dictionary<string, int> _signals = new(StringComparer.Ordinal);
    private readonly Dictionary<string, (int MostInFlight, TimeSpan OldestAge)> _endpoints = new(StringComparer.Ordinal);

    public DateTime Start { get; } = start;

    public DateTime LastSignal { get; private set; } = start;

    public DateTime? End { get; set; }

    public int MostThreads { get; private set; }

    public double LongestQueue { get; private set; }

    public IReadOnlyDictionary<string, int> Signals => _signals;

    /// <summary>Endpoints in flight while it lasted, most requests at once first.</summary>
    public IReadOnlyList<(string Endpoint, int MostInFlight, TimeSpan OldestAge)> Endpoints
    {
        get
        {
            lock (_endpoints)
            {
                return _endpoints.Select(e => (e.Key, e.Value.MostInFlight, e.Value.OldestAge))
                    .OrderByDescending(e => e.Item2).ThenBy(e => e.Key, StringComparer.Ordinal).ToArray();
            }
        }
    }

    public void Signal(string reason, int threads, DateTime at, double queue)
    {
        _signals[reason] = _signals.TryGetValue(reason, out int n) ? n + 1 : 1;
        LastSignal = at > LastSignal ? at : LastSignal;
        Observed(queue, threads);
    }

    public void Observed(double queue, int threads)
    {
        LongestQueue = Math.Max(LongestQueue, queue);
        MostThreads = Math.Max(MostThreads, threads);
    }

    /// <summary>Merges a look at the requests in flight (taken while the episode lasts); bounded at 100 endpoints.</summary>
    internal void InFlight(IReadOnlyList<(string Endpoint, int Count, DateTime Oldest)> inFlight, DateTime now)
    {
        lock (_endpoints)
        {
            Merge(inFlight, now);
        }
    }

    private void Merge(IReadOnlyList<(string Endpoint, int Count, DateTime Oldest)> inFlight, DateTime now)
    {
        foreach (var (endpoint, count, oldest) in inFlight)
        {
            if (!_endpoints.TryGetValue(endpoint, out var seen) && _endpoints.Count >= 100)
            {
                continue;
            }

            _endpoints[endpoint] = (Math.Max(seen.MostInFlight, count), Max(seen.OldestAge, now - oldest));
        }
    }

    private static TimeSpan Max(TimeSpan a, TimeSpan b) => a > b ? a : b;
}
