using BurstDemo.Infrastructure;
using Microsoft.CodeAnalysis;

namespace BurstDemo.Variants;

/// <summary>
/// The reference assemblies a net10.0 web project compiles against: the SDK's Microsoft.NETCore.App.Ref and
/// Microsoft.AspNetCore.App.Ref packs, already on disk under the dotnet root's packs/ folder (the same lookup as
/// benchmarks/BurstAnalyzers.Benchmarks). Nothing is downloaded.
/// </summary>
internal static class ReferencePacks
{
    private static readonly string[] Packs = { "Microsoft.NETCore.App.Ref", "Microsoft.AspNetCore.App.Ref" };

    public static IReadOnlyList<MetadataReference> Load()
    {
        var root = DotNetRoot();
        var references = new List<MetadataReference>();
        foreach (var pack in Packs)
        {
            var directory = Path.Combine(root, "packs", pack);
            var version = Highest(directory, d => Directory.Exists(Path.Combine(d, "ref")))
                ?? throw new DemoFailure($"No version of {pack} under {directory}.");
            var framework = Highest(Path.Combine(version, "ref"), d => Path.GetFileName(d).StartsWith("net", StringComparison.Ordinal), prefix: 3)
                ?? throw new DemoFailure($"No ref/netX.Y folder in {version}.");
            references.AddRange(Directory.GetFiles(framework, "*.dll").Order(StringComparer.Ordinal).Select(p => MetadataReference.CreateFromFile(p)));
        }

        return references;
    }

    /// <summary>DOTNET_ROOT when it has packs, otherwise the installation of the running runtime (three levels up).</summary>
    private static string DotNetRoot()
    {
        var fromEnvironment = Environment.GetEnvironmentVariable("DOTNET_ROOT");
        if (!string.IsNullOrEmpty(fromEnvironment) && Directory.Exists(Path.Combine(fromEnvironment, "packs")))
        {
            return fromEnvironment;
        }

        var runtime = Path.GetDirectoryName(typeof(object).Assembly.Location)!;
        var root = Path.GetFullPath(Path.Combine(runtime, "..", "..", ".."));
        return Directory.Exists(Path.Combine(root, "packs"))
            ? root
            : throw new DemoFailure($"No packs/ folder under {root}; set DOTNET_ROOT to the .NET installation.");
    }

    /// <summary>The sub-folder with the highest version in its name (after <paramref name="prefix"/> characters).</summary>
    private static string? Highest(string parent, Func<string, bool> accept, int prefix = 0)
    {
        if (!Directory.Exists(parent))
        {
            return null;
        }

        return Directory.GetDirectories(parent)
            .Where(accept)
            .Select(d => (Directory: d, Version: Version.TryParse(Path.GetFileName(d)[prefix..].Split('-')[0], out var v) ? v : null))
            .Where(d => d.Version is not null)
            .OrderByDescending(d => d.Version)
            .ThenBy(d => Path.GetFileName(d.Directory).Contains('-')) // a release before its previews
            .Select(d => d.Directory)
            .FirstOrDefault();
    }
}
