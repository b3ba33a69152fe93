using System;
using System.IO;
using System.Linq;
using System.Xml.Linq;
using BurstAnalyzers.Options;
using BurstAnalyzers.Tests.Infrastructure;
using Xunit;

namespace BurstAnalyzers.Tests.Packaging;

/// <summary>
/// The contract between the package's build files and the analyzers (issue 34): the MSBuild properties the build files
/// make visible to the compiler are exactly the ones src/BurstAnalyzers/Options/BuildProperties.cs names, so a property
/// renamed on one side and not the other fails here instead of silently reading nothing.
/// </summary>
public class BuildPropertyContractTests
{
    private static readonly string BuildFolder = Path.Combine(RepoLayout.Root, "src", "BurstAnalyzers.Package", "build");

    [Fact]
    public void TheBuildFilesMakeVisibleExactlyThePropertiesTheAnalyzersRead()
    {
        var declared = Directory.EnumerateFiles(BuildFolder, "*.*")
            .Where(path => path.EndsWith(".props", StringComparison.Ordinal) || path.EndsWith(".targets", StringComparison.Ordinal))
            .SelectMany(path => XDocument.Load(path).Descendants("CompilerVisibleProperty"))
            .Select(item => (string?)item.Attribute("Include"))
            .OrderBy(name => name, StringComparer.Ordinal);

        Assert.Equal(BuildProperties.CompilerVisible.OrderBy(name => name, StringComparer.Ordinal), declared);
    }

    [Fact]
    public void WhetherABuildExportsChains_IsDecidedInTheBuildFileOnly()
    {
        // The analyzers read the answer (_BurstAnalyzersExportsChains), never the inputs it is made of.
        var chains = XDocument.Load(Path.Combine(BuildFolder, "BurstAnalyzers.Chains.targets"));
        var decision = Assert.Single(chains.Descendants("PropertyGroup").Elements(BuildProperties.ExportsChains));
        Assert.Contains("'$(OutputType)' == '' or '$(OutputType)' == 'Library'", (string?)decision.Attribute("Condition"), StringComparison.Ordinal);
        Assert.Contains("'$(DesignTimeBuild)' != 'true'", (string?)decision.Attribute("Condition"), StringComparison.Ordinal);

        foreach (var source in Directory.EnumerateFiles(Path.Combine(RepoLayout.Root, "src", "BurstAnalyzers"), "*.cs", SearchOption.AllDirectories))
        {
            var text = File.ReadAllText(source);
            Assert.DoesNotContain("build_property.OutputType", text, StringComparison.Ordinal);
            Assert.DoesNotContain("build_property.DesignTimeBuild", text, StringComparison.Ordinal);
            if (!source.EndsWith(Path.Combine("Options", "BuildProperties.cs"), StringComparison.Ordinal))
            {
                Assert.DoesNotContain("\"build_property.", text, StringComparison.Ordinal);
            }
        }
    }
}
