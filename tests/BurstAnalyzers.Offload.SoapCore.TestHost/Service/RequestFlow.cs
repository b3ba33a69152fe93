using System.Threading;

namespace BurstAnalyzers.Offload.SoapCore.TestHost;

/// <summary>An AsyncLocal the host's middleware sets per request (from a header) before SoapCore runs.</summary>
public static class RequestFlow
{
    public const string Header = "X-Flow-Marker";

    public static readonly AsyncLocal<string?> Marker = new();
}
