using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.Benchmarks.Measurement;

/// <summary>
/// Switches on the rules a set is measured for, as a user enabling them in .editorconfig would (several are off by
/// default), and suppresses every other rule of the same analyzers, so only the work for those rules is timed.
/// </summary>
internal static class RuleSelection
{
    /// <summary>The analyzers that support at least one of <paramref name="ruleIds"/>.</summary>
    public static List<DiagnosticAnalyzer> Supporting(IEnumerable<DiagnosticAnalyzer> analyzers, IReadOnlyCollection<string> ruleIds)
        => analyzers.Where(a => a.SupportedDiagnostics.Any(d => ruleIds.Contains(d.Id))).ToList();

    public static System.Func<CSharpCompilation, CSharpCompilation> EnableOnly(IReadOnlyCollection<DiagnosticAnalyzer> analyzers, IReadOnlyCollection<string> ruleIds)
    {
        var options = new Dictionary<string, ReportDiagnostic>();
        foreach (var descriptor in analyzers.SelectMany(a => a.SupportedDiagnostics))
        {
            options[descriptor.Id] = ruleIds.Contains(descriptor.Id) ? ReportDiagnostic.Warn : ReportDiagnostic.Suppress;
        }

        var specificOptions = options.ToImmutableDictionary();
        return compilation => compilation.WithOptions(compilation.Options.WithSpecificDiagnosticOptions(specificOptions));
    }
}
