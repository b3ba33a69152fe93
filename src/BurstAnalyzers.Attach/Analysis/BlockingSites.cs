using System;
using System.Collections.Generic;
using System.Linq;

namespace BurstAnalyzers.Attach.Analysis;

/// <summary>
/// Every distinct blocking call site seen, with its waits added up. Bounded whatever the event volume: at most
/// <see cref="MaxSites"/> sites (waits at further sites are counted, not kept) and <see cref="MaxEndpointsPerSite"/>
/// endpoints per site.
/// </summary>
internal sealed class BlockingSites
{
    public const int MaxSites = 500;
    public const int MaxEndpointsPerSite = 20;
    public const string OtherEndpoints = "(other endpoints)";

    private readonly object _gate = new();
    private readonly Dictionary<string, SiteTotals> _sites = new(StringComparer.Ordinal);

    public long WaitsNotKept { get; private set; }

    public void Add(CallSite site, string endpoint, double milliseconds, bool duringStarvation)
    {
        lock (_gate)
        {
            if (!_sites.TryGetValue(site.Key, out SiteTotals? totals))
            {
                if (_sites.Count >= MaxSites)
                {
                    WaitsNotKept++;
                    return;
                }

                totals = new SiteTotals(site);
                _sites[site.Key] = totals;
            }

            totals.Add(endpoint, milliseconds, duringStarvation);
        }
    }

    public int Count
    {
        get
        {
            lock (_gate)
            {
                return _sites.Count;
            }
        }
    }

    /// <summary>The sites, most blocked time first; copies, safe to read while waits keep arriving.</summary>
    public IReadOnlyList<SiteTotals> Snapshot()
    {
        lock (_gate)
        {
            return _sites.Values.Select(s => s.Copy()).OrderByDescending(s => s.TotalMilliseconds).ToArray();
        }
    }
}

/// <summary>One call site's waits: how many, how long in total and at most, during starvation, and by endpoint.</summary>
internal sealed class SiteTotals(CallSite site)
{
    private readonly Dictionary<string, int> _endpoints = new(StringComparer.Ordinal);

    public CallSite Site { get; } = site;

    public int Waits { get; private set; }

    public int WaitsDuringStarvation { get; private set; }

    public double TotalMilliseconds { get; private set; }

    public double LongestMilliseconds { get; private set; }

    /// <summary>Endpoints whose requests blocked here, most waits first.</summary>
    public IReadOnlyList<KeyValuePair<string, int>> Endpoints =>
        _endpoints.OrderByDescending(e => e.Value).ThenBy(e => e.Key, StringComparer.Ordinal).ToArray();

    public void Add(string endpoint, double milliseconds, bool duringStarvation)
    {
        Waits++;
        WaitsDuringStarvation += duringStarvation ? 1 : 0;
        TotalMilliseconds += milliseconds;
        LongestMilliseconds = Math.Max(LongestMilliseconds, milliseconds);
        string key = _endpoints.ContainsKey(endpoint) || _endpoints.Count < BlockingSites.MaxEndpointsPerSite ? endpoint : BlockingSites.OtherEndpoints;
        _endpoints[key] = _endpoints.TryGetValue(key, out int count) ? count + 1 : 1;
    }

    public SiteTotals Copy()
    {
        var copy = new SiteTotals(Site)
        {
            Waits = Waits,
            WaitsDuringStarvation = WaitsDuringStarvation,
            TotalMilliseconds = TotalMilliseconds,
            LongestMilliseconds = LongestMilliseconds,
        };
        foreach (var (endpoint, count) in _endpoints)
        {
            copy._endpoints[endpoint] = count;
        }

        return copy;
    }
}
