using BurstAnalyzers.Options;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.CrossProject;

/// <summary>
/// What the package's build file says about cross-project chains (<see cref="BuildProperties"/>): whether they are on
/// (<c>&lt;BurstAnalyzersCrossProjectChains&gt;false&lt;/…&gt;</c> switches them off), and whether this compilation is the
/// build that exports them. That second answer is MSBuild's alone (a class library's real build: an executable has
/// no project above it, and an IDE's design-time build is not where referencing projects look); without the package's
/// build file nobody would carry the notes anywhere, so nothing is exported.
/// </summary>
internal static class CrossProjectSettings
{
    public static bool IsEnabled(AnalyzerConfigOptions global) => !BuildProperties.Is(global, BuildProperties.CrossProjectChains, "false");

    public static bool ExportsChains(AnalyzerConfigOptions global) => BuildProperties.Is(global, BuildProperties.ExportsChains, "true");
}
