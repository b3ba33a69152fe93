using System.Collections.Generic;
using System.Linq;
using BurstAnalyzers.Accuracy.Building;

namespace BurstAnalyzers.Accuracy.Scoring;

/// <summary>
/// One tool's result on the labelled sites. A report is a distinct place a tool reports (several of its ids on one
/// line count once). It is a true positive when it points at a labelled positive: by its own line, or, for a chain
/// rule (BURST005/BURST007), by a related location naming the blocking call. Precision = true reports / reports;
/// recall = positive sites pointed at by any report / positive sites.
/// </summary>
public sealed class Score
{
    public Score(Tool tool, IReadOnlyList<Reported> all, IReadOnlyList<Label> labels, bool requestPathOnly)
    {
        Tool = tool;
        var positives = labels.Where(l => !requestPathOnly || l.RequestPath).ToList();
        Positives = positives.Count;
        var reports = all.Where(r => tool.Ids.Contains(r.Id)).GroupBy(r => r.Site).ToList();
        var found = new HashSet<Label>();
        foreach (var report in reports)
        {
            var hits = positives.Where(label => report.Any(r => label.Covers(r.Site) || (Tool.IsChainRule(r.Id) && r.Related.Any(label.Covers)))).ToList();
            if (hits.Count == 0)
            {
                FalsePositives.Add(report.First());
            }
            else
            {
                TruePositives++;
                found.UnionWith(hits);
            }
        }

        Reports = reports.Count;
        Found = found.Count;
        Missed = positives.Where(p => !found.Contains(p)).ToList();
    }

    public Tool Tool { get; }

    public int Reports { get; }

    public int TruePositives { get; }

    public int Positives { get; }

    public int Found { get; }

    public List<Reported> FalsePositives { get; } = new();

    public List<Label> Missed { get; }

    public double Precision => Reports == 0 ? 0 : (double)TruePositives / Reports;

    public double Recall => Positives == 0 ? 0 : (double)Found / Positives;
}
