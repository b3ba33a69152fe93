using System;

namespace BurstAnalyzers.Diagnostics.Tests.Infrastructure;

/// <summary>Settings for the tests where the queue-delay probe is the only starvation signal.</summary>
internal static class ProbeOnly
{
    /// <summary>
    /// The probe's threshold in those tests. Under a burst every pool thread sleeps, and the probe waits for the next
    /// thread the runtime injects (one every 0.5–1 s) behind whatever requests got queued before it; with few ahead of
    /// it, its wait stayed just under the default 1 s now and then on a loaded CI machine, and no report came. The
    /// signal is what these tests check, not the default threshold (StarvationTests runs with the default).
    /// </summary>
    public static readonly TimeSpan Threshold = TimeSpan.FromMilliseconds(400);
}
