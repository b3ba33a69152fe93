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

        return BuildProperties.Read(projectOptions, BuildProperties.ShipsAsPackage) is { } shipsAsPackage
            ? !string.Equals(shipsAsPackage, "false", StringComparison.OrdinalIgnoreCase)
            : !referencesRequestFramework;
    }
}
