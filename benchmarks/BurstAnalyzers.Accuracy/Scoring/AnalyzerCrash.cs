using System;
using System.Collections.Generic;
using System.Text.RegularExpressions;

namespace BurstAnalyzers.Accuracy.Scoring;

/// <summary>
/// An analyzer that threw during a build (AD0001): the compiler switches it off for the rest of that compilation, so
/// whatever it would have reported there is lost. A reliability figure beside precision and recall.
/// </summary>
public sealed record AnalyzerCrash(string Project, string Analyzer, string Exception)
{
    private static readonly Regex Line = new(
        @"warning AD0001: Analyzer '(?<analyzer>[^']+)' threw an exception of type '(?<exception>[^']+)'.*?\[(?<project>[^\]]+)\]\s*$",
        RegexOptions.Multiline);

    /// <summary>Each distinct crash a build printed (the same analyzer, exception and project once).</summary>
    public static List<AnalyzerCrash> Read(string buildOutput, string root)
    {
        var crashes = new List<AnalyzerCrash>();
        var seen = new HashSet<AnalyzerCrash>();
        foreach (Match match in Line.Matches(buildOutput))
        {
            var project = match.Groups["project"].Value;
            var prefix = root.TrimEnd('/') + "/";
            var crash = new AnalyzerCrash(
                project.StartsWith(prefix, StringComparison.Ordinal) ? project[prefix.Length..] : project,
                match.Groups["analyzer"].Value,
                match.Groups["exception"].Value);
            if (seen.Add(crash))
            {
                crashes.Add(crash);
            }
        }

        return crashes;
    }
}
