using System;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace BurstAnalyzers.Tests.Infrastructure;

/// <summary>
/// Metadata references for test compilations, built once per test run from files already on disk: the SDK's
/// Microsoft.NETCore.App and Microsoft.AspNetCore.App reference packs (listed at build time in
/// framework-references.txt), plus stand-in assemblies compiled from StandIns/ for packages the package source lacks
/// (CoreWCF.Primitives, System.ServiceModel.Primitives, classic ASP.NET's System.Web, Grpc.Core.Api). Nothing is downloaded.
/// </summary>
internal static class ReferenceSets
{
    private static readonly Lazy<ImmutableArray<MetadataReference>> FrameworkReferences = new(LoadFrameworkReferences);
    private static readonly Lazy<ImmutableArray<MetadataReference>> BclReferences = new(() =>
        FrameworkReferences.Value.Where(r => !IsAspNetCore(r)).ToImmutableArray());
    private static readonly Lazy<MetadataReference> CoreWcf = new(() => CompileStandIn("CoreWCF.Primitives"));
    private static readonly Lazy<MetadataReference> ServiceModel = new(() => CompileStandIn("System.ServiceModel.Primitives"));
    private static readonly Lazy<MetadataReference> SystemWeb = new(() => CompileStandIn("System.Web"));
    private static readonly Lazy<MetadataReference> Grpc = new(() => CompileStandIn("Grpc.Core.Api"));
    private static readonly Lazy<ImmutableArray<MetadataReference>> All = new(() =>
        FrameworkReferences.Value.AddRange(new[] { CoreWcf.Value, ServiceModel.Value, SystemWeb.Value, Grpc.Value }));

    /// <summary>The BCL, ASP.NET Core, CoreWCF, classic WCF, classic ASP.NET and gRPC: every framework a test may use.</summary>
    public static ImmutableArray<MetadataReference> Default => All.Value;

    /// <summary>The BCL and classic ASP.NET: a .NET Framework web project (no ASP.NET Core).</summary>
    public static ImmutableArray<MetadataReference> ClassicAspNet => BclReferences.Value.Add(SystemWeb.Value);

    /// <summary>The BCL alone: a project with no handler framework.</summary>
    public static ImmutableArray<MetadataReference> BclOnly => BclReferences.Value;

    private static ImmutableArray<MetadataReference> LoadFrameworkReferences()
    {
        var list = Path.Combine(AppContext.BaseDirectory, "framework-references.txt");
        var paths = File.ReadAllLines(list).Where(p => p.Length > 0).ToArray();
        if (!paths.Any(p => Path.GetFileName(p) == "System.Runtime.dll") || !paths.Any(p => Path.GetFileName(p) == "Microsoft.AspNetCore.Mvc.Core.dll"))
        {
            throw new InvalidOperationException($"{list} does not list the .NET and ASP.NET Core reference assemblies.");
        }

        return paths.Select(p => (MetadataReference)MetadataReference.CreateFromFile(p)).ToImmutableArray();
    }

    private static bool IsAspNetCore(MetadataReference reference)
        => reference is PortableExecutableReference { FilePath: { } path }
            && path.Contains("Microsoft.AspNetCore.App.Ref", StringComparison.Ordinal);

    private static MetadataReference CompileStandIn(string assemblyName)
    {
        var resource = $"StandIns.{assemblyName}.cs";
        using var stream = typeof(ReferenceSets).Assembly.GetManifestResourceStream(resource)
            ?? throw new InvalidOperationException($"Missing embedded stand-in {resource}.");
        using var reader = new StreamReader(stream);
        var tree = CSharpSyntaxTree.ParseText(reader.ReadToEnd(), path: resource);
        var compilation = CSharpCompilation.Create(
            assemblyName,
            new[] { tree },
            BclReferences.Value,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Disable));

        using var image = new MemoryStream();
        var result = compilation.Emit(image);
        if (!result.Success)
        {
            throw new InvalidOperationException($"Stand-in {assemblyName} does not compile:\n" + string.Join("\n", result.Diagnostics));
        }

        return MetadataReference.CreateFromImage(image.ToArray(), filePath: assemblyName + ".dll");
    }
}
