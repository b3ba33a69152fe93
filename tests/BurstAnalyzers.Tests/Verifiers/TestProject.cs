using System.Collections.Immutable;
using BurstAnalyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Testing;

namespace BurstAnalyzers.Tests.Verifiers;

/// <summary>
/// What every test project compiles against, applied to each analyzer and code-fix test: real reference assemblies
/// listed at build time (never the harness's NuGet resolution, which would download), nullable context on as in a
/// new SDK project, and the language version of the target framework. <see cref="UseNet48"/> turns a test into a
/// .NET Framework 4.8 project (C# 7.3), where classic WCF, ASMX, System.Web and Web API 2 code lives. The compilation
/// options carry what the command-line compiler's do (<see cref="CommandLineCompilerObjects"/>).
/// </summary>
public sealed class TestProject
{
    public ImmutableArray<MetadataReference> References { get; set; } = ReferenceSets.Default;

    public LanguageVersion LanguageVersion { get; set; } = LanguageVersion.Latest;

    public NullableContextOptions Nullable { get; set; } = NullableContextOptions.Enable;

    public string TargetFramework { get; private set; } = "net10.0";

    /// <summary>A .NET Framework 4.8 project: its reference assemblies, System.Web, WCF, Web API 2, and C# 7.3.</summary>
    public void UseNet48()
    {
        TargetFramework = "net48";
        References = ReferenceSets.Net48;
        LanguageVersion = LanguageVersion.CSharp7_3;
        Nullable = NullableContextOptions.Disable;
    }

    /// <summary>Adds the files, the .editorconfig (at the project root) and the output kind to a test state.</summary>
    internal static void AddTo(SolutionState state, System.Collections.Generic.IEnumerable<TestSource> sources, string? editorConfig, OutputKind? outputKind)
    {
        foreach (var source in sources)
        {
            state.Sources.Add((source.Path, source.Markup));
        }

        if (editorConfig is not null)
        {
            state.AnalyzerConfigFiles.Add(("/0/.editorconfig", editorConfig));
        }

        if (outputKind is not null)
        {
            state.OutputKind = outputKind;
        }
    }

    internal void ApplyTo(AnalyzerTest<DefaultVerifier> test)
    {
        // A named set with no package: resolves to nothing and never asks NuGet; the references come from the transform.
        test.ReferenceAssemblies = new ReferenceAssemblies(TargetFramework);
        test.SolutionTransforms.Add((solution, projectId) =>
        {
            var project = solution.GetProject(projectId)!;
            var parse = ((CSharpParseOptions)project.ParseOptions!).WithLanguageVersion(LanguageVersion);
            var compilation = ((CSharpCompilationOptions)project.CompilationOptions!).WithNullableContextOptions(Nullable).AsCommandLineCompiler();
            return solution
                .WithProjectParseOptions(projectId, parse)
                .WithProjectCompilationOptions(projectId, compilation)
                .AddMetadataReferences(projectId, References);
        });
    }
}
