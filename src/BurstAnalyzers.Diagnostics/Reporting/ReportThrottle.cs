using System;
using System.Collections.Generic;
using System.Diagnostics;

namespace BurstAnalyzers.Diagnostics.Reporting;

/// <summary>
/// Lets a report through once per interval per key (endpoint and call site) and counts what it held back, so a burst
/// of a thousand identical waits produces one log entry, not a thousand. Bounded: past the limit it forgets the key
/// seen least recently, so the sites that keep blocking stay de-duplicated however many others come and go.
/// </summary>
internal sealed class ReportThrottle
{
    private readonly Dictionary<string, LinkedListNode<Entry>> _entries = new(StringComparer.Ordinal);

    // Least recently seen first: what the limit forgets.
    private readonly LinkedList<Entry> _recency = new();
    private readonly TimeSpan _interval;
    private readonly int _maxKeys;

    public ReportThrottle(TimeSpan interval, int maxKeys)
    {
        _interval = interval;
        _maxKeys = maxKeys;
    }

    /// <summary>True when <paramref name="key"/> should be reported now; <paramref name="heldBack"/> says how many were not since.</summary>
    public bool Allow(string key, out int heldBack)
    {
        long now = Stopwatch.GetTimestamp();
        lock (_entries)
        {
            if (_entries.TryGetValue(key, out LinkedListNode<Entry>? node))
            {
                _recency.Remove(node);
                _recency.AddLast(node);
                Entry entry = node.Value;
                if (Stopwatch.GetElapsedTime(entry.LastReported, now) < _interval)
                {
                    node.Value = entry with { HeldBack = entry.HeldBack + 1 };
                    heldBack = 0;
                    return false;
                }

                heldBack = entry.HeldBack;
                node.Value = entry with { LastReported = now, HeldBack = 0 };
                return true;
            }

            if (_entries.Count >= _maxKeys)
            {
                _entries.Remove(_recency.First!.Value.Key);
                _recency.RemoveFirst();
            }

            _entries[key] = _recency.AddLast(new Entry(key, now, 0));
            heldBack = 0;
            return true;
        }
    }

    /// <summary>Keys remembered now (at most the limit).</summary>
    public int Count
    {
        get
        {
            lock (_entries)
            {
                return _entries.Count;
            }
        }
    }

    private readonly record struct Entry(string Key, long LastReported, int HeldBack);
}
