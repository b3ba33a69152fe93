using System.Diagnostics;

namespace BurstDemo.Infrastructure;

/// <summary>
/// The demo's first step: the nupkgs the variants restore from artifacts/packages, packed from the repository's
/// current sources when one is missing or older than its sources. So `dotnet run --project samples/BurstDemo` on a fresh
/// clone is the only command, and a change to an analyzer, a fix or the offload library reaches the next run without
/// a separate build. Each pack shows what it does and how long it took; the first one takes about a minute. The
/// detector demo (samples/DetectorDemo) runs the same step before its restore (`--pack-only`), for the packages it
/// references.
/// </summary>
internal static class LocalPackages
{
    private static readonly TimeSpan PackTimeout = TimeSpan.FromMinutes(15);

    /// <summary>Files every package is built with: versions, shared packaging settings, release notes, icon.</summary>
    private static readonly string[] SharedInputs =
    [
        "global.json", "Directory.Build.props", "Directory.Packages.props", "CHANGELOG.md",
        "src/Directory.Build.props", "src/Directory.Build.targets", "src/icon.png",
    ];

    /// <summary>What the burst demo's variants restore.</summary>
    public static readonly IReadOnlyList<string> BurstDemoPackages = ["BurstAnalyzers", "BurstAnalyzers.Offload", "BurstAnalyzers.Offload.SoapCore"];

    private static readonly Package[] Packages =
    [
        // The analyzer package is the analyzer and code-fix assemblies, packed by src/BurstAnalyzers.Package.
        new("BurstAnalyzers", "src/BurstAnalyzers.Package", ["src/BurstAnalyzers", "src/BurstAnalyzers.CodeFixes", "src/BurstAnalyzers.Package"]),
        new("BurstAnalyzers.Offload", "src/BurstAnalyzers.Offload", ["src/BurstAnalyzers.Offload"]),
        // The SOAP sample (its request depth guard) and its offload variant; it depends on BurstAnalyzers.Offload of the
        // same version.
        new("BurstAnalyzers.Offload.SoapCore", "src/BurstAnalyzers.Offload.SoapCore", ["src/BurstAnalyzers.Offload.SoapCore"]),
        // The run-time detector, for samples/DetectorDemo.
        new("BurstAnalyzers.Diagnostics", "src/BurstAnalyzers.Diagnostics", ["src/BurstAnalyzers.Diagnostics"]),
    ];

    /// <summary>Every package this step can pack, for the command line's --pack-only.</summary>
    public static IEnumerable<string> Known => Packages.Select(p => p.Id);

    /// <param name="log">Where progress goes.</param>
    /// <param name="ids">The packages wanted (see <see cref="Known"/>).</param>
    public static void EnsureCurrent(TextWriter log, IReadOnlyCollection<string> ids)
    {
        var wanted = Packages.Where(p => ids.Contains(p.Id, StringComparer.OrdinalIgnoreCase)).ToList();
        var stale = wanted.Where(p => p.StaleBecause() is not null).ToList();
        foreach (var package in wanted.Except(stale))
        {
            log.WriteLine($"Package {package.Id} {RepoPaths.PackageVersion}: up to date in {Relative(RepoPaths.PackagesDirectory)}");
        }

        for (var i = 0; i < stale.Count; i++)
        {
            var package = stale[i];
            log.WriteLine($"[pack {i + 1}/{stale.Count}] {package.Id} {RepoPaths.PackageVersion}: {package.StaleBecause()}; dotnet pack {package.Project} -c Release ...");
            log.Flush();
            var stopwatch = Stopwatch.StartNew();
            DotNetCommand.RunOrFail($"Packing {package.Id}", RepoPaths.Root, PackTimeout, "pack", package.Project, "-c", "Release", "-nodeReuse:false");
            log.WriteLine($"  {Relative(package.Path)} written in {stopwatch.Elapsed.TotalSeconds:0} s");
        }

        foreach (var package in wanted.Where(p => !File.Exists(p.Path)))
        {
            throw new DemoFailure($"dotnet pack {package.Project} did not write {Relative(package.Path)}.");
        }
    }

    private static string Relative(string path) => System.IO.Path.GetRelativePath(RepoPaths.Root, path);

    private sealed record Package(string Id, string Project, string[] Sources)
    {
        public string Path => System.IO.Path.Combine(RepoPaths.PackagesDirectory, $"{Id}.{RepoPaths.PackageVersion}.nupkg");

        /// <summary>Why the package must be packed again, or null when it is newer than every file it is made from.</summary>
        public string? StaleBecause()
        {
            if (!File.Exists(Path))
            {
                return "not built yet";
            }

            var packed = File.GetLastWriteTimeUtc(Path);
            var newer = Inputs().FirstOrDefault(f => File.GetLastWriteTimeUtc(f) > packed);
            return newer is null ? null : $"{Relative(newer)} changed since it was packed";
        }

        private IEnumerable<string> Inputs()
        {
            foreach (var file in SharedInputs.Select(f => System.IO.Path.Combine(RepoPaths.Root, f)).Where(File.Exists))
            {
                yield return file;
            }

            foreach (var directory in Sources.Select(d => System.IO.Path.Combine(RepoPaths.Root, d)))
            {
                foreach (var file in Directory.EnumerateFiles(directory, "*", SearchOption.AllDirectories))
                {
                    var first = System.IO.Path.GetRelativePath(directory, file).Split(System.IO.Path.DirectorySeparatorChar)[0];
                    if (first is not ("bin" or "obj"))
                    {
                        yield return file;
                    }
                }
            }
        }
    }
}
