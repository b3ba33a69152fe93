namespace BurstAnalyzers.FactsFiles;

/// <summary>When a library member the build's scan found blocking blocks (docs/library-facts.md, Conditions). Every
/// condition is reported: under a burst it holds for every request at once; the message says which.</summary>
internal enum ScanCondition
{
    /// <summary>On the call's ordinary path.</summary>
    EveryCall,

    /// <summary>Only through the library's exception handlers: a retry's backoff, a cleanup before rethrowing.</summary>
    AfterFailure,

    /// <summary>Only where a lookup missed or a lazily built field was still unset: a first call or a cache miss.</summary>
    OnMiss,

    /// <summary>Only once a cached value's time has passed (a token's expiry), or on a first call: a refresh.</summary>
    OnRefresh,

    /// <summary>Only while another thread holds a lock the library takes (a semaphore used as a mutex).</summary>
    WhenContended,
}
