using System.Text.RegularExpressions;

namespace BurstDemo.Variants;

/// <summary>
/// The BURST diagnostics a `dotnet build` printed, each once (MSBuild repeats warnings in its summary), as
/// "file(line,column): id" relative to the sample.
/// </summary>
internal static partial class BuildWarnings
{
    public static IReadOnlyList<string> Parse(string buildOutput, string sampleDirectory)
        => BurstDiagnostic().Matches(buildOutput)
            .Select(m => $"{Path.GetRelativePath(sampleDirectory, m.Groups["file"].Value.Trim())}({m.Groups["line"].Value},{m.Groups["column"].Value}): {m.Groups["id"].Value}")
            .Distinct()
            .Order(StringComparer.Ordinal)
            .ToList();

    [GeneratedRegex(@"^[ \t]*(?<file>[^(\s][^(\r\n]*)\((?<line>\d+),(?<column>\d+)\): (?:warning|error) (?<id>BURST\d{3}):", RegexOptions.Multiline)]
    private static partial Regex BurstDiagnostic();
}
