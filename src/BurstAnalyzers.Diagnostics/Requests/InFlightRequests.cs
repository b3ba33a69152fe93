using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics;
using System.Threading;

namespace BurstAnalyzers.Diagnostics.Requests;

/// <summary>
/// The requests in flight. Adding and removing is all a request pays; grouping by endpoint happens only when a report
/// is written, which is rare. The endpoint is resolved then, because it is not known yet when the request enters.
/// </summary>
internal sealed class InFlightRequests
{
    private readonly ConcurrentDictionary<InFlightRequest, byte> _requests = new(ReferenceEqualityComparer.Instance);
    private bool _attributeWaits;

    public int Count => _requests.Count;

    /// <summary>
    /// True while call sites are captured: only then do requests mark their execution context, so a wait can be
    /// attributed to its request. A value in an AsyncLocal makes every await of the request save and restore an
    /// execution context it would not have otherwise, which is the larger part of what tracking costs a request.
    /// </summary>
    public bool AttributeWaits
    {
        get => Volatile.Read(ref _attributeWaits);
        set => Volatile.Write(ref _attributeWaits, value);
    }

    public void Add(InFlightRequest request) => _requests.TryAdd(request, 0);

    public void Remove(InFlightRequest request) => _requests.TryRemove(request, out _);

    /// <summary>Requests in flight grouped by endpoint, the longest-waiting group first, at most <paramref name="max"/>.</summary>
    public List<EndpointInFlight> ByEndpoint(int max)
    {
        long now = Stopwatch.GetTimestamp();
        var groups = new Dictionary<string, EndpointInFlight>();
        foreach (InFlightRequest request in _requests.Keys)
        {
            if (request.DescribeEndpoint() is not { } endpoint)
            {
                continue;
            }

            double age = Stopwatch.GetElapsedTime(request.StartTimestamp, now).TotalSeconds;
            groups[endpoint] = groups.TryGetValue(endpoint, out EndpointInFlight group)
                ? group with { Requests = group.Requests + 1, OldestSeconds = System.Math.Max(group.OldestSeconds, age) }
                : new EndpointInFlight(endpoint, 1, age);
        }

        var ordered = new List<EndpointInFlight>(groups.Values);
        // Blocked requests pile up and age: count times age puts the endpoint that holds the most thread-seconds first.
        ordered.Sort((a, b) => (b.Requests * b.OldestSeconds).CompareTo(a.Requests * a.OldestSeconds));
        if (ordered.Count > max)
        {
            ordered.RemoveRange(max, ordered.Count - max);
        }

        return ordered;
    }
}
