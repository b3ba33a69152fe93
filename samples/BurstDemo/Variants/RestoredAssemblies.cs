using System.Text.Json;
using BurstDemo.Infrastructure;

namespace BurstDemo.Variants;

/// <summary>
/// The package assemblies a restored copy compiles against, read from its obj/project.assets.json: what its build
/// passes to the compiler besides the reference packs (BurstAnalyzers.Offload; for the SOAP sample also SoapCore,
/// System.ServiceModel and BurstAnalyzers.Offload.SoapCore).
/// </summary>
internal static class RestoredAssemblies
{
    private const string TargetFramework = "net10.0";

    public static IReadOnlyList<string> CompileReferences(string projectFile)
    {
        var assets = Path.Combine(Path.GetDirectoryName(projectFile)!, "obj", "project.assets.json");
        if (!File.Exists(assets))
        {
            throw new DemoFailure($"{assets} is missing: the copy was not restored.");
        }

        using var document = JsonDocument.Parse(File.ReadAllText(assets));
        var root = document.RootElement;
        var folders = root.GetProperty("packageFolders").EnumerateObject().Select(f => f.Name).ToList();
        var libraries = root.GetProperty("libraries");
        var references = new List<string>();
        foreach (var package in root.GetProperty("targets").GetProperty(TargetFramework).EnumerateObject())
        {
            if (!package.Value.TryGetProperty("compile", out var compile)
                || package.Value.GetProperty("type").GetString() != "package")
            {
                continue;
            }

            var packagePath = libraries.GetProperty(package.Name).GetProperty("path").GetString()!;
            foreach (var asset in compile.EnumerateObject().Select(a => a.Name).Where(a => a.EndsWith(".dll", StringComparison.OrdinalIgnoreCase)))
            {
                // "_._" marks "nothing to compile against"; only real assemblies are listed.
                var path = folders.Select(f => Path.Combine(f, packagePath, asset)).FirstOrDefault(File.Exists)
                    ?? throw new DemoFailure($"{package.Name}'s {asset} is not in the copy's package folders after restore.");
                references.Add(path);
            }
        }

        return references;
    }
}
