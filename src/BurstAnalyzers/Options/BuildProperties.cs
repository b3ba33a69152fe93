using System;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.Options;

/// <summary>
/// The MSBuild properties the package's build files make visible to the compiler (<c>CompilerVisibleProperty</c> in
/// src/BurstAnalyzers.Package/build/), the contract between those files and the analyzers: each decided once, in
/// MSBuild, and read here by name. A test checks that the build files declare exactly <see cref="CompilerVisible"/>.
/// </summary>
internal static class BuildProperties
{
    /// <summary><c>false</c> switches cross-project chains off (the marker, the export, the reading).</summary>
    public const string CrossProjectChains = "BurstAnalyzersCrossProjectChains";

    /// <summary><c>true</c> in a class library's real build with chains on: the one build that exports its chains
    /// (BURST904). Decided by build/BurstAnalyzers.targets from OutputType and DesignTimeBuild.</summary>
    public const string ExportsChains = "_BurstAnalyzersExportsChains";

    /// <summary>The assembly names of the project's project references, comma-separated.</summary>
    public const string ProjectReferences = "BurstAnalyzersProjectReferences";

    /// <summary>The baseline action of this build (use, update, check, off).</summary>
    public const string Baseline = "BurstAnalyzersBaseline";

    /// <summary><c>true</c> when the compiler runs the Web SDK's MVC analyzers (MVC1000 reports <c>Html.Partial</c>).
    /// Decided by build/BurstAnalyzers.targets from the project's analyzer references.</summary>
    public const string MvcAnalyzers = "_BurstAnalyzersMvcAnalyzers";

    /// <summary><c>true</c> for a library that ships as a package (packed on build, or with package metadata), <c>false</c>
    /// for any other library: whether the async fixes keep its public API by default
    /// (<see cref="PublicApiPolicy"/>). Decided by build/BurstAnalyzers.targets.</summary>
    public const string ShipsAsPackage = "_BurstAnalyzersShipsAsPackage";

    public static readonly ImmutableArray<string> CompilerVisible = ImmutableArray.Create(CrossProjectChains, ExportsChains, ProjectReferences, Baseline, MvcAnalyzers, ShipsAsPackage);

    private const string Prefix = "build_property.";

    /// <summary>The property's value as the build passed it, trimmed; null when it did not (an editor, no package).</summary>
    public static string? Read(AnalyzerConfigOptions global, string name)
        => global.TryGetValue(Prefix + name, out var value) ? value.Trim() : null;

    /// <summary>Whether the property's value is <paramref name="expected"/>, ignoring case (MSBuild's own comparison).</summary>
    public static bool Is(AnalyzerConfigOptions global, string name, string expected)
        => string.Equals(Read(global, name), expected, StringComparison.OrdinalIgnoreCase);
}
