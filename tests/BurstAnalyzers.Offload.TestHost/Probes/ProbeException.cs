using System;

namespace BurstAnalyzers.Offload.TestHost.Probes;

/// <summary>Thrown by handlers to show that exceptions reach the pipeline unchanged.</summary>
public sealed class ProbeException(string message) : Exception(message);
