using BurstDemo.Infrastructure;

namespace BurstDemo.Variants;

/// <summary>
/// A sample the demo builds its variants from and runs as the server: samples/BlockingApi (ASP.NET Core) or
/// samples/SoapService (the WCF report's service on SoapCore). Each scenario names the one it calls.
/// </summary>
internal sealed record SampleServer(
    string Name,
    string OffloadPackageId,
    IReadOnlyList<string> SharedSources,
    bool RestoresPublicPackages)
{
    /// <summary>ASP.NET Core controllers and minimal APIs; needs nothing but the local nupkgs.</summary>
    public static readonly SampleServer BlockingApi = new("BlockingApi", "BurstAnalyzers.Offload", [], RestoresPublicPackages: false);

    /// <summary>
    /// SOAP on SoapCore. It links BlockingApi's thread-pool sampler, and restores SoapCore and the System.ServiceModel
    /// packages, which the copy takes from the NuGet cache this demo's own restore filled (nothing is downloaded).
    /// </summary>
    public static readonly SampleServer SoapService = new(
        "SoapService",
        "BurstAnalyzers.Offload.SoapCore",
        [Path.Combine("BlockingApi", "Diagnostics", "ThreadPoolSampler.cs")],
        RestoresPublicPackages: true);

    public string SourceDirectory => Path.Combine(RepoPaths.SamplesDirectory, Name);

    public string Directory(string root) => Path.Combine(root, "samples", Name);

    public string Project(string root) => Path.Combine(Directory(root), Name + ".csproj");

    public string Assembly(string root) => Path.Combine(Directory(root), "bin", "Release", "net10.0", Name + ".dll");

    /// <summary>Where this sample's variants are prepared: BlockingApi's where they always were.</summary>
    public string VariantRoot(string outputDirectory, VariantKind kind)
        => Path.Combine(outputDirectory, "variants", this == BlockingApi ? kind.Name() : $"{Name}-{kind.Name()}");
}
