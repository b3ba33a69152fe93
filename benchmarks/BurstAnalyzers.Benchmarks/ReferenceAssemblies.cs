using System;
using System.Collections.Generic;
using System.IO;
using Microsoft.CodeAnalysis;

namespace BurstAnalyzers.Benchmarks;

/// <summary>
/// What the corpus compiles against: the installation's .NET and ASP.NET Core reference packs, as a web project
/// targeting the same framework would. Files already on disk; nothing is downloaded.
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

    public static ReferenceAssemblies Load(DotNetInstallation dotnet)
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

        return new ReferenceAssemblies(references, directories);
    }
}
