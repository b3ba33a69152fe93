using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using BurstAnalyzers.Baseline;
using Microsoft.Build.Framework;
using Microsoft.Build.Utilities;

namespace BurstAnalyzers.BuildTasks;

/// <summary>
/// The MSBuild side of the BurstAnalyzers baseline (docs/baseline.md), run by build/BurstAnalyzers.Baseline.targets in
/// update and check builds only. Analyzers may not write files (RS1035), so the findings reach this task through the
/// compiler's SARIF 2.1 log: each BURST result carries its entry's identity as the custom property
/// <see cref="BaselineEntries.IdentityProperty"/> (src/BurstAnalyzers/Baseline/FindingIdentity.cs).
/// <list type="bullet">
/// <item>findings: SARIF log → this build's entries, one per line, in obj/ (one file per target framework);</item>
/// <item>update: entries of every target framework → BurstAnalyzers.baseline.txt (sorted; written only when it changes);</item>
/// <item>check: recorded entries no build found any more → warning BURST902 at their line of the baseline file.</item>
/// </list>
/// </summary>
public sealed class BaselineTask : Task
{
    private const string HelpLink = "https://github.com/burstanalyzers/BurstAnalyzers/blob/main/docs/";

    private static readonly string[] s_header =
    {
        "# BurstAnalyzers baseline: findings this project had when it adopted the rules. A build reports only findings",
        "# that are not listed here. One line per finding: rule | member | code (" + HelpLink + "baseline.md).",
        "# Written by: dotnet build -p:BurstAnalyzersBaseline=update",
    };

    [Required]
    public string Action { get; set; } = "";

    /// <summary>findings: the compiler's SARIF 2.1 log.</summary>
    public string SarifLog { get; set; } = "";

    /// <summary>findings: where this build's entries are written.</summary>
    public string FindingsFile { get; set; } = "";

    /// <summary>update, check: the entries each target framework's build found.</summary>
    public ITaskItem[] FindingsFiles { get; set; } = Array.Empty<ITaskItem>();

    /// <summary>update, check: the project's BurstAnalyzers.baseline.txt.</summary>
    public string BaselineFile { get; set; } = "";

    public override bool Execute()
    {
        try
        {
            switch (Action)
            {
                case "findings":
                    return WriteFindings();
                case "update":
                    return Update();
                case "check":
                    return Check();
                default:
                    Log.LogError("BurstAnalyzers baseline: unknown action '{0}'.", Action);
                    return false;
            }
        }
        catch (Exception e) when (e is IOException || e is UnauthorizedAccessException || e is FormatException
            || e is IndexOutOfRangeException || e is ArgumentException || e is OverflowException)
        {
            // A truncated or foreign SARIF log, an unwritable file: one readable error, not a task crash.
            Log.LogError("BurstAnalyzers baseline ({0}): {1}", Action, e.Message);
            return false;
        }
    }

    private bool WriteFindings()
    {
        if (!File.Exists(SarifLog))
        {
            Log.LogError("BurstAnalyzers baseline: the compiler wrote no SARIF log at '{0}', so the findings cannot be recorded.", SarifLog);
            return false;
        }

        var entries = new List<string>();
        var root = SarifJson.Parse(File.ReadAllText(SarifLog));
        foreach (var run in SarifJson.Array(SarifJson.Member(root, "runs")))
        {
            foreach (var result in SarifJson.Array(SarifJson.Member(run, "results")))
            {
                var id = SarifJson.Member(result, "ruleId") as string;
                var identity = SarifJson.Member(SarifJson.Member(SarifJson.Member(result, "properties"), "customProperties"), BaselineEntries.IdentityProperty) as string;
                if (id != null && id.StartsWith("BURST", StringComparison.Ordinal) && identity != null && !SuppressedByUser(result))
                {
                    entries.Add(id + BaselineEntries.Separator + identity);
                }
            }
        }

        entries.Sort(StringComparer.Ordinal);
        Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(FindingsFile)));
        WriteIfChanged(FindingsFile, entries);
        return true;
    }

    /// <summary>A finding suppressed in source (#pragma, [SuppressMessage]) or by another suppressor is the user's
    /// decision, not a finding to record; one suppressed by the baseline (BURSTBnnn, BURSTUnnn) is recorded.</summary>
    private static bool SuppressedByUser(object? result)
    {
        var suppressions = SarifJson.Array(SarifJson.Member(result, "suppressions")).ToList();
        if (suppressions.Count == 0)
        {
            return false;
        }

        return !suppressions.Any(s =>
            SarifJson.Member(SarifJson.Member(s, "properties"), "suppressionType") is string type
            && (type.Contains("Suppression Id: BURSTB") || type.Contains("Suppression Id: BURSTU")));
    }

    private bool Update()
    {
        var found = Found();
        var recorded = Recorded(out _);
        var lines = new List<string>(s_header);
        foreach (var pair in found.OrderBy(p => p.Key, StringComparer.Ordinal))
        {
            lines.AddRange(Enumerable.Repeat(pair.Key, pair.Value));
        }

        var total = found.Values.Sum();
        var added = found.Sum(p => Math.Max(0, p.Value - Count(recorded, p.Key)));
        var removed = recorded.Sum(p => Math.Max(0, p.Value - Count(found, p.Key)));
        if (total == 0 && !File.Exists(BaselineFile))
        {
            Log.LogMessage(MessageImportance.High, "BurstAnalyzers baseline: no findings; no {0} written.", Path.GetFileName(BaselineFile));
            return true;
        }

        var written = WriteIfChanged(BaselineFile, lines);
        Log.LogMessage(
            MessageImportance.High,
            "BurstAnalyzers baseline: {0} records {1} finding(s): {2} added, {3} removed{4}.",
            BaselineFile,
            total,
            added,
            removed,
            written ? "" : " (unchanged)");
        return true;
    }

    private bool Check()
    {
        var found = Found();
        var recorded = Recorded(out var lineNumbers);
        var stale = 0;
        foreach (var pair in recorded.OrderBy(p => p.Key, StringComparer.Ordinal))
        {
            var lines = lineNumbers[pair.Key];
            for (var i = Count(found, pair.Key); i < pair.Value; i++)
            {
                stale++;
                Log.LogWarning(
                    subcategory: null,
                    warningCode: "BURST902",
                    helpKeyword: null,
                    file: BaselineFile,
                    lineNumber: lines[i],
                    columnNumber: 1,
                    endLineNumber: 0,
                    endColumnNumber: 0,
                    message: "Recorded finding no longer exists: '" + pair.Key + "'. Remove it with: dotnet build -p:BurstAnalyzersBaseline=update (" + HelpLink + "rules/BURST902.md)");
            }
        }

        Log.LogMessage(
            MessageImportance.High,
            "BurstAnalyzers baseline: {0} records {1} finding(s), {2} no longer found.",
            BaselineFile,
            recorded.Values.Sum(),
            stale);
        return true;
    }

    /// <summary>Per entry, the most findings any target framework's build had (an #if may hide some in another).</summary>
    private Dictionary<string, int> Found()
    {
        var found = new Dictionary<string, int>(StringComparer.Ordinal);
        foreach (var item in FindingsFiles)
        {
            var perBuild = new Dictionary<string, int>(StringComparer.Ordinal);
            if (!File.Exists(item.ItemSpec))
            {
                Log.LogError("BurstAnalyzers baseline: no findings were recorded at '{0}'.", item.ItemSpec);
                continue;
            }

            foreach (var line in File.ReadAllLines(item.ItemSpec))
            {
                if (line.Length > 0)
                {
                    perBuild[line] = Count(perBuild, line) + 1;
                }
            }

            foreach (var pair in perBuild)
            {
                found[pair.Key] = Math.Max(Count(found, pair.Key), pair.Value);
            }
        }

        return found;
    }

    /// <summary>The baseline file's entries, read by the analyzer's own parser (<see cref="BaselineEntries"/>): parts
    /// trimmed, comments, blank and malformed lines (the analyzer's BURST901) skipped.</summary>
    private Dictionary<string, int> Recorded(out Dictionary<string, List<int>> lineNumbers)
    {
        var recorded = new Dictionary<string, int>(StringComparer.Ordinal);
        lineNumbers = new Dictionary<string, List<int>>(StringComparer.Ordinal);
        if (!File.Exists(BaselineFile))
        {
            return recorded;
        }

        var lines = File.ReadAllLines(BaselineFile);
        for (var i = 0; i < lines.Length; i++)
        {
            var line = lines[i].Trim();
            if (BaselineEntries.IsIgnored(line) || BaselineEntries.Normalize(line, out _) is not { } entry)
            {
                continue;
            }

            recorded[entry] = Count(recorded, entry) + 1;
            if (!lineNumbers.TryGetValue(entry, out var numbers))
            {
                lineNumbers[entry] = numbers = new List<int>();
            }

            numbers.Add(i + 1);
        }

        return recorded;
    }

    private static int Count(Dictionary<string, int> counts, string entry) => counts.TryGetValue(entry, out var count) ? count : 0;

    /// <summary>UTF-8 without BOM, LF line ends: the same bytes on every machine. Untouched when equal, so an update
    /// that changes nothing leaves the file's time alone.</summary>
    private static bool WriteIfChanged(string path, IEnumerable<string> lines)
    {
        var text = new StringBuilder();
        foreach (var line in lines)
        {
            text.Append(line).Append('\n');
        }

        var content = text.ToString();
        if (File.Exists(path) && File.ReadAllText(path) == content)
        {
            return false;
        }

        File.WriteAllText(path, content, new UTF8Encoding(encoderShouldEmitUTF8Identifier: false));
        return true;
    }
}
