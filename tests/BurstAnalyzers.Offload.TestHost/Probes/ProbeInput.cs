namespace BurstAnalyzers.Offload.TestHost.Probes;

/// <summary>A request body, to show handlers that bind one still start on the offload thread.</summary>
public sealed record ProbeInput(string Echo);
