using System;
using System.IO;
using System.Reflection;
using System.Runtime.Loader;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Benchmarks.Measurement;

/// <summary>
/// Loads the SDK's analyzer assemblies the way a compiler host does: in their own load context, with their own
/// folder's assemblies first, and everything else — Roslyn above all, whose types must be the ones this process uses
/// — from the default context. Also the <see cref="IAnalyzerAssemblyLoader"/> that AnalyzerFileReference asks.
/// </summary>
internal sealed class SdkAnalyzerLoadContext(string directory) : AssemblyLoadContext("SdkAnalyzers"), IAnalyzerAssemblyLoader
{
    public Assembly LoadFromPath(string fullPath) => LoadFromAssemblyPath(fullPath);

    public void AddDependencyLocation(string fullPath)
    {
        // Dependencies are looked up in the analyzers' own folder by Load below.
    }

    protected override Assembly? Load(AssemblyName assemblyName)
    {
        var name = assemblyName.Name;
        if (name is null || IsRoslyn(name))
        {
            return null; // shared with the default context
        }

        var candidate = Path.Combine(directory, name + ".dll");
        return File.Exists(candidate) ? LoadFromAssemblyPath(candidate) : null;
    }

    private static bool IsRoslyn(string name)
        => name.StartsWith("Microsoft.CodeAnalysis", StringComparison.Ordinal) && !name.EndsWith("NetAnalyzers", StringComparison.Ordinal);
}
