namespace BurstAnalyzers.Diagnostics.Requests;

/// <summary>An endpoint's requests in flight at the time of a report.</summary>
internal readonly record struct EndpointInFlight(string Endpoint, int Requests, double OldestSeconds)
{
    public override string ToString() => $"{Endpoint}: {Requests} in flight, oldest {OldestSeconds:0.0} s";
}
