using System;
using System.Linq;
using System.Threading.Tasks;
using BurstAnalyzers.CrossProject;
using BurstAnalyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>
/// Where the public API policy withholds a chain's async fix, BURST005's message says so and how to allow it:
/// <c>dotnet format</c> prints the message and nothing of the fix list, whose action sets the option
/// (<see cref="LibraryPublicApiFixerTests"/>). A library that ships as a package marks its assembly (the package's
/// generator), which is all a project above can read of its policy, in a build and in an editor alike.
/// </summary>
public class WithheldChainFixTests
{
    private const string Data = """
        namespace Shop.Data
        {
            public static class OrderFiles
            {
                public static string ReadAll() => System.IO.File.ReadAllText("orders.json");
            }
        }
        """;

    private const string Services = """
        namespace Shop.Services
        {
            public interface IOrderService
            {
                string Orders();
            }

            internal sealed class OrderService : IOrderService
            {
                public string Orders() => Shop.Data.OrderFiles.ReadAll();
            }
        }
        """;

    private const string Web = """
        using Microsoft.AspNetCore.Mvc;
        using Shop.Services;

        public class OrdersController(IOrderService orders) : ControllerBase
        {
            [HttpGet]
            public string Get() => orders.Orders();
        }
        """;

    private const string Chain = "Web.cs(7,28): BURST005: Request handler 'OrdersController.Get' reaches a blocking call through other methods: Get \u2192 [Shop.Services] OrderService.Orders \u2192 [Shop.Data] OrderFiles.ReadAll \u2192 File.ReadAllText";

    private const string End = " [Shop.Data.cs(5,43)]";

    [Fact]
    public async Task APackagedLibraryOnTheChain_IsNamedWithTheOptionThatAllowsTheFix()
    {
        var shop = new LayeredSolution().Library("Shop.Data", Data).Library("Shop.Services", Services, shipsAsPackage: true);
        var expected = Chain + "; no async fix: it would change the public API of Shop.Services, which keeps it (to allow it, set burst_analyzers.public_api_in_libraries = change in its .editorconfig)" + End;

        Assert.Equal(new[] { expected }, LayeredSolution.Describe(await shop.BuildAsync(Web)));
        Assert.Equal(new[] { expected }, LayeredSolution.Describe(await shop.EditorAsync(Web)));
    }

    /// <summary>A project further down the chain than the one the handler calls, and both at once, in the chain's order.</summary>
    [Fact]
    public async Task EveryPackagedLibraryOnTheChain_IsNamed()
    {
        var below = new LayeredSolution().Library("Shop.Data", Data, shipsAsPackage: true).Library("Shop.Services", Services);
        Assert.Equal(
            new[] { Chain + "; no async fix: it would change the public API of Shop.Data, which keeps it (to allow it, set burst_analyzers.public_api_in_libraries = change in its .editorconfig)" + End },
            LayeredSolution.Describe(await below.BuildAsync(Web)));

        var both = new LayeredSolution().Library("Shop.Data", Data, shipsAsPackage: true).Library("Shop.Services", Services, shipsAsPackage: true);
        var expected = Chain + "; no async fix: it would change the public API of Shop.Services, Shop.Data, which keep it (to allow it, set burst_analyzers.public_api_in_libraries = change in their .editorconfig files)" + End;
        Assert.Equal(new[] { expected }, LayeredSolution.Describe(await both.BuildAsync(Web)));
        Assert.Equal(new[] { expected }, LayeredSolution.Describe(await both.EditorAsync(Web)));
    }

    /// <summary>Layers of the application, which nothing packs: the fix converts them, and the message says nothing more.</summary>
    [Fact]
    public async Task LayersOfTheApplication_AddNothing()
    {
        var shop = new LayeredSolution().Library("Shop.Data", Data).Library("Shop.Services", Services);

        Assert.Equal(new[] { Chain + End }, LayeredSolution.Describe(await shop.BuildAsync(Web)));
        Assert.Equal(new[] { Chain + End }, LayeredSolution.Describe(await shop.EditorAsync(Web)));
    }

    /// <summary>The mark the generator writes: a library keeps its public API when every C# file does, by its build's
    /// word or its own option (with neither, a library without a request framework keeps it); an application, or a file
    /// whose option allows the change, writes none.</summary>
    [Theory]
    [InlineData(OutputKind.DynamicallyLinkedLibrary, "true", "", true)]
    [InlineData(OutputKind.DynamicallyLinkedLibrary, "false", "", false)]
    [InlineData(OutputKind.DynamicallyLinkedLibrary, "true", "burst_analyzers.public_api_in_libraries = change", false)]
    [InlineData(OutputKind.DynamicallyLinkedLibrary, "false", "burst_analyzers.public_api_in_libraries = keep", true)]
    [InlineData(OutputKind.DynamicallyLinkedLibrary, "false", "burst_analyzers.public_api_in_libraries = neither", true)]
    [InlineData(OutputKind.ConsoleApplication, "true", "", false)]
    [InlineData(OutputKind.DynamicallyLinkedLibrary, "", "", true)]
    public void TheGeneratorMarksALibraryThatKeepsItsPublicApi(OutputKind kind, string shipsAsPackage, string option, bool marked)
    {
        var compilation = CSharpCompilation.Create(
            "Shop.Core",
            new[] { CSharpSyntaxTree.ParseText("public static class Prices { public static void Main() { } }", path: "/Shop.Core/Prices.cs") },
            ReferenceSets.BclOnly,
            new CSharpCompilationOptions(kind));
        var options = new FixedAnalyzerConfigOptions(
            "[*.cs]\n" + option + "\n",
            "/Shop.Core/Prices.cs",
            "is_global = true\nbuild_property._BurstAnalyzersShipsAsPackage = " + shipsAsPackage + "\n");
        CSharpGeneratorDriver.Create(new[] { new PackageMarkerGenerator().AsSourceGenerator() }, optionsProvider: options)
            .RunGeneratorsAndUpdateCompilation(compilation, out var generated, out var diagnostics);

        Assert.Empty(diagnostics);
        var marker = generated.SyntaxTrees.Last().ToString();
        Assert.Contains("\"BurstAnalyzers.ChainsFormat\", \"1\"", marker, StringComparison.Ordinal);
        Assert.Equal(marked, marker.Contains("[assembly: global::System.Reflection.AssemblyMetadata(\"BurstAnalyzers.PublicApi\", \"keep\")]", StringComparison.Ordinal));
    }
}
