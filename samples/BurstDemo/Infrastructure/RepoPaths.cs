using System.Reflection;

namespace BurstDemo.Infrastructure;

/// <summary>
/// The repository the demo was built from (baked in at build time, see the csproj) and the files it takes from it:
/// the sample's sources and the two nupkgs that `dotnet build BurstAnalyzers.sln` puts in artifacts/packages.
/// </summary>
internal static class RepoPaths
{
    // A property, not a static initializer: a DemoFailure thrown from a type initializer would arrive wrapped.
    public static string Root => Metadata("RepoRoot") is { } root && File.Exists(Path.Combine(root, "BurstAnalyzers.sln"))
        ? Path.GetFullPath(root)
        : throw new DemoFailure("The demo does not know where the repository is: build it from the repository (dotnet build BurstAnalyzers.sln).");

    /// <summary>The version of the nupkgs, the same one the samples' Directory.Packages.props asks for.</summary>
    public static string PackageVersion { get; } = Metadata("PackageVersion") ?? "0.1.0";

    public static string PackagesDirectory => Path.Combine(Root, "artifacts", "packages");

    public static string AnalyzerPackage => Path.Combine(PackagesDirectory, $"BurstAnalyzers.{PackageVersion}.nupkg");

    public static string OffloadPackage => Path.Combine(PackagesDirectory, $"BurstAnalyzers.Offload.{PackageVersion}.nupkg");

    public static string SoapCoreOffloadPackage => Path.Combine(PackagesDirectory, $"BurstAnalyzers.Offload.SoapCore.{PackageVersion}.nupkg");

    /// <summary>The NuGet cache the demo restored into (SoapCore and System.ServiceModel for the SOAP sample are there).</summary>
    public static string NuGetCache => Metadata("NuGetPackageRoot") is { } cache && Directory.Exists(cache)
        ? Path.GetFullPath(cache)
        : throw new DemoFailure("The demo does not know where the NuGet cache is: build it with dotnet build.");

    public static string SamplesDirectory => Path.Combine(Root, "samples");

    public static string SampleDirectory => Path.Combine(SamplesDirectory, "BlockingApi");

    public static string DefaultOutput => Path.Combine(Root, "artifacts", "burst-demo");

    /// <summary>Fails with the command that fixes it when a nupkg the variants restore is missing.</summary>
    public static void RequirePackages()
    {
        foreach (var package in new[] { AnalyzerPackage, OffloadPackage, SoapCoreOffloadPackage })
        {
            if (!File.Exists(package))
            {
                throw new DemoFailure($"{package} is missing. Build the packages first, at the repository root: dotnet build BurstAnalyzers.sln");
            }
        }
    }

    private static string? Metadata(string key) => typeof(RepoPaths).Assembly
        .GetCustomAttributes<AssemblyMetadataAttribute>()
        .FirstOrDefault(a => a.Key == key && !string.IsNullOrEmpty(a.Value))?.Value;
}
