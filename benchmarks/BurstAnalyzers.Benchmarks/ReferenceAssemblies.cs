using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Benchmarks;

/// <summary>
/// What the corpus compiles against: the installation's .NET and ASP.NET Core reference packs, as a web project
/// targeting the same framework would, and (with issue 35's shapes) EF Core's assemblies from the package folders the
/// benchmark's restore downloaded (see the csproj). Files already on disk; nothing is downloaded.
/// </summary>
internal sealed class ReferenceAssemblies
{
    private static readonly string[] Packs = { "Microsoft.NETCore.App.Ref", "Microsoft.AspNetCore.App.Ref" };

    private ReferenceAssemblies(IReadOnlyList<MetadataReference> references, IReadOnlyList<string> directories)
    {
        References = references;
        Directories = directories;
    }

    public IReadOnlyList<MetadataReference> References { get; }

    /// <summary>The pack folders used, for the report.</summary>
    public IReadOnlyList<string> Directories { get; }

    /// <summary>The packages the corpus references with issue 35's shapes, found through the csproj's CorpusPackage metadata.</summary>
    private static readonly string[] EntityFrameworkCorePackages = { "Microsoft.EntityFrameworkCore", "Microsoft.EntityFrameworkCore.Abstractions" };

    public static ReferenceAssemblies Load(DotNetInstallation dotnet, bool entityFrameworkCore)
    {
        var references = new List<MetadataReference>();
        var directories = new List<string>();
        foreach (var pack in Packs)
        {
            var directory = dotnet.ReferencePackDirectory(pack);
            directories.Add(directory);
            var files = Directory.GetFiles(directory, "*.dll");
            Array.Sort(files, StringComparer.Ordinal);
            foreach (var path in files)
            {
                references.Add(MetadataReference.CreateFromFile(path));
            }
        }

        if (entityFrameworkCore)
        {
            foreach (var package in EntityFrameworkCorePackages)
            {
                var directory = PackageDirectory(package);
                var lib = Path.Combine(directory, "lib", "net10.0");
                var path = Path.Combine(lib, package + ".dll");
                if (!File.Exists(path))
                {
                    throw new InvalidOperationException($"{path} is missing: restore the benchmark project (it downloads {package}).");
                }

                directories.Add(lib);
                references.Add(MetadataReference.CreateFromFile(path));
            }
        }

        return new ReferenceAssemblies(references, directories);
    }

    private static string PackageDirectory(string package)
    {
        foreach (var attribute in typeof(ReferenceAssemblies).Assembly.GetCustomAttributes<System.Reflection.AssemblyMetadataAttribute>())
        {
            if (attribute.Key == "CorpusPackage:" + package && !string.IsNullOrEmpty(attribute.Value))
            {
                return attribute.Value;
            }
        }

        throw new InvalidOperationException($"No CorpusPackage metadata for {package}: see the benchmark's csproj.");
    }
}
