using System;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.Options;

/// <summary>
/// burst_analyzers.public_api_in_libraries: whether an async fix may rename or retype a member that code outside the
/// solution can call. A library project (a DLL that references no request-handler framework: a services, data or
/// client library) may be consumed elsewhere, where <c>string Load()</c> becoming <c>Task&lt;string&gt; LoadAsync()</c>
/// breaks the build of code the fix cannot see. So by default ("keep") such members are left as they are and the fix
/// is not offered through them; "change" lets it convert them like any other method.
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

    /// <summary>True when the fix must leave <paramref name="method"/>'s name and signature as they are.
    /// <paramref name="referencesRequestFramework"/>: the project can hold request handlers (the handler model knows,
    /// a layer above this one), so it is an application's, not a library consumed elsewhere.</summary>
    public static bool MustKeep(IMethodSymbol method, Compilation compilation, AnalyzerConfigOptions options, bool referencesRequestFramework)
    {
        if (compilation.Options.OutputKind != OutputKind.DynamicallyLinkedLibrary
            || !method.IsVisibleToOtherAssemblies(throughInternalsVisibleTo: false)
            || referencesRequestFramework)
        {
            return false;
        }

        return !options.TryGetValue(BurstOptionKeys.PublicApiInLibraries, out var raw) || !TryParse(raw, out var keep) || keep;
    }
}
