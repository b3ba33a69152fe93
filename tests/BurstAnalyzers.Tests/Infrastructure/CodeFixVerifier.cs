using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;

namespace BurstAnalyzers.Tests.Infrastructure;

/// <summary>
/// Verifies a code fix end to end: the marked diagnostics before; then, applied one diagnostic at a time and through
/// Fix All at document, project and solution scope, exactly the expected code after, which must compile and carry
/// exactly the diagnostics marked in it (those the fix rightly leaves alone).
/// </summary>
internal static class CodeFixVerifier<TAnalyzer, TFixer>
    where TAnalyzer : DiagnosticAnalyzer, new()
    where TFixer : CodeFixProvider, new()
{
    private static readonly FixAllScope[] FixAllScopes = { FixAllScope.Document, FixAllScope.Project, FixAllScope.Solution };

    public static Task VerifyAsync(string source, string fixedSource)
        => VerifyAsync(TestSource.Files(source), TestSource.Files(fixedSource));

    /// <summary>A diagnostic for which no fix may be offered: after "fixing", the code is unchanged.</summary>
    public static Task VerifyNoFixAsync(string source) => VerifyAsync(source, source);

    public static async Task VerifyAsync(
        ImmutableArray<TestSource> sources,
        ImmutableArray<TestSource> fixedSources,
        string? editorConfig = null,
        OutputKind outputKind = OutputKind.DynamicallyLinkedLibrary)
    {
        var analyzer = new TAnalyzer();
        var fixer = new TFixer();
        var defaultId = fixer.FixableDiagnosticIds.Length == 1 ? fixer.FixableDiagnosticIds[0] : null;
        var before = sources.Select(s => (s.FileName, Parsed: Markup.Parse(s.Markup))).ToArray();
        var after = fixedSources.Select(s => (s.FileName, Parsed: Markup.Parse(s.Markup))).ToArray();

        var solution = TestWorkspace.CreateSolution(before.Select(b => (b.FileName, b.Parsed.Code)), editorConfig, ReferenceSets.Default, o => o.WithOutputKind(outputKind));
        var project = solution.Projects.Single();
        await TestWorkspace.AssertCompilesAsync(project, "in the test source");
        ExpectedDiagnostics.AssertMatch(
            before.Select(b => (b.FileName, b.Parsed.Spans)),
            await DiagnosticsAsync(project, analyzer),
            defaultId,
            "before the fix");

        var oneByOne = await FixOneAtATimeAsync(solution, analyzer, fixer, maxSteps: before.Sum(b => b.Parsed.Spans.Length) + 1);
        await AssertFixedAsync(oneByOne, after, analyzer, defaultId, "after fixing one diagnostic at a time");

        foreach (var scope in FixAllScopes)
        {
            var fixedAll = await FixAllAsync(solution, analyzer, fixer, scope);
            await AssertFixedAsync(fixedAll, after, analyzer, defaultId, $"after Fix All in {scope}");
        }
    }

    /// <summary>The solution before and after Fix All in solution scope, for tests that inspect the result semantically.</summary>
    public static async Task<(Solution Before, Solution After)> FixAllInSolutionAsync(ImmutableArray<TestSource> sources)
    {
        var solution = TestWorkspace.CreateSolution(sources.Select(s => (s.FileName, Markup.Parse(s.Markup).Code)), null, ReferenceSets.Default);
        var after = await FixAllAsync(solution, new TAnalyzer(), new TFixer(), FixAllScope.Solution);
        await TestWorkspace.AssertCompilesAsync(after.Projects.Single(), "after Fix All in Solution");
        return (solution, after);
    }

    private static async Task AssertFixedAsync(
        Solution solution,
        (string FileName, (string Code, ImmutableArray<MarkedSpan> Spans) Parsed)[] expected,
        TAnalyzer analyzer,
        string? defaultId,
        string when)
    {
        var project = solution.Projects.Single();
        foreach (var (fileName, parsed) in expected)
        {
            var document = project.Documents.Single(d => d.Name == fileName);
            var actualCode = (await document.GetTextAsync()).ToString();
            TextAssert.Equal(parsed.Code, actualCode, $"{fileName} {when}");
        }

        await TestWorkspace.AssertCompilesAsync(project, when);
        ExpectedDiagnostics.AssertMatch(expected.Select(e => (e.FileName, e.Parsed.Spans)), await DiagnosticsAsync(project, analyzer), defaultId, when);
    }

    private static async Task<Solution> FixOneAtATimeAsync(Solution solution, TAnalyzer analyzer, TFixer fixer, int maxSteps)
    {
        for (var step = 0; step < maxSteps; step++)
        {
            var next = await FirstFixAsync(solution, analyzer, fixer);
            if (next is null)
            {
                return solution;
            }

            solution = await ApplyAsync(next.Value.Action, solution);
        }

        Assert.Fail($"The fix was still offered after {maxSteps} applications: it does not converge.");
        return solution;
    }

    private static async Task<Solution> FixAllAsync(Solution solution, TAnalyzer analyzer, TFixer fixer, FixAllScope scope)
    {
        var provider = fixer.GetFixAllProvider();
        Assert.NotNull(provider);
        Assert.Contains(scope, provider.GetSupportedFixAllScopes());

        // Document scope needs one pass per document that still has a fixable diagnostic.
        for (var pass = 0; pass <= solution.Projects.Single().DocumentIds.Count; pass++)
        {
            var first = await FirstFixAsync(solution, analyzer, fixer);
            if (first is null)
            {
                return solution;
            }

            var (action, diagnostic) = first.Value;
            var document = solution.GetDocument(diagnostic.Location.SourceTree)!;
            var context = new FixAllContext(
                document,
                fixer,
                scope,
                action.EquivalenceKey,
                fixer.FixableDiagnosticIds,
                new AnalyzerDiagnosticProvider(analyzer),
                CancellationToken.None);
            var fixAllAction = await provider.GetFixAsync(context);
            Assert.True(fixAllAction is not null, $"Fix All in {scope} offered nothing although a single fix was offered.");
            solution = await ApplyAsync(fixAllAction, solution);
            if (scope != FixAllScope.Document)
            {
                return solution;
            }
        }

        return solution;
    }

    private static async Task<(CodeAction Action, Diagnostic Diagnostic)?> FirstFixAsync(Solution solution, TAnalyzer analyzer, TFixer fixer)
    {
        var project = solution.Projects.Single();
        foreach (var diagnostic in await DiagnosticsAsync(project, analyzer))
        {
            if (!fixer.FixableDiagnosticIds.Contains(diagnostic.Id))
            {
                continue;
            }

            var document = solution.GetDocument(diagnostic.Location.SourceTree)!;
            var actions = new List<CodeAction>();
            var context = new CodeFixContext(document, diagnostic, (action, _) => actions.Add(action), CancellationToken.None);
            await fixer.RegisterCodeFixesAsync(context);
            if (actions.Count > 0)
            {
                Assert.True(actions.All(a => a.EquivalenceKey is not null), "Every code action needs an equivalence key for Fix All.");
                return (actions[0], diagnostic);
            }
        }

        return null;
    }

    private static async Task<Solution> ApplyAsync(CodeAction action, Solution solution)
    {
        var operations = await action.GetOperationsAsync(CancellationToken.None);
        var apply = Assert.Single(operations.OfType<ApplyChangesOperation>());
        Assert.Equal(solution.Id, apply.ChangedSolution.Id);
        return apply.ChangedSolution;
    }

    private static Task<ImmutableArray<Diagnostic>> DiagnosticsAsync(Project project, TAnalyzer analyzer)
        => TestWorkspace.GetAnalyzerDiagnosticsAsync(project, ImmutableArray.Create<DiagnosticAnalyzer>(analyzer));

    private sealed class AnalyzerDiagnosticProvider(TAnalyzer analyzer) : FixAllContext.DiagnosticProvider
    {
        public override async Task<IEnumerable<Diagnostic>> GetDocumentDiagnosticsAsync(Document document, CancellationToken cancellationToken)
        {
            var tree = await document.GetSyntaxTreeAsync(cancellationToken);
            return (await DiagnosticsAsync(document.Project, analyzer)).Where(d => d.Location.SourceTree == tree);
        }

        public override Task<IEnumerable<Diagnostic>> GetProjectDiagnosticsAsync(Project project, CancellationToken cancellationToken)
            => Task.FromResult(Enumerable.Empty<Diagnostic>());

        public override async Task<IEnumerable<Diagnostic>> GetAllDiagnosticsAsync(Project project, CancellationToken cancellationToken)
            => await DiagnosticsAsync(project, analyzer);
    }
}
