using System;
using System.IO;
using System.Linq;
using System.Reflection;

namespace BurstAnalyzers.Tests.Infrastructure;

/// <summary>Where the repository and its build outputs are, found from the test assembly's location.</summary>
internal static class RepoLayout
{
    public static string Root { get; } = FindRoot();

    public static string PackagesDirectory => Path.Combine(Root, "artifacts", "packages");

    public static string PackageVersion { get; } = typeof(RepoLayout).Assembly
        .GetCustomAttributes<AssemblyMetadataAttribute>()
        .Single(a => a.Key == "BurstPackageVersion").Value!;

    public static string AnalyzerPackagePath => Path.Combine(PackagesDirectory, $"BurstAnalyzers.{PackageVersion}.nupkg");

    private static string FindRoot()
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "BurstAnalyzers.sln")))
            {
                return directory.FullName;
            }
        }

        throw new InvalidOperationException("BurstAnalyzers.sln not found above " + AppContext.BaseDirectory);
    }
}
