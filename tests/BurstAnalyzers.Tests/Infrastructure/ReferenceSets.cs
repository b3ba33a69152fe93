using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace BurstAnalyzers.Tests.Infrastructure;

/// <summary>
/// Metadata references for test compilations, built once per test run from real assemblies already on disk (listed at
/// build time in test-references.txt, see the test project): the SDK's .NET and ASP.NET Core reference packs,
/// System.ServiceModel.Primitives, Grpc.Core.Api and EF Core as restored, and the .NET Framework 4.8 reference assemblies
/// with System.Web, ASMX and classic WCF. Stand-ins (StandIns/) take the place of what the package source does not serve
/// or the package list marks not-to-use: CoreWCF, classic MVC and Web API 2. Nothing is downloaded.
/// </summary>
internal static class ReferenceSets
{
    private static readonly Lazy<ILookup<string, string>> Listed = new(LoadList);
    private static readonly Lazy<ImmutableArray<MetadataReference>> Net10 = new(() => FromFiles("net10"));
    private static readonly Lazy<ImmutableArray<MetadataReference>> Packages = new(() => FromFiles("packages"));
    private static readonly Lazy<ImmutableArray<MetadataReference>> Bcl = new(() => Net10.Value.Where(r => !IsAspNetCore(r)).ToImmutableArray());
    private static readonly Lazy<ImmutableArray<MetadataReference>> Framework48 = new(() => FromFiles("net48"));
    private static readonly Lazy<MetadataReference> CoreWcf = new(() => CompileStandIn("CoreWCF.Primitives", Bcl.Value, LanguageVersion.Latest));
    private static readonly Lazy<MetadataReference> ClassicMvc = new(() => CompileStandIn("System.Web.Mvc", Framework48.Value, LanguageVersion.CSharp7_3));
    private static readonly Lazy<ImmutableArray<MetadataReference>> All = new(() => Net10.Value.AddRange(Packages.Value).Add(CoreWcf.Value));
    private static readonly Lazy<MetadataReference> WebApi2 = new(() => CompileStandIn("System.Web.Http", Framework48.Value, LanguageVersion.CSharp7_3));
    private static readonly Lazy<ImmutableArray<MetadataReference>> EfCore = new(() => All.Value.AddRange(FromFiles("efcore")));
    private static readonly Lazy<ImmutableArray<MetadataReference>> Legacy = new(() => Framework48.Value.Add(ClassicMvc.Value).Add(WebApi2.Value));
    private static readonly Lazy<ImmutableArray<MetadataReference>> FunctionsAndFastEndpoints = new(() => FromFiles("functions"));
    private static readonly Lazy<ImmutableArray<MetadataReference>> BlazorWasm = new(() => FromFiles("blazorwasm"));
    private static readonly Lazy<ImmutableArray<MetadataReference>> MassTransitOnly = new(() => Bcl.Value.AddRange(FromFiles("functions", "MassTransit.Abstractions.dll")));

    /// <summary>.NET 10 with ASP.NET Core, classic WCF attributes (System.ServiceModel.Primitives), gRPC and CoreWCF.</summary>
    public static ImmutableArray<MetadataReference> Default => All.Value;

    /// <summary><see cref="Default"/> and EF Core 10 (Microsoft.EntityFrameworkCore and its abstractions): real DbSet
    /// queries and the async extensions in EntityFrameworkQueryableExtensions.</summary>
    public static ImmutableArray<MetadataReference> WithEntityFrameworkCore => EfCore.Value;

    /// <summary><see cref="Default"/> and a library compiled from <paramref name="source"/>: a stand-in for a package
    /// the package source does not serve, seen by the analyzers as a referenced assembly (not as the project's own
    /// code, whose methods are judged by their bodies).</summary>
    public static ImmutableArray<MetadataReference> WithLibrary(string assemblyName, string source)
        => Default.Add(Compile(assemblyName, CSharpSyntaxTree.ParseText(source, new CSharpParseOptions(LanguageVersion.Latest), path: assemblyName + ".cs"), Default));

    /// <summary>.NET 10 with ASP.NET Core, Azure Functions' isolated worker (Microsoft.Azure.Functions.Worker.Core, its
    /// HTTP and timer extensions), the in-process WebJobs SDK's attributes (Microsoft.Azure.WebJobs.Core, its HTTP
    /// extension), FastEndpoints and MassTransit.Abstractions, as the packages resolve together
    /// (tests/BurstAnalyzers.Tests.FunctionsReferences).</summary>
    public static ImmutableArray<MetadataReference> WithFunctionsAndFastEndpoints => FunctionsAndFastEndpoints.Value;

    /// <summary>A MassTransit worker with no web framework: the BCL and MassTransit.Abstractions (its consumer contracts;
    /// it depends on nothing else), no ASP.NET Core.</summary>
    public static ImmutableArray<MetadataReference> MassTransitWorker => MassTransitOnly.Value;

    /// <summary>A Blazor WebAssembly project: .NET 10 and Microsoft.AspNetCore.Components.WebAssembly with its
    /// dependencies (Components, Components.Web, JS interop), without the ASP.NET Core shared framework
    /// (tests/BurstAnalyzers.Tests.BlazorWasmReferences).</summary>
    public static ImmutableArray<MetadataReference> BlazorWebAssembly => BlazorWasm.Value;

    /// <summary>The BCL alone: a project with no handler framework.</summary>
    public static ImmutableArray<MetadataReference> BclOnly => Bcl.Value;

    /// <summary>A .NET Framework 4.8 web project: System.Web, ASMX, WCF (System.ServiceModel, WebGet/WebInvoke),
    /// Web API 2 and classic MVC (stand-ins).</summary>
    public static ImmutableArray<MetadataReference> Net48 => Legacy.Value;

    private static ILookup<string, string> LoadList()
    {
        var list = Path.Combine(AppContext.BaseDirectory, "test-references.txt");
        var entries = File.ReadAllLines(list)
            .Where(line => line.Length > 0)
            .Select(line => line.Split('|', 2))
            .ToLookup(parts => parts[0], parts => parts[1]);
        Require(entries, "net10", "System.Runtime.dll", list);
        Require(entries, "net10", "Microsoft.AspNetCore.Mvc.Core.dll", list);
        Require(entries, "packages", "System.ServiceModel.Primitives.dll", list);
        Require(entries, "packages", "Grpc.Core.Api.dll", list);
        Require(entries, "efcore", "Microsoft.EntityFrameworkCore.dll", list);
        Require(entries, "net48", "System.Web.Services.dll", list);
        Require(entries, "functions", "Microsoft.Azure.Functions.Worker.Extensions.Abstractions.dll", list);
        Require(entries, "functions", "Microsoft.Azure.WebJobs.dll", list);
        Require(entries, "functions", "FastEndpoints.dll", list);
        Require(entries, "functions", "MassTransit.Abstractions.dll", list);
        Require(entries, "blazorwasm", "Microsoft.AspNetCore.Components.WebAssembly.dll", list);
        return entries;
    }

    private static void Require(ILookup<string, string> entries, string group, string fileName, string list)
    {
        if (!entries[group].Any(path => Path.GetFileName(path) == fileName))
        {
            throw new InvalidOperationException($"{list} lists no {fileName} in '{group}': rebuild the test project.");
        }
    }

    private static ImmutableArray<MetadataReference> FromFiles(string group)
        => Listed.Value[group].Distinct(StringComparer.Ordinal).Select(p => (MetadataReference)MetadataReference.CreateFromFile(p)).ToImmutableArray();

    /// <summary>The one assembly of that file name in <paramref name="group"/>.</summary>
    private static ImmutableArray<MetadataReference> FromFiles(string group, string fileName)
        => Listed.Value[group].Distinct(StringComparer.Ordinal).Where(p => Path.GetFileName(p) == fileName)
            .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p)).ToImmutableArray();

    private static bool IsAspNetCore(MetadataReference reference)
        => reference is PortableExecutableReference { FilePath: { } path }
            && path.Contains("Microsoft.AspNetCore.App.Ref", StringComparison.Ordinal);

    private static MetadataReference CompileStandIn(string assemblyName, IEnumerable<MetadataReference> references, LanguageVersion languageVersion)
    {
        var resource = $"StandIns.{assemblyName}.cs";
        using var stream = typeof(ReferenceSets).Assembly.GetManifestResourceStream(resource)
            ?? throw new InvalidOperationException($"Missing embedded stand-in {resource}.");
        using var reader = new StreamReader(stream);
        var tree = CSharpSyntaxTree.ParseText(reader.ReadToEnd(), new CSharpParseOptions(languageVersion), path: resource);
        return Compile(assemblyName, tree, references);
    }

    private static MetadataReference Compile(string assemblyName, SyntaxTree tree, IEnumerable<MetadataReference> references)
    {
        var compilation = CSharpCompilation.Create(
            assemblyName,
            new[] { tree },
            references,
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
