using System;
using BurstAnalyzers.Diagnostics.Reporting;

namespace BurstAnalyzers.Attach.Analysis;

/// <summary>
/// One symbolized frame of a wait's stack: the method as the runtime named it, its assembly, and where its metadata is
/// (file and token), so a library method can later be named by its documentation id.
/// </summary>
/// <param name="Method">Namespace-qualified type and method, without the parameter list.</param>
/// <param name="Assembly">The module's simple name; empty when the frame could not be symbolized.</param>
/// <param name="ModulePath">The module's file, if the runtime reported one.</param>
/// <param name="MethodToken">The method's metadata token; 0 for generated code or an unresolved frame.</param>
internal sealed record Frame(string Method, string Assembly, string? ModulePath, int MethodToken)
{
    /// <summary>The module the runtime names for code it generated (minimal API and MVC request delegates).</summary>
    public const string GeneratedModule = "Anonymously Hosted DynamicMethods Assembly";

    public bool IsResolved => Assembly.Length > 0;

    public bool IsGenerated => Assembly.Equals(GeneratedModule, StringComparison.OrdinalIgnoreCase) || Method.StartsWith("dynamicClass.", StringComparison.Ordinal);

    /// <summary>
    /// The runtime's and the framework's own code, and this repository's middleware and offload runtime: not where a fix
    /// goes. The detector's rule (<see cref="FrameClassifier"/>, linked).
    /// </summary>
    public bool IsFramework => FrameClassifier.IsFramework(Assembly);

    /// <summary>Code someone other than the framework wrote: the application's or a library's.</summary>
    public bool IsCode => !IsFramework && !IsGenerated;

    public override string ToString() => IsResolved ? Method : "(unresolved frame)";
}
