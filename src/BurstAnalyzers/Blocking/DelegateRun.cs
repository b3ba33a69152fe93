namespace BurstAnalyzers.Blocking;

/// <summary>Where the code of a lambda passed to a call runs, as far as blocking is concerned.</summary>
internal enum DelegateRun
{
    /// <summary>Unknown or later (a callback, an event handler, a timer): not the caller's code.</summary>
    Elsewhere,

    /// <summary>On another thread-pool thread, queued by the call (Task.Run, TaskFactory.StartNew, ThreadPool.QueueUserWorkItem):
    /// blocking there holds one more pool thread per request.</summary>
    OnPool,

    /// <summary>On the caller's thread, during the call or while its result is enumerated (LINQ to objects, List.ForEach,
    /// ConcurrentDictionary.GetOrAdd, IMemoryCache.GetOrCreate).</summary>
    InPlace,
}
