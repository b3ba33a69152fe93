using System.Collections.Immutable;

namespace BurstAnalyzers.Tests.Verifiers;

/// <summary>One named file of a test project, written with diagnostic markup; a plain string is Test0.cs.</summary>
public sealed record TestSource(string FileName, string Markup)
{
    public static implicit operator TestSource(string markup) => new("Test0.cs", markup);

    public static ImmutableArray<TestSource> Files(params TestSource[] sources) => ImmutableArray.Create(sources);

    /// <summary>The file's code with the diagnostic markup removed, as the harness reads it.</summary>
    public string Code => WithoutMarkup(Markup);

    /// <summary>Markup removed by the harness's own parser (<c>[|…|]</c>, <c>{|ID:…|}</c>, <c>{|#0:…|}</c>).</summary>
    public static string WithoutMarkup(string markup)
    {
        Microsoft.CodeAnalysis.Testing.TestFileMarkupParser.GetSpans(
            markup, out string code, out ImmutableDictionary<string, ImmutableArray<Microsoft.CodeAnalysis.Text.TextSpan>> _);
        return code;
    }

    /// <summary>Where the harness puts the file: under the project folder, so that a test's .editorconfig applies.</summary>
    internal string Path => "/0/" + FileName;
}
