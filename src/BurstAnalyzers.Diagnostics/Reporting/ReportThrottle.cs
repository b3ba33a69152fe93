using System;
using System.Collections.Generic;
using System.Diagnostics;

namespace BurstAnalyzers.Diagnostics.Reporting;

/// <summary>
/// Lets a report through once per interval per key (endpoint and call site) and counts what it held back, so a burst
/// of a thousand identical waits produces one log entry, not a thousand. Bounded: past the limit it forgets every key.
/// </summary>
internal sealed class ReportThrottle
{
    private readonly Dictionary<string, Entry> _entries = new(StringComparer.Ordinal);
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
            if (_entries.TryGetValue(key, out Entry entry) && Stopwatch.GetElapsedTime(entry.LastReported, now) < _interval)
            {
                _entries[key] = entry with { HeldBack = entry.HeldBack + 1 };
                heldBack = 0;
                return false;
            }

            if (_entries.Count >= _maxKeys)
            {
                _entries.Clear();
            }

            heldBack = entry.HeldBack;
            _entries[key] = new Entry(now, 0);
            return true;
        }
    }

    private readonly record struct Entry(long LastReported, int HeldBack);
}
