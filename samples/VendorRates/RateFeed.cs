namespace Vendor.Rates;

/// <summary>
/// The vendor's streaming client: one connection, read by the vendor's own thread, and a synchronous Latest() that
/// sends a request and waits on a monitor until the reader hands over the reply — no task anywhere, so neither the
/// analyzer (a plain synchronous method of a DLL) nor the in-process detector (no task wait) can name the wait.
/// </summary>
public static class RateFeed
{
    private static readonly Queue<Reply> s_requests = new();
    private static readonly Thread s_reader = new(Read) { IsBackground = true, Name = "Vendor.Rates feed reader" };

    static RateFeed() => s_reader.Start();

    public static decimal Latest(string currency)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(currency);
        var reply = new Reply(currency, DateTime.UtcNow.AddSeconds(1));
        lock (s_requests)
        {
            s_requests.Enqueue(reply);
            Monitor.Pulse(s_requests);
        }

        lock (reply)
        {
            while (!reply.Done)
            {
                Monitor.Wait(reply);
            }
        }

        return reply.Rate;
    }

    // The vendor's connection: every reply arrives one second after its request (the rate service's latency).
    private static void Read()
    {
        var pending = new List<Reply>();
        while (true)
        {
            lock (s_requests)
            {
                while (s_requests.Count > 0)
                {
                    pending.Add(s_requests.Dequeue());
                }

                if (pending.Count == 0)
                {
                    Monitor.Wait(s_requests);
                    continue;
                }
            }

            Thread.Sleep(10);
            foreach (var reply in pending.Where(r => r.Due <= DateTime.UtcNow).ToArray())
            {
                pending.Remove(reply);
                lock (reply)
                {
                    reply.Rate = reply.Currency.Length / 3m;
                    reply.Done = true;
                    Monitor.PulseAll(reply);
                }
            }
        }
    }

    private sealed class Reply(string currency, DateTime due)
    {
        public string Currency { get; } = currency;

        public DateTime Due { get; } = due;

        public decimal Rate { get; set; }

        public bool Done { get; set; }
    }
}
