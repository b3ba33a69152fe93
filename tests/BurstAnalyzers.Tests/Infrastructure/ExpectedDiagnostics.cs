using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;
using Xunit;

namespace BurstAnalyzers.Tests.Infrastructure;

/// <summary>Compares diagnostics with the spans marked in the sources: same ids, same files, same exact spans.</summary>
internal static class ExpectedDiagnostics
{
    public static void AssertMatch(
        IEnumerable<(string FileName, ImmutableArray<MarkedSpan> Spans)> expectedByFile,
        ImmutableArray<Diagnostic> actual,
        string? defaultId,
        string when)
    {
        var expected = expectedByFile
            .SelectMany(f => f.Spans.Select(s => (File: TestWorkspace.ProjectDirectory + f.FileName, s.Span, Id: s.Id ?? defaultId ?? "<no default id>")))
            .OrderBy(e => e.File, System.StringComparer.Ordinal).ThenBy(e => e.Span.Start)
            .ToList();
        var found = actual
            .Select(d => (File: d.Location.SourceTree?.FilePath ?? "", Span: d.Location.SourceSpan, d.Id))
            .ToList();

        if (expected.SequenceEqual(found))
        {
            return;
        }

        var report = new StringBuilder();
        report.AppendLine($"Diagnostics {when} differ from the markup.");
        report.AppendLine("Expected:");
        foreach (var e in expected)
        {
            report.AppendLine($"  {e.Id} {e.File} {e.Span}");
        }

        report.AppendLine("Actual:");
        foreach (var d in actual)
        {
            report.AppendLine($"  {d.Id} {d.Location.SourceTree?.FilePath} {d.Location.SourceSpan}  {TestWorkspace.Describe(d)}");
        }

        Assert.Fail(report.ToString());
    }

    public static string? SingleId(ImmutableArray<DiagnosticDescriptor> descriptors)
        => descriptors.Length == 1 ? descriptors[0].Id : null;
}
