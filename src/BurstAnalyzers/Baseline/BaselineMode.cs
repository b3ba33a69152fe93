using System;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.Baseline;

/// <summary>
/// The MSBuild property BurstAnalyzersBaseline, as the package's build files make it visible to the analyzers. Only
/// "update" changes what the analyzers do (every finding is being recorded, so none fails the build); "check" and
/// "off" are handled by the build files alone. The IDE never sets it.
/// </summary>
internal static class BaselineMode
{
    public const string PropertyName = "BurstAnalyzersBaseline";

    public const string Update = "update";

    public static bool IsUpdate(AnalyzerConfigOptionsProvider options)
        => options.GlobalOptions.TryGetValue("build_property." + PropertyName, out var value)
            && string.Equals(value.Trim(), Update, StringComparison.OrdinalIgnoreCase);
}
