namespace BurstAnalyzers.Diagnostics.Reporting;

/// <summary>Whose code made a blocking call; decides the advice in a report.</summary>
internal enum CallSiteOrigin
{
    /// <summary>The application's own code: the analyzer can see it, and its code fix applies.</summary>
    Application,

    /// <summary>Another assembly (a package, an SDK): the analyzer cannot see into it; offloading applies.</summary>
    Library,

    /// <summary>No application or library frame is left: framework code, or frames the JIT inlined away.</summary>
    Unknown,

    /// <summary>
    /// The innermost frame left did not wait itself: a method the JIT inlined into it did (an optimized build keeps no
    /// frame for it), the application's or a library's.
    /// </summary>
    Inlined,
}
