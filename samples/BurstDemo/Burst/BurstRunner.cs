using BurstDemo.Infrastructure;

namespace BurstDemo.Burst;

/// <summary>
/// Releases N simultaneous requests together: N dedicated client threads (not pool threads), each with its own
/// client (a one-connection HttpClient, or an opened WCF channel), wait on a barrier and are released at once; each
/// sends one synchronous request. The /ping probe is released with them. Reports progress (completed, time since the release, whether final) about once a second.
/// </summary>
internal static class BurstRunner
{
    /// <summary>How long the barrier waits for every thread to be ready (creating a client does no I/O).</summary>
    public static readonly TimeSpan ReadyTimeout = TimeSpan.FromSeconds(60);

    public static BurstResult Run(Uri baseAddress, BurstClients clients, int count, TimeSpan requestTimeout, Action<int, TimeSpan, bool> progress)
    {
        var records = new RequestRecord?[count];
        var completed = 0;
        using var release = new Barrier(count + 2); // the clients, the ping probe, and this thread
        var threads = new Thread[count];
        for (var i = 0; i < count; i++)
        {
            var index = i;
            threads[i] = new Thread(() =>
            {
                using var client = Open(clients, out var failure);
                records[index] = release.SignalAndWait(ReadyTimeout)
                    ? client?.Send() ?? failure!
                    : new RequestRecord(MonotonicClock.NowMs, 0, 0, "never released: the barrier timed out");
                Interlocked.Increment(ref completed);
            })
            {
                IsBackground = true,
                Name = $"burst client {i}",
            };
            threads[i].Start();
        }

        var probe = new PingProbe(new Uri(baseAddress, "/ping"), requestTimeout, release);
        if (!release.SignalAndWait(ReadyTimeout))
        {
            throw new DemoFailure($"The {count} client threads were not ready within {ReadyTimeout.TotalSeconds:0} s.");
        }

        var releasedAt = MonotonicClock.NowMs;
        // Every request ends by its own timeout; the margin covers connecting and reading the body.
        var deadline = releasedAt + (requestTimeout + TimeSpan.FromSeconds(60)).TotalMilliseconds;
        var lastReport = releasedAt;
        while (Volatile.Read(ref completed) < count && MonotonicClock.NowMs < deadline)
        {
            Thread.Sleep(100);
            if (MonotonicClock.NowMs - lastReport >= 1000 && Volatile.Read(ref completed) < count)
            {
                lastReport = MonotonicClock.NowMs;
                progress(Volatile.Read(ref completed), TimeSpan.FromMilliseconds(lastReport - releasedAt), false);
            }
        }

        var lastEnd = records.Max(r => r?.EndMs ?? MonotonicClock.NowMs);
        progress(Volatile.Read(ref completed), TimeSpan.FromMilliseconds(lastEnd - releasedAt), true);
        var pings = probe.Stop(requestTimeout);
        foreach (var thread in threads)
        {
            thread.Join(TimeSpan.FromMilliseconds(Math.Max(0, deadline - MonotonicClock.NowMs)));
        }

        var requests = records
            .Select(r => r ?? new RequestRecord(releasedAt, deadline - releasedAt, 0, "did not finish before the burst's deadline"))
            .ToArray();
        return new BurstResult(releasedAt, requests, pings);
    }

    /// <summary>Opens a client; a client that cannot even connect is recorded as a failed request, not a crashed thread.</summary>
    private static IBurstClient? Open(BurstClients clients, out RequestRecord? failure)
    {
        try
        {
            failure = null;
            return clients.Open();
        }
        catch (Exception e) when (e is System.ServiceModel.CommunicationException or TimeoutException or HttpRequestException)
        {
            failure = new RequestRecord(MonotonicClock.NowMs, 0, 0, $"could not open the client: {e.GetType().Name}: {e.Message}");
            return null;
        }
    }
}
