using System;
using System.Linq;
using Xunit;

namespace BurstAnalyzers.Tests.Packaging;

/// <summary>
/// packages.config projects (classic WCF/ASMX) get a package's analyzers only through tools/install.ps1, which Visual
/// Studio's Package Manager runs with the DTE project. No PowerShell or Visual Studio is on the test machine, so these
/// tests check what can be checked without them: the scripts are where NuGet looks, and they add (and remove) exactly the
/// analyzer assemblies the package carries, from the folder they are in.
/// </summary>
public class LegacyInstallScriptTests
{
    private const string AnalyzerFolder = "analyzers/dotnet/cs/";

    [Fact]
    public void InstallAddsEveryAnalyzerAssemblyOfTheCSharpFolder_AsAnAnalyzerReference()
    {
        using var package = PackageFile.Open("BurstAnalyzers");
        var script = package.ReadText("tools/install.ps1");

        Assert.StartsWith("param($installPath, $toolsPath, $package, $project)", FirstCodeLine(script), StringComparison.Ordinal);
        Assert.Contains("Join-Path (Join-Path (Join-Path $installPath \"analyzers\") \"dotnet\") \"cs\"", script, StringComparison.Ordinal);
        Assert.Contains("Get-ChildItem -Path (Join-Path $analyzersPath \"*.dll\")", script, StringComparison.Ordinal);
        Assert.Contains("$project.Object.AnalyzerReferences.Add($analyzer.FullName)", script, StringComparison.Ordinal);
        Assert.DoesNotContain("AnalyzerReferences.Remove", script, StringComparison.Ordinal);

        // What "*.dll" in that folder finds is exactly the two assemblies.
        Assert.Equal(
            new[] { AnalyzerFolder + "BurstAnalyzers.CodeFixes.dll", AnalyzerFolder + "BurstAnalyzers.dll" },
            package.Entries.Where(e => e.StartsWith(AnalyzerFolder, StringComparison.Ordinal)).OrderBy(e => e, StringComparer.Ordinal));
    }

    [Fact]
    public void UninstallRemovesWhatInstallAdded()
    {
        using var package = PackageFile.Open("BurstAnalyzers");
        var install = package.ReadText("tools/install.ps1");
        var uninstall = package.ReadText("tools/uninstall.ps1");

        Assert.StartsWith("param($installPath, $toolsPath, $package, $project)", FirstCodeLine(uninstall), StringComparison.Ordinal);
        Assert.Contains("$project.Object.AnalyzerReferences.Remove($analyzer.FullName)", uninstall, StringComparison.Ordinal);
        Assert.DoesNotContain("AnalyzerReferences.Add", uninstall, StringComparison.Ordinal);

        // The same files: both scripts compute the folder and the file pattern with the same lines.
        var selection = new[] { "$analyzersPath = ", "foreach ($analyzer in " };
        foreach (var start in selection)
        {
            Assert.Equal(Line(install, start), Line(uninstall, start));
        }
    }

    private static string FirstCodeLine(string script)
        => script.Split('\n').Select(l => l.Trim()).First(l => l.Length > 0 && !l.StartsWith('#'));

    private static string Line(string script, string start)
        => Assert.Single(script.Split('\n').Select(l => l.Trim()), l => l.StartsWith(start, StringComparison.Ordinal));
}
