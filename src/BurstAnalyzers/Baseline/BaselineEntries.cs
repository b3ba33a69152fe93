using System;
using System.Text.RegularExpressions;

namespace BurstAnalyzers.Baseline;

/// <summary>
/// One line of a BurstAnalyzers.baseline.txt: "BURST001 | member | code". The one parser of an entry, compiled into the
/// analyzer (<c>BaselineFile</c>, which suppresses what the file records) and into the build task that writes and checks
/// the file (src/BurstAnalyzers.BuildTasks), so that both read every line alike. No Roslyn type: MSBuild loads the task.
/// </summary>
internal static class BaselineEntries
{
    /// <summary>Between an entry's rule id, member and code.</summary>
    public const string Separator = " | ";

    /// <summary>The diagnostic property that carries a finding's "member | code" (FindingIdentity) into the SARIF log,
    /// from which the build task reads it.</summary>
    public const string IdentityProperty = "BaselineIdentity";

    private static readonly Regex s_ruleId = new("^BURST[0-9]{3}$", RegexOptions.CultureInvariant);

    /// <summary>A blank line or a comment (#): neither an entry nor a problem.</summary>
    public static bool IsIgnored(string trimmedLine) => trimmedLine.Length == 0 || trimmedLine[0] == '#';

    /// <summary>"BURST001 | member | code" with each part trimmed, or null and why not.</summary>
    public static string? Normalize(string line, out string? reason)
    {
        var first = line.IndexOf(Separator, StringComparison.Ordinal);
        var second = first < 0 ? -1 : line.IndexOf(Separator, first + Separator.Length, StringComparison.Ordinal);
        if (second < 0)
        {
            reason = "expected three parts separated by ' | ': rule id, member, code";
            return null;
        }

        var rule = line.Substring(0, first).Trim();
        var member = line.Substring(first + Separator.Length, second - first - Separator.Length).Trim();
        var code = line.Substring(second + Separator.Length).Trim();
        if (!s_ruleId.IsMatch(rule))
        {
            reason = $"'{rule}' is not a BurstAnalyzers rule id (BURSTnnn)";
            return null;
        }

        if (member.Length == 0 || code.Length == 0)
        {
            reason = "the member and the code must not be empty";
            return null;
        }

        reason = null;
        return rule + Separator + member + Separator + code;
    }
}
