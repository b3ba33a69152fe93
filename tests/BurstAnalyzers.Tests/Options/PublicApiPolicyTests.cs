using System.Collections.Immutable;
using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.Handlers;
using BurstAnalyzers.Options;
using BurstAnalyzers.Rules;
using BurstAnalyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;

namespace BurstAnalyzers.Tests.Options;

/// <summary>
/// Which library members the async fixes keep (issue 35): set in a file's options, <c>keep</c> or <c>change</c>
/// decides; unset, the build's <c>_BurstAnalyzersShipsAsPackage</c> does — a packaged library keeps its public API, any
/// other library of the solution lets the chain be converted, whatever it references; with neither (no build told the
/// analyzer), a library that references a request framework is taken for an application's, any other keeps. (Outside Rules/: it reads internals, which the Roslyn 4.8 test
/// project does not see; Rules/Burst005/LibraryPublicApiFixerTests.cs checks the fix end to end.)
/// </summary>
public class PublicApiPolicyTests
{
    private const string Library = """
        namespace Acme.Data
        {
            public class Repository
            {
                public string Load() => "";
                internal string LoadInternal() => "";
                protected string LoadProtected() => "";
            }

            internal class Hidden
            {
                public string Load() => "";
            }
        }
        """;

    [Theory]
    [InlineData("Load", OutputKind.DynamicallyLinkedLibrary, false, null, null, true)]
    [InlineData("Load", OutputKind.DynamicallyLinkedLibrary, false, null, "true", true)]
    [InlineData("Load", OutputKind.DynamicallyLinkedLibrary, false, null, "false", false)]
    [InlineData("Load", OutputKind.DynamicallyLinkedLibrary, true, null, "false", false)]
    [InlineData("Load", OutputKind.DynamicallyLinkedLibrary, true, null, null, false)]
    [InlineData("Load", OutputKind.DynamicallyLinkedLibrary, true, null, "true", true)]
    [InlineData("Load", OutputKind.DynamicallyLinkedLibrary, false, "keep", "false", true)]
    [InlineData("LoadProtected", OutputKind.DynamicallyLinkedLibrary, false, null, "true", true)]
    [InlineData("Load", OutputKind.DynamicallyLinkedLibrary, false, "change", "true", false)]
    [InlineData("Load", OutputKind.DynamicallyLinkedLibrary, false, "Change", null, false)]
    [InlineData("Load", OutputKind.DynamicallyLinkedLibrary, false, "rename", "false", true)]
    [InlineData("LoadInternal", OutputKind.DynamicallyLinkedLibrary, false, null, "true", false)]
    [InlineData("Load", OutputKind.ConsoleApplication, false, null, null, false)]
    public void PublicMembersOfPackagedLibrariesKeepTheirNameAndSignature(string method, OutputKind kind, bool webProject, string? option, string? shipsAsPackage, bool keep)
    {
        var references = webProject ? ReferenceSets.Default : ReferenceSets.BclOnly;
        var source = kind == OutputKind.ConsoleApplication ? Library + "\npublic static class Program { public static void Main() { } }" : Library;
        var compilation = CSharpCompilation.Create("Acme.Data", new[] { CSharpSyntaxTree.ParseText(source) }, references, new CSharpCompilationOptions(kind));
        var symbol = compilation.GetTypeByMetadataName("Acme.Data.Repository")!.GetMembers(method).OfType<IMethodSymbol>().Single();
        var options = new FixedAnalyzerConfigOptions(
            option is null ? "root = true" : $"root = true\n[*.cs]\nburst_analyzers.public_api_in_libraries = {option}",
            "/src/Repository.cs",
            shipsAsPackage is null ? "" : $"is_global = true\nbuild_property._BurstAnalyzersShipsAsPackage = {shipsAsPackage}\n");

        Assert.Equal(keep, PublicApiPolicy.MustKeep(symbol, compilation, options.GetOptions(compilation.SyntaxTrees[0]), options.GlobalOptions, new HandlerFrameworks(compilation, HandlerFrameworkSymbols.For(compilation)).AnyPresent));
    }

    [Fact]
    public void AMemberOfAnInternalTypeIsNotPublicApi()
    {
        var compilation = CSharpCompilation.Create("Acme.Data", new[] { CSharpSyntaxTree.ParseText(Library) }, ReferenceSets.BclOnly, new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
        var symbol = compilation.GetTypeByMetadataName("Acme.Data.Hidden")!.GetMembers("Load").OfType<IMethodSymbol>().Single();
        var options = new FixedAnalyzerConfigOptions("root = true", "/src/Repository.cs");

        Assert.False(PublicApiPolicy.MustKeep(symbol, compilation, options.GetOptions(compilation.SyntaxTrees[0]), options.GlobalOptions, referencesRequestFramework: false));
    }

    [Fact]
    public async Task AnInvalidValueIsReportedAsBurst900()
    {
        var solution = TestWorkspace.CreateSolution(
            new[] { ("A.cs", "public class A { }") },
            """
            root = true

            [*.cs]
            burst_analyzers.public_api_in_libraries = rename
            """,
            ReferenceSets.BclOnly);

        var diagnostics = await TestWorkspace.GetAnalyzerDiagnosticsAsync(solution.Projects.Single(), ImmutableArray.Create<DiagnosticAnalyzer>(new ConfigurationAnalyzer()));

        var diagnostic = Assert.Single(diagnostics);
        Assert.Equal(
            "BurstAnalyzers option 'burst_analyzers.public_api_in_libraries' has an invalid entry 'rename': expected 'keep' or 'change'; the entry is ignored and the rest of the configuration still applies",
            diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture));
    }
}
