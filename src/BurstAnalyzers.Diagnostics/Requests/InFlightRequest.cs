using System.Threading;
using Microsoft.AspNetCore.Http;

namespace BurstAnalyzers.Diagnostics.Requests;

/// <summary>
/// One request between entering and leaving the detector's middleware. Reports read it from other threads, so the
/// HttpContext is only touched under the lock and never after the request left (Kestrel reuses the context).
/// </summary>
internal sealed class InFlightRequest
{
    private static readonly AsyncLocal<InFlightRequest?> s_current = new();

    private readonly object _gate = new();
    private HttpContext? _context;

    public InFlightRequest(HttpContext context, long startTimestamp)
    {
        _context = context;
        StartTimestamp = startTimestamp;
    }

    /// <summary>The request whose execution context the calling thread runs in, if any.</summary>
    public static InFlightRequest? Current
    {
        get => s_current.Value;
        set => s_current.Value = value;
    }

    public long StartTimestamp { get; }

    /// <summary>The endpoint's display name (or method and path before routing chose one); null once it left.</summary>
    public string? DescribeEndpoint()
    {
        lock (_gate)
        {
            return _context is { } context ? EndpointName.Of(context) : null;
        }
    }

    /// <summary>The assembly of the endpoint's handler method, from the endpoint's metadata (minimal APIs, MVC).</summary>
    public System.Reflection.Assembly? HandlerAssembly()
    {
        lock (_gate)
        {
            return _context is { } context ? EndpointName.HandlerAssembly(context) : null;
        }
    }

    public void Leave()
    {
        lock (_gate)
        {
            _context = null;
        }
    }
}
