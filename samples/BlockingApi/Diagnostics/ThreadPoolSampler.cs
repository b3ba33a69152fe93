namespace BlockingApi.Diagnostics;

/// <summary>
/// Prints the thread pool's state every 100 ms from a dedicated thread — not a pool thread, so it keeps sampling while
/// the pool is starved. The burst demo reads these lines from the server's standard output.
/// </summary>
public static class ThreadPoolSampler
{
    public static void Start()
    {
        var started = Environment.TickCount64;
        var thread = new Thread(() =>
        {
            while (true)
            {
                Console.WriteLine(FormattableString.Invariant(
                    $"[pool] t={Environment.TickCount64 - started} threads={ThreadPool.ThreadCount} pending={ThreadPool.PendingWorkItemCount}"));
                Thread.Sleep(100);
            }
        })
        {
            IsBackground = true,
            Name = "thread-pool sampler",
        };
        thread.Start();
    }
}
