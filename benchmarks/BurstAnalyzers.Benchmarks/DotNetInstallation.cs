using System;
using System.IO;

namespace BurstAnalyzers.Benchmarks;

/// <summary>
/// The .NET installation this benchmark runs on, and the files it needs from it: the reference packs the corpus
/// compiles against and the SDK's analyzer folder, where CA1849 ships. Everything is already on disk; nothing is
/// downloaded.
/// </summary>
internal sealed class DotNetInstallation
{
    private DotNetInstallation(string root) => Root = root;

    public string Root { get; }

    /// <summary>
    /// DOTNET_ROOT when it points at an installation with reference packs, otherwise the installation of the running
    /// runtime (…/shared/Microsoft.NETCore.App/&lt;version&gt;/ is three levels below the root).
    /// </summary>
    public static DotNetInstallation Locate()
    {
        var fromEnvironment = Environment.GetEnvironmentVariable("DOTNET_ROOT");
        if (!string.IsNullOrEmpty(fromEnvironment) && Directory.Exists(Path.Combine(fromEnvironment, "packs")))
        {
            return new DotNetInstallation(Path.GetFullPath(fromEnvironment));
        }

        var runtimeDirectory = Path.GetDirectoryName(typeof(object).Assembly.Location)
            ?? throw new InvalidOperationException("Cannot tell where the running runtime is installed.");
        var root = Path.GetFullPath(Path.Combine(runtimeDirectory, "..", "..", ".."));
        if (!Directory.Exists(Path.Combine(root, "packs")))
        {
            throw new InvalidOperationException($"No 'packs' folder under {root}; set DOTNET_ROOT to the .NET installation.");
        }

        return new DotNetInstallation(root);
    }

    /// <summary>
    /// The folder of a targeting pack's reference assemblies (e.g. Microsoft.NETCore.App.Ref): its highest version,
    /// and in it the highest ref/netX.Y folder.
    /// </summary>
    public string ReferencePackDirectory(string packName)
    {
        var packDirectory = Path.Combine(Root, "packs", packName);
        var version = HighestVersionDirectory(packDirectory, d => Directory.Exists(Path.Combine(d, "ref")))
            ?? throw new InvalidOperationException($"No version of {packName} under {packDirectory}.");
        return HighestTargetFrameworkDirectory(Path.Combine(version, "ref"))
            ?? throw new InvalidOperationException($"No ref/netX.Y folder in {version}.");
    }

    /// <summary>The analyzers folder of the highest SDK that ships the .NET code-quality analyzers (CA rules).</summary>
    public string SdkAnalyzersDirectory()
    {
        var sdk = HighestVersionDirectory(Path.Combine(Root, "sdk"), d => File.Exists(Path.Combine(AnalyzersPath(d), NetAnalyzersFile)))
            ?? throw new InvalidOperationException($"No SDK under {Root}/sdk ships {NetAnalyzersFile}.");
        return AnalyzersPath(sdk);
    }

    public const string NetAnalyzersFile = "Microsoft.CodeAnalysis.NetAnalyzers.dll";
    public const string CSharpNetAnalyzersFile = "Microsoft.CodeAnalysis.CSharp.NetAnalyzers.dll";

    private static string AnalyzersPath(string sdkDirectory) => Path.Combine(sdkDirectory, "Sdks", "Microsoft.NET.Sdk", "analyzers");

    private static string? HighestVersionDirectory(string parent, Func<string, bool> accept)
    {
        if (!Directory.Exists(parent))
        {
            return null;
        }

        string? best = null;
        foreach (var directory in Directory.GetDirectories(parent))
        {
            if (VersionOrdering.TryParse(Path.GetFileName(directory), out _) && accept(directory)
                && (best is null || VersionOrdering.Compare(Path.GetFileName(directory), Path.GetFileName(best)) > 0))
            {
                best = directory;
            }
        }

        return best;
    }

    private static string? HighestTargetFrameworkDirectory(string refDirectory)
    {
        string? best = null;
        Version? bestVersion = null;
        foreach (var directory in Directory.GetDirectories(refDirectory, "net*"))
        {
            // "net10.0" → 10.0; netstandard and netcoreapp folders are not what a current pack ships for its own TFM.
            if (Version.TryParse(Path.GetFileName(directory).Substring(3), out var version) && (bestVersion is null || version > bestVersion))
            {
                best = directory;
                bestVersion = version;
            }
        }

        return best;
    }
}
