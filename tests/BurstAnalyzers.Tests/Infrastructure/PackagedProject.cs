using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Testing;

namespace BurstAnalyzers.Tests.Infrastructure;

/// <summary>
/// Another project of a code-fix test's solution, built with the package: its source, the marker the package's generator
/// writes into such a project (CrossProject/PackageMarkerGenerator.cs, so that the project above reads its chains), its
/// options and references, and the reference to it from the test's project.
/// </summary>
internal static class PackagedProject
{
    public static string Marker { get; } =
        "[assembly: global::System.Reflection.AssemblyMetadata(\"BurstAnalyzers.ChainsFormat\", \"" + BurstAnalyzers.FactsFiles.CarriedChain.FormatVersion + "\")]\n";

    /// <summary>Adds project <paramref name="name"/> to <paramref name="state"/> (a test's before or after) with
    /// <paramref name="source"/> as <c>/name/fileName</c>, and references it from the test's project.</summary>
    public static ProjectState AddTo(SolutionState state, string name, string fileName, string source, IEnumerable<MetadataReference> references, string? editorConfig = null)
    {
        var project = state.AdditionalProjects[name];
        project.Sources.Add(("/" + name + "/" + fileName, source));
        project.Sources.Add(("/" + name + "/Marker.cs", Marker));
        if (editorConfig is not null)
        {
            project.AnalyzerConfigFiles.Add(("/" + name + "/.editorconfig", editorConfig));
        }

        project.AdditionalReferences.AddRange(references);
        state.AdditionalProjectReferences.Add(name);
        return project;
    }
}
