using BurstDemo.Infrastructure;

namespace BurstDemo.Burst;

/// <summary>
/// Sends GET /ping every 200 ms from a dedicated thread while a burst runs: the fast async endpoint shows that
/// starvation delays every request, not only the blocking ones. A ping slower than 200 ms delays the next one.
/// </summary>
internal sealed class PingProbe
{
    public static readonly TimeSpan Interval = TimeSpan.FromMilliseconds(200);
    private readonly List<RequestRecord> _pings = new();
    private readonly ManualResetEventSlim _stop = new();
    private readonly Thread _thread;

    public PingProbe(Uri ping, TimeSpan timeout, Barrier release)
    {
        // Bounded even if nobody stops it: as many pings as fit in the burst's longest possible run.
        var maxPings = (int)((timeout + TimeSpan.FromMinutes(1)) / Interval);
        _thread = new Thread(() => Run(ping, timeout, release, maxPings)) { IsBackground = true, Name = "ping probe" };
        _thread.Start();
    }

    /// <summary>Stops after the ping in flight and returns every ping recorded.</summary>
    public IReadOnlyList<RequestRecord> Stop(TimeSpan wait)
    {
        _stop.Set();
        _thread.Join(wait);
        lock (_pings)
        {
            return _pings.ToArray();
        }
    }

    private void Run(Uri ping, TimeSpan timeout, Barrier release, int maxPings)
    {
        using var client = new OneConnectionClient(timeout);
        if (!release.SignalAndWait(BurstRunner.ReadyTimeout))
        {
            return;
        }

        var next = MonotonicClock.NowMs;
        for (var i = 0; i < maxPings && !_stop.IsSet; i++)
        {
            var record = client.Get(ping);
            lock (_pings)
            {
                _pings.Add(record);
            }

            next = Math.Max(next + Interval.TotalMilliseconds, MonotonicClock.NowMs);
            var wait = next - MonotonicClock.NowMs;
            if (wait > 0 && _stop.Wait(TimeSpan.FromMilliseconds(wait)))
            {
                break;
            }
        }
    }
}
