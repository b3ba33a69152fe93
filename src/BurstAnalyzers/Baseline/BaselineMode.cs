using BurstAnalyzers.Options;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.Baseline;

/// <summary>
/// The MSBuild property BurstAnalyzersBaseline, as the package's build files make it visible to the analyzers. Only
/// "update" changes what the analyzers do (every finding is being recorded, so none fails the build); "check" and
/// "off" are handled by the build files alone. The IDE never sets it.
/// </summary>
internal static class BaselineMode
{
    public const string Update = "update";

    public static bool IsUpdate(AnalyzerConfigOptionsProvider options) => BuildProperties.Is(options.GlobalOptions, BuildProperties.Baseline, Update);
}
