using System.Collections.Generic;
using System.Security;
using System.Text;
using BurstAnalyzers.Accuracy.Corpus;

namespace BurstAnalyzers.Accuracy.Building;

/// <summary>
/// The MSBuild file every corpus project imports: the analyzer packages (all tools in one build: analyzers do not see
/// each other), the global config that turns the measured rules on, the package source with the freshly packed
/// BurstAnalyzers, a SARIF log per project (where BURST005's related locations name the blocking call), and the
/// entry's package changes.
/// </summary>
public static class CorpusTargets
{
    public static string Create(CorpusEntry entry, IEnumerable<Tool> tools, string packagesDirectory, string globalConfig, string sarifDirectory)
        => Create(entry, tools, packagesDirectory, globalConfig, sarifDirectory, runAnalyzers: true);

    /// <summary>
    /// The same retargeting with no analyzer at all (<paramref name="runAnalyzers"/> false, <paramref name="tools"/>
    /// empty): --compile-only checks a new project restores and compiles here before it is labelled, without any
    /// tool having looked at it.
    /// </summary>
    public static string Create(CorpusEntry entry, IEnumerable<Tool> tools, string packagesDirectory, string globalConfig, string sarifDirectory, bool runAnalyzers)
    {
        var text = new StringBuilder();
        text.AppendLine("<Project>");
        text.AppendLine("  <PropertyGroup>");
        text.AppendLine($"    <RestoreAdditionalProjectSources>{Escape(packagesDirectory)}</RestoreAdditionalProjectSources>");
        text.AppendLine("    <TreatWarningsAsErrors>false</TreatWarningsAsErrors>");
        text.AppendLine("    <WarningsAsErrors></WarningsAsErrors>");
        text.AppendLine($"    <RunAnalyzers>{(runAnalyzers ? "true" : "false")}</RunAnalyzers>");
        if (runAnalyzers)
        {
            text.AppendLine($"    <ErrorLog>{Escape(sarifDirectory)}/$(MSBuildProjectName).sarif,version=2.1</ErrorLog>");
        }

        text.AppendLine("  </PropertyGroup>");
        text.AppendLine("  <ItemGroup>");
        if (runAnalyzers)
        {
            text.AppendLine($"    <GlobalAnalyzerConfigFiles Include=\"{Escape(globalConfig)}\" />");
        }

        foreach (var tool in tools)
        {
            if (tool.Package is { } package)
            {
                text.AppendLine($"    <PackageReference Include=\"{package}\" Version=\"{tool.Version}\" PrivateAssets=\"all\" Condition=\"'$(ManagePackageVersionsCentrally)' != 'true'\" />");
                text.AppendLine($"    <PackageReference Include=\"{package}\" VersionOverride=\"{tool.Version}\" PrivateAssets=\"all\" Condition=\"'$(ManagePackageVersionsCentrally)' == 'true'\" />");
            }
        }

        foreach (var (package, version) in entry.Packages)
        {
            text.AppendLine($"    <PackageReference Update=\"{package}\" Version=\"{version}\" Condition=\"'$(ManagePackageVersionsCentrally)' != 'true'\" />");
            text.AppendLine($"    <PackageVersion Update=\"{package}\" Version=\"{version}\" Condition=\"'$(ManagePackageVersionsCentrally)' == 'true'\" />");
        }

        foreach (var (package, version) in entry.AddPackages)
        {
            text.AppendLine($"    <PackageReference Include=\"{package}\" Version=\"{version}\" Condition=\"'$(ManagePackageVersionsCentrally)' != 'true'\" />");
            text.AppendLine($"    <PackageReference Include=\"{package}\" VersionOverride=\"{version}\" Condition=\"'$(ManagePackageVersionsCentrally)' == 'true'\" />");
        }

        foreach (var framework in entry.FrameworkReferences)
        {
            text.AppendLine($"    <FrameworkReference Include=\"{framework}\" Condition=\"'$(UsingMicrosoftNETSdkWeb)' != 'true'\" />");
        }

        // Per-project CLI tools (DotNetCliToolReference) were retired with .NET Core 3.0: restore now fails on them, and
        // none is needed to compile.
        text.AppendLine("    <DotNetCliToolReference Remove=\"@(DotNetCliToolReference)\" />");
        foreach (var package in entry.RemovePackages)
        {
            text.AppendLine($"    <PackageReference Remove=\"{package}\" />");
        }

        text.AppendLine("  </ItemGroup>");
        text.AppendLine("</Project>");
        return text.ToString();
    }

    private static string Escape(string value) => SecurityElement.Escape(value) ?? value;
}
