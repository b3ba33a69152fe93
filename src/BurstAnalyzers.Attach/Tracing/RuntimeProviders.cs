using System.Collections.Generic;
using System.Diagnostics.Tracing;
using Microsoft.Diagnostics.NETCore.Client;

namespace BurstAnalyzers.Attach.Tracing;

/// <summary>
/// The two EventPipe sessions the tool opens in the target. Waits need stacks, so they have a session of their own;
/// the per-request server events and the counters do not, and a session without stack walks keeps them cheap.
/// </summary>
internal static class RuntimeProviders
{
    public const string Runtime = "Microsoft-Windows-DotNETRuntime";
    public const string Kestrel = "Microsoft-AspNetCore-Server-Kestrel";
    public const string SystemRuntime = "System.Runtime";

    // Keywords of the runtime's provider (ClrEtwKeywords).
    private const long Loader = 0x8;            // module loads: which file a frame's method is in
    private const long Jit = 0x10;              // methods compiled while attached (and re-compiled by tiering)
    private const long Contention = 0x4000;     // lock contention start/stop
    private const long Threading = 0x10000;     // thread-pool adjustments, with their reason
    private const long WaitHandle = 0x40000000000; // .NET 9+: WaitHandleWaitStart/Stop (wait handles, Monitor.Wait, task waits)

    /// <summary>
    /// Waits with stacks, the pool's adjustments, and the method loads that symbolize the stacks. Verbose because the
    /// wait-handle and method-load events are; the threading keyword's verbose events are I/O-completion events of
    /// Windows' pool and a periodic count, few.
    /// </summary>
    public static IReadOnlyList<EventPipeProvider> Waits { get; } =
    [
        new EventPipeProvider(Runtime, EventLevel.Verbose, Loader | Jit | Contention | Threading | WaitHandle),
    ];

    /// <summary>Kestrel's request start/stop (id, method, path, thread) and the runtime's counters once a second.</summary>
    public static IReadOnlyList<EventPipeProvider> Requests { get; } =
    [
        new EventPipeProvider(Kestrel, EventLevel.Informational),
        new EventPipeProvider(SystemRuntime, EventLevel.Informational, -1, new Dictionary<string, string> { ["EventCounterIntervalSec"] = "1" }),
    ];
}
