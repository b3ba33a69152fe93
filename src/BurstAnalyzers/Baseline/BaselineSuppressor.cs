using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.Baseline;

/// <summary>
/// Findings recorded in the project's BurstAnalyzers.baseline.txt are suppressed, not dropped: the build log and the
/// editor's squiggles leave them out, while SARIF lists each with a suppression ("DiagnosticSuppressor", the
/// suppression id BURSTBnnn and its justification) and the IDE's error list shows them under suppressed diagnostics.
/// Findings with the same entry are matched by count, in source order: the first n of them are the n recorded ones,
/// so a second identical call is new. A suppressor can suppress a warning made an error by -warnaserror or by a
/// severity setting, but never a diagnostic whose default severity is error (Roslyn's rule): every BURST rule ships
/// as a warning. In an update build (BurstAnalyzersBaseline=update) every finding is suppressed with the suppression
/// id BURSTUnnn, so that recording never fails the build; the build files then write the file from the SARIF log.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class BaselineSuppressor : DiagnosticSuppressor
{
    // Every rule that reports a finding: a new rule is baselined without a change here.
    private static readonly string[] s_ruleIds = RuleDescriptors.Findings.Select(descriptor => descriptor.Id).ToArray();

    private static readonly ImmutableDictionary<string, SuppressionDescriptor> s_recorded = s_ruleIds.ToImmutableDictionary(
        id => id,
        id => new SuppressionDescriptor(
            "BURSTB" + id.Substring(5),
            id,
            "Recorded in the project's BurstAnalyzers.baseline.txt: a finding that predates the baseline (docs/baseline.md)"));

    private static readonly ImmutableDictionary<string, SuppressionDescriptor> s_recording = s_ruleIds.ToImmutableDictionary(
        id => id,
        id => new SuppressionDescriptor(
            "BURSTU" + id.Substring(5),
            id,
            "Being recorded by dotnet build -p:BurstAnalyzersBaseline=update (docs/baseline.md)"));

    public override ImmutableArray<SuppressionDescriptor> SupportedSuppressions { get; } =
        s_ruleIds.Select(id => s_recorded[id]).Concat(s_ruleIds.Select(id => s_recording[id])).ToImmutableArray();

    public override void ReportSuppressions(SuppressionAnalysisContext context)
    {
        if (BaselineMode.IsUpdate(context.Options.AnalyzerConfigOptionsProvider))
        {
            foreach (var diagnostic in context.ReportedDiagnostics)
            {
                context.ReportSuppression(Suppression.Create(s_recording[diagnostic.Id], diagnostic));
            }

            return;
        }

        var baseline = BaselineFiles.For(context.Options, context.CancellationToken);
        if (baseline.IsEmpty)
        {
            return;
        }

        // One hash look-up per finding; only entries the file records are grouped and put in source order.
        Dictionary<string, List<Diagnostic>>? recorded = null;
        foreach (var diagnostic in context.ReportedDiagnostics)
        {
            if (FindingIdentity.EntryOf(diagnostic) is { } entry && baseline.Recorded(entry) > 0)
            {
                recorded ??= new Dictionary<string, List<Diagnostic>>(System.StringComparer.Ordinal);
                if (!recorded.TryGetValue(entry, out var same))
                {
                    recorded[entry] = same = new List<Diagnostic>();
                }

                same.Add(diagnostic);
            }
        }

        if (recorded is null)
        {
            return;
        }

        foreach (var pair in recorded)
        {
            var same = pair.Value;
            if (same.Count > 1)
            {
                same.Sort(InSourceOrder);
            }

            var count = System.Math.Min(baseline.Recorded(pair.Key), same.Count);
            for (var i = 0; i < count; i++)
            {
                context.ReportSuppression(Suppression.Create(s_recorded[same[i].Id], same[i]));
            }
        }
    }

    private static int InSourceOrder(Diagnostic left, Diagnostic right)
    {
        var byFile = string.CompareOrdinal(left.Location.SourceTree?.FilePath, right.Location.SourceTree?.FilePath);
        return byFile != 0 ? byFile : left.Location.SourceSpan.Start.CompareTo(right.Location.SourceSpan.Start);
    }
}
