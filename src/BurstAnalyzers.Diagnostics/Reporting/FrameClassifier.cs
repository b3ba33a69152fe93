using System;

namespace BurstAnalyzers.Diagnostics.Reporting;

/// <summary>
/// Which frames of a blocking wait's stack are framework frames — skipped when naming the call site, the outermost of
/// them before the first code frame being the blocking call — and which are code (the application's or a library's).
/// One rule for the detector and burst-attach: this file is compiled into both.
/// </summary>
/// <remarks>
/// Decided by the assembly that holds the method, never by its namespace: any library may declare types in
/// <c>System.*</c> or <c>Microsoft.*</c> namespaces (extension methods in
/// <c>Microsoft.Extensions.DependencyInjection</c> are the convention), and the framework has types outside them
/// (<c>SizeLimitedStream</c> in Microsoft.AspNetCore.RequestDecompression, <c>Interop</c> in System.* assemblies). Its
/// simple name is all either side has: burst-attach reads a module name from the runtime's events.
/// </remarks>
internal static class FrameClassifier
{
    /// <summary>
    /// True for the runtime and Microsoft's libraries (assemblies named <c>System.*</c> or <c>Microsoft.*</c>, and the
    /// facades), for this repository's runtime packages, whose listener, middleware and offload plumbing are the same
    /// for every request, and for a frame no module claims (the runtime's native code). Names compare as assembly names
    /// do, ignoring case.
    /// </summary>
    /// <param name="assemblyName">The simple name of the method's assembly; null or empty when unknown.</param>
    public static bool IsFramework(string? assemblyName) =>
        string.IsNullOrEmpty(assemblyName)
        || IsNamed(assemblyName, "System") || StartsWith(assemblyName, "System.")
        || StartsWith(assemblyName, "Microsoft.")
        || IsNamed(assemblyName, "mscorlib") || IsNamed(assemblyName, "netstandard")
        // Exact names: an application or a library of another vendor may share the prefix.
        || IsNamed(assemblyName, "BurstAnalyzers.Diagnostics")
        || IsNamed(assemblyName, "BurstAnalyzers.Offload")
        || IsNamed(assemblyName, "BurstAnalyzers.Offload.SoapCore");

    private static bool IsNamed(string assemblyName, string name) => assemblyName.Equals(name, StringComparison.OrdinalIgnoreCase);

    private static bool StartsWith(string assemblyName, string prefix) => assemblyName.StartsWith(prefix, StringComparison.OrdinalIgnoreCase);
}
