using System;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Xunit;

namespace BurstAnalyzers.Tests.Integration;

/// <summary>
/// A web project over two class libraries (samples/LayeredShop), every project with the packed package through
/// Directory.Build.props, every blocking call in the libraries: `dotnet build` reports each handler's chain at the
/// handler's call (the "// BURST005" markers) and nothing else, follows an edit of a library in an incremental build,
/// and stops at the project boundary when the chains are switched off.
/// </summary>
public sealed class CrossProjectConsumerBuildTests : IDisposable
{
    private static readonly TimeSpan Timeout = TimeSpan.FromMinutes(5);
    private readonly ConsumerCopy _copy = new("LayeredShop");

    private string WebProject => Path.Combine(_copy.SampleDirectory, "Shop.Web", "Shop.Web.csproj");

    [Fact]
    public async Task DotnetBuild_ReportsEachChainIntoTheLibraries_AtTheHandlersCall()
    {
        var marked = _copy.MarkedDiagnostics();
        Assert.Equal(3, marked.Count);
        Assert.All(marked, m => Assert.Equal(("OrdersController.cs", "BURST005"), (m.File, m.Id)));

        var build = await Infrastructure.DotNetCli.RunAsync(_copy.Root, Timeout, "build", WebProject, "-nodeReuse:false");
        Assert.True(build.ExitCode == 0, "The sample did not build:\n" + build.Output);
        Assert.Equal(marked.Select(m => (m.File, m.Line, m.Id, "warning")), ConsumerCopy.ReportedDiagnostics(build.Output));
        Assert.Contains(
            "'OrdersController.Get' reaches a blocking call through other methods: Get \u2192 [Shop.Services] OrderService.Orders \u2192 [Shop.Data] OrderFiles.ReadAll \u2192 File.ReadAllLines",
            build.Output,
            StringComparison.Ordinal);

        // The libraries' builds wrote their chains beside their assemblies, the web project's build read them.
        var dataChains = Path.Combine(_copy.SampleDirectory, "Shop.Data", "bin", "Debug", "net10.0", "Shop.Data.burstchains");
        Assert.Equal(3, File.ReadAllLines(dataChains).Count(line => line.StartsWith("\"BurstAnalyzers.CarriedChain\": \"", StringComparison.Ordinal)));

        // Change the callee, and the caller's diagnostics change: an incremental build of the web project rebuilds the
        // library, whose public API (its reference assembly) stays the same; its chains file changes, and that is an
        // input of the web project's compiler.
        var files = Path.Combine(_copy.SampleDirectory, "Shop.Data", "OrderFiles.cs");
        var source = await File.ReadAllTextAsync(files);
        var notBlocking = source.Replace(
            "public string[] ReadAll() => File.Exists(Path) ? File.ReadAllLines(Path) : Array.Empty<string>();",
            "public string[] ReadAll() => Array.Empty<string>();",
            StringComparison.Ordinal);
        Assert.NotEqual(source, notBlocking);
        await File.WriteAllTextAsync(files, notBlocking);

        var rebuild = await Infrastructure.DotNetCli.RunAsync(_copy.Root, Timeout, "build", WebProject, "-nodeReuse:false");
        Assert.True(rebuild.ExitCode == 0, "The edited sample did not build:\n" + rebuild.Output);
        Assert.Equal(
            marked.Where(m => m.Line != marked[0].Line).Select(m => (m.File, m.Line, m.Id, "warning")),
            ConsumerCopy.ReportedDiagnostics(rebuild.Output));
    }

    /// <summary>
    /// `dotnet format analyzers` on the solution applies the chain fix across the three projects, with no option set
    /// (issue 35): the libraries ship no package, so the build tells the fix they are layers of the application. The
    /// blocking calls in Shop.Data are awaited, the methods on the way (the interface in Shop.Services included) and
    /// the actions become async, and the result builds with no error and no BURST warning. First, with IsPackable
    /// true in Shop.Data's project file, the same command keeps that library's public API: nothing changes.
    /// </summary>
    [Fact]
    public async Task DotnetFormatOnTheSolution_MakesTheChainsAsyncAcrossTheProjects_AndTheResultBuildsClean()
    {
        var solution = Path.Combine(_copy.SampleDirectory, "LayeredShop.sln");
        string[] diagnostics = { "--diagnostics", "BURST001", "BURST002", "BURST003", "BURST004", "BURST005" };
        var dataProject = Path.Combine(_copy.SampleDirectory, "Shop.Data", "Shop.Data.csproj");
        var unpackaged = await File.ReadAllTextAsync(dataProject);
        var orderFiles = Path.Combine(_copy.SampleDirectory, "Shop.Data", "OrderFiles.cs");
        var before = await File.ReadAllTextAsync(orderFiles);

        // A library that ships as a package keeps its public API: the chain fix stops at it and nothing changes.
        await File.WriteAllTextAsync(dataProject, unpackaged.Replace("</TargetFramework>", "</TargetFramework>\n    <IsPackable>true</IsPackable>", StringComparison.Ordinal));
        var kept = await Infrastructure.DotNetCli.RunAsync(_copy.Root, Timeout, new[] { "format", "analyzers", solution }.Concat(diagnostics).ToArray());
        Assert.True(kept.ExitCode == 0, "dotnet format failed:\n" + kept.Output);
        Assert.Equal(before, await File.ReadAllTextAsync(orderFiles));

        await File.WriteAllTextAsync(dataProject, unpackaged);
        var format = await Infrastructure.DotNetCli.RunAsync(_copy.Root, Timeout, new[] { "format", "analyzers", solution }.Concat(diagnostics).ToArray());
        Assert.True(format.ExitCode == 0, "dotnet format failed:\n" + format.Output);

        Assert.Contains(
            "public async Task<string[]> ReadAllAsync() => File.Exists(Path) ? await File.ReadAllLinesAsync(Path) : Array.Empty<string>();",
            await File.ReadAllTextAsync(orderFiles),
            StringComparison.Ordinal);
        Assert.Contains(
            "public async Task<IReadOnlyList<string>> Orders() => await files.ReadAllAsync();",
            await File.ReadAllTextAsync(Path.Combine(_copy.SampleDirectory, "Shop.Services", "OrderService.cs")),
            StringComparison.Ordinal);
        Assert.Contains(
            "Task<IReadOnlyList<string>> Orders();",
            await File.ReadAllTextAsync(Path.Combine(_copy.SampleDirectory, "Shop.Services", "IOrderService.cs")),
            StringComparison.Ordinal);
        var controller = await File.ReadAllTextAsync(Path.Combine(_copy.SampleDirectory, "Shop.Web", "Controllers", "OrdersController.cs"));
        Assert.Contains("public async Task<IReadOnlyList<string>> Get() => await orders.Orders();", controller, StringComparison.Ordinal);
        Assert.Contains("public async Task<decimal> Quote(string symbol) => await quotes.QuoteAsync(symbol);", controller, StringComparison.Ordinal);

        var build = await Infrastructure.DotNetCli.RunAsync(_copy.Root, Timeout, "build", solution, "-nodeReuse:false");
        Assert.True(build.ExitCode == 0, "The fixed solution did not build:\n" + build.Output);
        Assert.DoesNotContain(" error ", build.Output, StringComparison.Ordinal);
        Assert.DoesNotContain("BURST", build.Output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task SwitchedOff_TheChainsStopAtTheProjectBoundary()
    {
        var build = await Infrastructure.DotNetCli.RunAsync(
            _copy.Root, Timeout, "build", WebProject, "-nodeReuse:false", "-p:BurstAnalyzersCrossProjectChains=false");
        Assert.True(build.ExitCode == 0, "The sample did not build:\n" + build.Output);
        Assert.Empty(ConsumerCopy.ReportedDiagnostics(build.Output));
    }

    [Fact]
    public async Task ALibraryWithoutThePackage_ChainsStopThere_AndBurst903SaysWhy()
    {
        var services = Path.Combine(_copy.SampleDirectory, "Shop.Services", "Shop.Services.csproj");
        var project = await File.ReadAllTextAsync(services);
        await File.WriteAllTextAsync(services, project.Replace(
            "</Project>",
            "  <ItemGroup>\n    <PackageReference Remove=\"BurstAnalyzers\" />\n  </ItemGroup>\n</Project>",
            StringComparison.Ordinal));

        var build = await Infrastructure.DotNetCli.RunAsync(_copy.Root, Timeout, "build", WebProject, "-nodeReuse:false");
        Assert.True(build.ExitCode == 0, "The sample did not build:\n" + build.Output);
        Assert.Empty(ConsumerCopy.ReportedDiagnostics(build.Output));
        Assert.Contains(
            "warning BURST903: Request handlers call into project 'Shop.Services', which does not reference BurstAnalyzers",
            build.Output,
            StringComparison.Ordinal);
        Assert.DoesNotContain("'Shop.Data'", build.Output, StringComparison.Ordinal);
    }

    /// <summary>
    /// One compiler log for the chains and the baseline (issue 34). Every project keeps its own SARIF 1 ErrorLog; the
    /// data library then stops blocking, and the next build records a baseline. The baseline needs SARIF 2, so the
    /// compiler writes another log in that build; the chains must be read from that same log, this build's, not from
    /// the project's own, which holds the last build's: the library's chains file loses the chain that no longer
    /// exists, and the baseline records no BURST005 finding for it.
    /// </summary>
    [Fact]
    public async Task AProjectsSarif1Log_AndABaselineUpdate_TheChainsAreThisBuilds()
    {
        var props = Path.Combine(_copy.SampleDirectory, "Directory.Build.props");
        await File.WriteAllTextAsync(props, (await File.ReadAllTextAsync(props)).Replace(
            "</Project>",
            "  <PropertyGroup>\n    <ErrorLog>$(MSBuildProjectDirectory)/$(MSBuildProjectName).sarif</ErrorLog>\n  </PropertyGroup>\n</Project>",
            StringComparison.Ordinal));
        var build = await Infrastructure.DotNetCli.RunAsync(_copy.Root, Timeout, "build", WebProject, "-nodeReuse:false");
        Assert.True(build.ExitCode == 0, "The sample did not build:\n" + build.Output);
        var dataLog = Path.Combine(_copy.SampleDirectory, "Shop.Data", "Shop.Data.sarif");
        Assert.Contains("\"version\": \"1.0.0\"", await File.ReadAllTextAsync(dataLog), StringComparison.Ordinal);
        var dataChains = Path.Combine(_copy.SampleDirectory, "Shop.Data", "bin", "Debug", "net10.0", "Shop.Data.burstchains");
        Assert.Equal(3, CarriedChainLines(dataChains));

        var files = Path.Combine(_copy.SampleDirectory, "Shop.Data", "OrderFiles.cs");
        var source = await File.ReadAllTextAsync(files);
        await File.WriteAllTextAsync(files, source.Replace(
            "public string[] ReadAll() => File.Exists(Path) ? File.ReadAllLines(Path) : Array.Empty<string>();",
            "public string[] ReadAll() => Array.Empty<string>();",
            StringComparison.Ordinal));
        var update = await Infrastructure.DotNetCli.RunAsync(_copy.Root, Timeout, "build", WebProject, "-nodeReuse:false", "-p:BurstAnalyzersBaseline=update");
        Assert.True(update.ExitCode == 0, "The update build failed:\n" + update.Output);

        Assert.Equal(2, CarriedChainLines(dataChains));
        var baseline = await File.ReadAllLinesAsync(Path.Combine(_copy.SampleDirectory, "Shop.Web", "BurstAnalyzers.baseline.txt"));
        Assert.Equal(
            new[]
            {
                "BURST005 | Shop.Web.Controllers.OrdersController.Place(string) | orders.Place(order)",
                "BURST005 | Shop.Web.Controllers.OrdersController.Quote(string) | quotes.Quote(symbol)",
            },
            baseline.Where(line => line.StartsWith("BURST", StringComparison.Ordinal)));
    }

    private static int CarriedChainLines(string chainsFile)
        => File.ReadAllLines(chainsFile).Count(line => line.StartsWith("\"BurstAnalyzers.CarriedChain\": \"", StringComparison.Ordinal));

    public void Dispose() => _copy.Dispose();
}
