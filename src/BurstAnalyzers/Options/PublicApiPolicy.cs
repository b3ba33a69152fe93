using System;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.Options;

/// <summary>
/// burst_analyzers.public_api_in_libraries: whether an async fix may rename or retype a member that code outside the
/// solution can call (<c>string Load()</c> becoming <c>Task&lt;string&gt; LoadAsync()</c> breaks the build of code the
/// fix cannot see). Set in a file's options, it decides ("keep" or "change"). Unset, the library's build decides: a
/// library that ships as a package keeps its public API, one that is a layer of its solution's application (nothing
/// packs it) lets the chain be converted across the solution's projects with no option to discover
/// (<see cref="BuildProperties.ShipsAsPackage"/>, decided in MSBuild); whether it references a request framework then
/// decides nothing. Only where no build said (a compilation made without the package's build file) is that the guess:
/// a library that can hold request handlers is an application's, any other keeps its API.
/// </summary>
internal static class PublicApiPolicy
{
    public const string Keep = "keep";
    public const string Change = "change";

    public static bool TryParse(string raw, out bool keep)
    {
        var value = raw.Trim();
        keep = !string.Equals(value, Change, StringComparison.OrdinalIgnoreCase);
        return string.Equals(value, Keep, StringComparison.OrdinalIgnoreCase) || string.Equals(value, Change, StringComparison.OrdinalIgnoreCase);
    }

    /// <summary>True when the fix must leave <paramref name="method"/>'s name and signature as they are: a member of a
    /// library visible to other assemblies, under <paramref name="fileOptions"/> (its file's) and
    /// <paramref name="projectOptions"/> (its project's global options, where the build's properties are).
    /// <paramref name="referencesRequestFramework"/>: the project can hold request handlers (the handler model knows, a
    /// layer above this one), asked only where no build said whether the library ships as a package.</summary>
    public static bool MustKeep(IMethodSymbol method, Compilation compilation, AnalyzerConfigOptions fileOptions, AnalyzerConfigOptions projectOptions, bool referencesRequestFramework)
    {
        if (compilation.Options.OutputKind != OutputKind.DynamicallyLinkedLibrary
            || !method.IsVisibleToOtherAssemblies(throughInternalsVisibleTo: false))
        {
            return false;
        }

        if (fileOptions.TryGetValue(BurstOptionKeys.PublicApiInLibraries, out var raw))
        {
            return !TryParse(raw, out var keep) || keep;
        }

        return KeepsByDefault(projectOptions, referencesRequestFramework);
    }

    /// <summary>True when every C# file of <paramref name="compilation"/>, a library, keeps its public API: what the
    /// package's generator writes into the library's assembly (<see cref="MarkerKey"/>), so that a project above, which
    /// cannot read this project's options, can say in BURST005's message why a chain's fix is withheld. A project whose
    /// files differ says nothing (no claim the fix list would contradict).</summary>
    public static bool KeepsEveryFile(Compilation compilation, AnalyzerConfigOptionsProvider options, Func<bool> referencesRequestFramework)
    {
        if (compilation.Options.OutputKind != OutputKind.DynamicallyLinkedLibrary)
        {
            return false;
        }

        bool? byDefault = null;
        foreach (var tree in compilation.SyntaxTrees)
        {
            var keep = options.GetOptions(tree).TryGetValue(BurstOptionKeys.PublicApiInLibraries, out var raw)
                ? !TryParse(raw, out var kept) || kept
                : byDefault ??= KeepsByDefault(options.GlobalOptions, referencesRequestFramework());
            if (!keep)
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>The assembly metadata key of <see cref="KeepsEveryFile"/>'s answer (value <see cref="Keep"/>).</summary>
    public const string MarkerKey = "BurstAnalyzers.PublicApi";

    /// <summary>Whether <paramref name="assembly"/>, another project of the solution, keeps its public API: its
    /// generator wrote <see cref="MarkerKey"/> (in an editor too: the IDE runs the generator).</summary>
    public static bool IsKeptBy(IAssemblySymbol assembly) => assembly.AssemblyMetadataOf(MarkerKey) is Keep;

    private static bool KeepsByDefault(AnalyzerConfigOptions projectOptions, bool referencesRequestFramework)
        => BuildProperties.Read(projectOptions, BuildProperties.ShipsAsPackage) is { } shipsAsPackage
            ? !string.Equals(shipsAsPackage, "false", StringComparison.OrdinalIgnoreCase)
            : !referencesRequestFramework;
}
