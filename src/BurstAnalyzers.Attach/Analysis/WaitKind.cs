namespace BurstAnalyzers.Attach.Analysis;

/// <summary>What a thread was blocked in, as far as the runtime's events and the stack tell.</summary>
internal enum WaitKind
{
    /// <summary>A synchronous wait on an unfinished task (<c>.Result</c>, <c>.Wait()</c>, <c>GetAwaiter().GetResult()</c>).</summary>
    Task,

    /// <summary><c>Monitor.Wait</c>.</summary>
    Monitor,

    /// <summary><c>ManualResetEventSlim.Wait</c> (and what waits through it: <c>CountdownEvent</c>, <c>Barrier</c>).</summary>
    ManualResetEventSlim,

    /// <summary><c>SemaphoreSlim.Wait</c> that blocked.</summary>
    SemaphoreSlim,

    /// <summary><c>WaitHandle.WaitOne/WaitAny/WaitAll</c> on an event, mutex or semaphore.</summary>
    WaitHandle,

    /// <summary>A contended <c>lock</c> (<c>Monitor.Enter</c>).</summary>
    LockContention,

    /// <summary>The runtime reported a wait the stack does not explain.</summary>
    Other,
}
