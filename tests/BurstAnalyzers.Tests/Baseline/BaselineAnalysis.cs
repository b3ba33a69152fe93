using System.Collections.Generic;
using System.Collections.Immutable;
using System.Diagnostics.CodeAnalysis;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Baseline;
using BurstAnalyzers.Rules;
using BurstAnalyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;
using Xunit;

namespace BurstAnalyzers.Tests.Baseline;

/// <summary>
/// Runs the rules, the baseline file's analyzer and the baseline suppressor on sources, with a BurstAnalyzers.baseline.txt as an
/// additional file, the way the compiler does: suppressed diagnostics are kept and marked, as in a SARIF log.
/// </summary>
internal static class BaselineAnalysis
{
    public const string BaselinePath = "/project/BurstAnalyzers.baseline.txt";

    /// <summary>One diagnostic: where, which rule, its baseline entry, and whether it is suppressed. (Which suppression
    /// id suppressed it is internal to Roslyn here; the consumer-build tests read it from SARIF.)</summary>
    public sealed record Finding(string File, int Line, string Id, string? Entry, bool Suppressed);

    private static readonly ImmutableArray<DiagnosticAnalyzer> Analyzers = ImmutableArray.Create<DiagnosticAnalyzer>(
        new BlockingCallAnalyzer(), new CallChainAnalyzer(), new BaselineFileAnalyzer(), new BaselineSuppressor());

    public static Task<IReadOnlyList<Finding>> RunAsync(string source, string? baseline = null, bool update = false)
        => RunAsync(new[] { ("/project/Controllers.cs", source) }, baseline, update);

    public static async Task<IReadOnlyList<Finding>> RunAsync(IEnumerable<(string Path, string Source)> sources, string? baseline = null, bool update = false)
    {
        var diagnostics = await DiagnosticsAsync(sources, baseline, update);
        return diagnostics
            .Select(d => new Finding(
                d.Location.GetLineSpan().Path,
                d.Location.GetLineSpan().StartLinePosition.Line + 1,
                d.Id,
                FindingIdentity.EntryOf(d),
                d.IsSuppressed))
            .OrderBy(f => f.File, System.StringComparer.Ordinal).ThenBy(f => f.Line).ThenBy(f => f.Id, System.StringComparer.Ordinal)
            .ToList();
    }

    /// <summary>Each diagnostic's id and message.</summary>
    public static async Task<IReadOnlyList<(string Id, string Message)>> MessagesAsync(string source, string? baseline = null)
        => (await DiagnosticsAsync(new[] { ("/project/Controllers.cs", source) }, baseline, update: false)).Select(d => (d.Id, d.GetMessage())).ToList();

    private static async Task<ImmutableArray<Diagnostic>> DiagnosticsAsync(IEnumerable<(string Path, string Source)> sources, string? baseline, bool update)
    {
        var compilation = CSharpCompilation.Create(
            "Baseline",
            sources.Select(s => CSharpSyntaxTree.ParseText(s.Source, new CSharpParseOptions(LanguageVersion.Latest), s.Path)),
            ReferenceSets.Default,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable));
        var errors = compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).ToList();
        Assert.True(errors.Count == 0, "The test code does not compile:\n" + string.Join("\n", errors));

        var additional = baseline is null
            ? ImmutableArray<AdditionalText>.Empty
            : ImmutableArray.Create<AdditionalText>(new InMemoryAdditionalText(BaselinePath, baseline));
        var global = update ? ImmutableDictionary<string, string>.Empty.Add("build_property.BurstAnalyzersBaseline", "update") : ImmutableDictionary<string, string>.Empty;
        var options = new CompilationWithAnalyzersOptions(
            new AnalyzerOptions(additional, new GlobalOnly(global)),
            onAnalyzerException: null,
            concurrentAnalysis: false,
            logAnalyzerExecutionTime: false,
            reportSuppressedDiagnostics: true);
        return await compilation.WithAnalyzers(Analyzers, options).GetAnalyzerDiagnosticsAsync(CancellationToken.None);
    }

    /// <summary>The baseline file an update would write for these findings (entries only).</summary>
    public static string BaselineOf(IEnumerable<Finding> findings)
        => string.Join("\n", findings.Where(f => f.Entry is not null).Select(f => f.Entry).OrderBy(e => e, System.StringComparer.Ordinal)) + "\n";

    private sealed class GlobalOnly(ImmutableDictionary<string, string> global) : AnalyzerConfigOptionsProvider
    {
        public override AnalyzerConfigOptions GlobalOptions { get; } = new Options(global);

        public override AnalyzerConfigOptions GetOptions(SyntaxTree tree) => new Options(ImmutableDictionary<string, string>.Empty);

        public override AnalyzerConfigOptions GetOptions(AdditionalText textFile) => new Options(ImmutableDictionary<string, string>.Empty);
    }

    private sealed class Options(ImmutableDictionary<string, string> values) : AnalyzerConfigOptions
    {
        public override bool TryGetValue(string key, [NotNullWhen(true)] out string? value) => values.TryGetValue(key, out value);
    }
}
