namespace BurstAnalyzers.Attach.Analysis;

/// <summary>Names and rules of each <see cref="WaitKind"/>.</summary>
internal static class WaitKinds
{
    public static string Describe(WaitKind kind) => kind switch
    {
        WaitKind.Task => "task wait",
        WaitKind.Monitor => "Monitor.Wait",
        WaitKind.ManualResetEventSlim => "ManualResetEventSlim.Wait",
        WaitKind.SemaphoreSlim => "SemaphoreSlim.Wait",
        WaitKind.WaitHandle => "wait handle",
        WaitKind.LockContention => "lock contention",
        _ => "wait",
    };

    /// <summary>The analyzer rule that reports such a call in a handler's own code, or null when none does.</summary>
    public static string? Rule(WaitKind kind) => kind switch
    {
        WaitKind.Task => "BURST002",
        WaitKind.Monitor or WaitKind.ManualResetEventSlim or WaitKind.SemaphoreSlim or WaitKind.WaitHandle => "BURST004",
        _ => null,
    };

    /// <summary>The fix for a call in the application's own code.</summary>
    public static string Fix(WaitKind kind) => kind switch
    {
        WaitKind.Task => "await the task instead (the BURST002 code fix makes the handler async)",
        WaitKind.SemaphoreSlim => "await SemaphoreSlim.WaitAsync (the BURST004 code fix)",
        WaitKind.Monitor or WaitKind.ManualResetEventSlim or WaitKind.WaitHandle =>
            "wait on an async signal (SemaphoreSlim.WaitAsync, TaskCompletionSource), or put [OffloadBlocking] on the endpoint",
        WaitKind.LockContention =>
            "hold the lock for less time (no I/O or waits inside it), or use SemaphoreSlim.WaitAsync as an async lock",
        _ => "make the wait asynchronous, or put [OffloadBlocking] on the endpoint",
    };
}
