using System.Security;
using BurstDemo.Infrastructure;

namespace BurstDemo.Variants;

/// <summary>
/// A copy of the part of the repository a sample builds from — root Directory.Build.props and global.json, the nupkgs
/// in artifacts/packages, the samples' props and NuGet.config, and the sample itself — with a NuGet.config that clears
/// every other package source, and (through samples/Directory.Build.props) its own package cache under the copy. The
/// variant restores exactly the local nupkgs, as a user would, and nothing is downloaded. A sample that also needs
/// public packages (SoapCore) gets the local NuGet cache as its one other source: already on disk, since this demo
/// restored the same versions for itself.
/// Same layout as tests/BurstAnalyzers.Tests/Integration/ConsumerCopy.cs.
/// </summary>
internal static class RepositorySlice
{
    /// <summary>Marks a folder this demo made, so a rerun may delete it and never deletes anything else.</summary>
    private const string Marker = ".burst-demo-variant";

    public static void Create(string root, SampleServer sample)
    {
        DeletePrevious(root);
        Directory.CreateDirectory(root);
        File.WriteAllText(Path.Combine(root, Marker), "A copy made by samples/BurstDemo; deleted by its next run.\n");

        Copy(Path.Combine(RepoPaths.Root, "Directory.Build.props"), Path.Combine(root, "Directory.Build.props"));
        Copy(Path.Combine(RepoPaths.Root, "global.json"), Path.Combine(root, "global.json"));
        foreach (var package in new[] { RepoPaths.AnalyzerPackage, RepoPaths.OffloadPackage, RepoPaths.SoapCoreOffloadPackage })
        {
            Copy(package, Path.Combine(root, "artifacts", "packages", Path.GetFileName(package)));
        }

        foreach (var file in new[] { "Directory.Build.props", "Directory.Packages.props", "NuGet.config" })
        {
            Copy(Path.Combine(RepoPaths.SamplesDirectory, file), Path.Combine(root, "samples", file));
        }

        foreach (var (source, relative) in SourceFiles(sample.SourceDirectory))
        {
            Copy(source, Path.Combine(sample.Directory(root), relative));
        }

        foreach (var shared in sample.SharedSources)
        {
            Copy(Path.Combine(RepoPaths.SamplesDirectory, shared), Path.Combine(root, "samples", shared));
        }

        // Only the local package folder (samples/NuGet.config adds it), and for SoapCore the local NuGet cache (a folder
        // feed): no other source is reachable from the copy.
        var cache = sample.RestoresPublicPackages
            ? $"\n    <add key=\"local-nuget-cache\" value=\"{SecurityElement.Escape(RepoPaths.NuGetCache)}\" />"
            : "";
        File.WriteAllText(Path.Combine(root, "NuGet.config"), $"""
            <?xml version="1.0" encoding="utf-8"?>
            <configuration>
              <packageSources>
                <clear />{cache}
              </packageSources>
            </configuration>
            """);
    }

    /// <summary>A sample's files without build output: (full path, path relative to the sample folder).</summary>
    public static IEnumerable<(string Path, string Relative)> SourceFiles(string sampleDirectory)
    {
        foreach (var file in Directory.EnumerateFiles(sampleDirectory, "*", SearchOption.AllDirectories))
        {
            var relative = Path.GetRelativePath(sampleDirectory, file);
            if (relative.Split(Path.DirectorySeparatorChar)[0] is not ("bin" or "obj"))
            {
                yield return (file, relative);
            }
        }
    }

    private static void DeletePrevious(string root)
    {
        if (!Directory.Exists(root))
        {
            return;
        }

        if (!File.Exists(Path.Combine(root, Marker)))
        {
            throw new DemoFailure($"{root} exists and was not made by this demo; choose another --out or remove it.");
        }

        Directory.Delete(root, recursive: true);
    }

    private static void Copy(string source, string destination)
    {
        Directory.CreateDirectory(Path.GetDirectoryName(destination)!);
        File.Copy(source, destination, overwrite: true);
    }
}
