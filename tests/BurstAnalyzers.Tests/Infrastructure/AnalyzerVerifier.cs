using System.Collections.Immutable;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.Tests.Infrastructure;

/// <summary>
/// Runs one analyzer over marked-up sources and asserts it reports exactly the marked spans, nothing else, and never
/// throws. Sources must compile unless a test says otherwise.
/// </summary>
internal static class AnalyzerVerifier<TAnalyzer>
    where TAnalyzer : DiagnosticAnalyzer, new()
{
    public static Task VerifyAsync(string source) => VerifyAsync(TestSource.Files(source));

    public static async Task VerifyAsync(
        ImmutableArray<TestSource> sources,
        string? editorConfig = null,
        ImmutableArray<MetadataReference>? references = null,
        bool allowCompilerErrors = false,
        System.Func<Microsoft.CodeAnalysis.CSharp.CSharpCompilationOptions, Microsoft.CodeAnalysis.CSharp.CSharpCompilationOptions>? compilationOptions = null)
    {
        var analyzer = new TAnalyzer();
        var parsed = sources.Select(s => (s.FileName, Parsed: Markup.Parse(s.Markup))).ToArray();
        var solution = TestWorkspace.CreateSolution(
            parsed.Select(p => (p.FileName, p.Parsed.Code)),
            editorConfig,
            references ?? ReferenceSets.Default,
            compilationOptions);
        var project = solution.Projects.Single();

        if (!allowCompilerErrors)
        {
            await TestWorkspace.AssertCompilesAsync(project, "in the test source");
        }

        var actual = await TestWorkspace.GetAnalyzerDiagnosticsAsync(project, ImmutableArray.Create<DiagnosticAnalyzer>(analyzer));
        ExpectedDiagnostics.AssertMatch(
            parsed.Select(p => (p.FileName, p.Parsed.Spans)),
            actual,
            ExpectedDiagnostics.SingleId(analyzer.SupportedDiagnostics),
            "reported by " + typeof(TAnalyzer).Name);
    }

    /// <summary>The analyzer's diagnostics on plain code (no markup), for tests that check messages.</summary>
    public static async Task<ImmutableArray<Diagnostic>> GetDiagnosticsAsync(string code)
    {
        var solution = TestWorkspace.CreateSolution(new[] { ("Test0.cs", code) }, null, ReferenceSets.Default);
        return await TestWorkspace.GetAnalyzerDiagnosticsAsync(solution.Projects.Single(), ImmutableArray.Create<DiagnosticAnalyzer>(new TAnalyzer()));
    }
}
