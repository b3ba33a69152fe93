using System.IO;
using System.Reflection;

namespace BurstAnalyzers.Benchmarks;

/// <summary>Where the report goes: the repository root is baked in at build time (see the csproj).</summary>
internal static class RepositoryPaths
{
    public static string Root
    {
        get
        {
            foreach (var attribute in typeof(RepositoryPaths).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>())
            {
                if (attribute.Key == "RepoRoot" && !string.IsNullOrEmpty(attribute.Value) && Directory.Exists(attribute.Value))
                {
                    return attribute.Value;
                }
            }

            return Directory.GetCurrentDirectory();
        }
    }

    public static string DefaultReport => Path.Combine(Root, "artifacts", "benchmarks", "analyzer-performance.md");
}
