using System;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.Options;

/// <summary>
/// The MSBuild properties the package makes visible to the compiler for cross-project chains (build/BurstAnalyzers.props):
/// whether they are on (<c>&lt;BurstAnalyzersCrossProjectChains&gt;false&lt;/…&gt;</c> switches them off), and whether this
/// compilation is a class library's real build, the one that exports its chains (OutputType Library, as the SDK sets it
/// for every class library; not an executable, which no project references, and not an IDE's design-time build, where
/// referencing projects read the library's source instead).
/// </summary>
internal static class CrossProjectChainsSettings
{
    private const string EnabledKey = "build_property.BurstAnalyzersCrossProjectChains";

    public static bool IsEnabled(AnalyzerConfigOptions global)
        => !(global.TryGetValue(EnabledKey, out var enabled) && string.Equals(enabled.Trim(), "false", StringComparison.OrdinalIgnoreCase));

    public static bool ExportsChains(AnalyzerConfigOptions global)
    {
        var designTime = global.TryGetValue("build_property.DesignTimeBuild", out var value) && string.Equals(value.Trim(), "true", StringComparison.OrdinalIgnoreCase);
        // Only when the package's build file says so: without it (no build, or the analyzers without the package's
        // props) nobody would carry the notes anywhere.
        var library = global.TryGetValue("build_property.OutputType", out var outputType)
            && string.Equals(outputType.Trim(), "Library", StringComparison.OrdinalIgnoreCase);
        return IsEnabled(global) && !designTime && library;
    }
}
