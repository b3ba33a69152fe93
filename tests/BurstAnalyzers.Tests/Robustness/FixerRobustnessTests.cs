using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;

namespace BurstAnalyzers.Tests.Robustness;

/// <summary>
/// Code fixes run on the code in the editor, half-typed too. The fixer tests' sources, each with tokens removed at
/// random, go through every analyzer; then every fix offered for every diagnostic is computed and applied, and Fix All
/// in solution scope once per fixer: not one exception from a fixer.
/// </summary>
public class FixerRobustnessTests
{
    private const int VariantsPerSource = 6;

    private static readonly ImmutableArray<DiagnosticAnalyzer> Analyzers = ShippedComponents.Analyzers();

    private static readonly ImmutableArray<CodeFixProvider> Fixers = ShippedComponents.Fixers();

    [Fact]
    public async Task EveryFixOnMutatedSources_ThrowsNothing()
    {
        var sources = TestSourceCorpus.FixerSources();
        Assert.True(sources.Count >= 40, $"only {sources.Count} fixer test sources found");
        Assert.Contains(Fixers, f => f is BurstAnalyzers.Rules.CallChainFixer);

        var random = new Random(20261122);
        var variants = new List<string>();
        foreach (var code in sources)
        {
            var tokens = CSharpSyntaxTree.ParseText(code).GetRoot().DescendantTokens().Where(t => t.Span.Length > 0).ToArray();
            for (var i = 0; i < VariantsPerSource; i++)
            {
                var removed = tokens[random.Next(tokens.Length)].Span;
                variants.Add(code.Remove(removed.Start, removed.Length));
            }
        }

        var failures = new List<string>();
        var fixesApplied = 0;
        await Parallel.ForEachAsync(variants, new ParallelOptions { MaxDegreeOfParallelism = Environment.ProcessorCount }, async (variant, _) =>
        {
            try
            {
                Interlocked.Add(ref fixesApplied, await ApplyEveryFixAsync(variant));
            }
            catch (Exception exception)
            {
                lock (failures)
                {
                    failures.Add($"{exception}\n--- code ---\n{variant}\n");
                }
            }
        });

        Assert.True(failures.Count == 0, failures.Count == 0 ? "" : $"{failures.Count} of {variants.Count} variants threw; the first:\n" + failures[0]);
        // 165 fixes with this seed: most mutations leave code a fix still applies to, many rightly get none.
        Assert.True(fixesApplied >= 120, $"only {fixesApplied} fixes applied on {variants.Count} variants: the mutations broke too much to test the fixers");
    }

    /// <summary>
    /// Half-typed code: the parser hangs the line break after <c>Wait(</c> on a token of the call a fix would replace.
    /// No async fix is offered there (the statements would run together on one line); what is offered keeps the lines.
    /// </summary>
    [Fact]
    public async Task HalfTypedWait_GetsNoAsyncFix_AndNoFixJoinsTheLines()
    {
        const string code = """
            using System.Threading.Tasks;
            using Microsoft.AspNetCore.Mvc;

            public class HalfController : ControllerBase
            {
                public int Get()
                {
                    var y = Task.Delay(1).Wait(
                    lock (this) { y = 2; }
                    return 1;
                }
            }
            """;
        var solution = TestWorkspace.CreateSolution(new[] { ("Test0.cs", code) }, null, ReferenceSets.Default);
        var document = solution.Projects.Single().Documents.Single();
        var compilation = (await document.Project.GetCompilationAsync())!;
        var diagnostics = await compilation.WithAnalyzers(Analyzers).GetAnalyzerDiagnosticsAsync();
        var wait = Assert.Single(diagnostics, d => d.Id == "BURST002");

        var offered = new List<(CodeFixProvider Fixer, CodeAction Action)>();
        foreach (var fixer in Fixers.Where(f => f.FixableDiagnosticIds.Contains("BURST002")))
        {
            await fixer.RegisterCodeFixesAsync(new CodeFixContext(document, wait, (action, _) => offered.Add((fixer, action)), CancellationToken.None));
        }

        Assert.DoesNotContain(offered, o => o.Fixer is BurstAnalyzers.AsyncConversion.AsyncFixer);
        foreach (var (_, action) in offered)
        {
            var operations = await action.GetOperationsAsync(CancellationToken.None);
            var changed = operations.OfType<ApplyChangesOperation>().Single().ChangedSolution.GetDocument(document.Id)!;
            var text = (await changed.GetTextAsync()).ToString();
            Assert.Contains("\n        lock (this)", text.Replace("\r\n", "\n"), StringComparison.Ordinal);
        }
    }

    private static async Task<int> ApplyEveryFixAsync(string code)
    {
        var solution = TestWorkspace.CreateSolution(new[] { ("Test0.cs", code) }, null, ReferenceSets.Default);
        var document = solution.Projects.Single().Documents.Single();
        var compilation = (await document.Project.GetCompilationAsync())!;
        var diagnostics = await compilation.WithAnalyzers(Analyzers, new CompilationWithAnalyzersOptions(
            document.Project.AnalyzerOptions, onAnalyzerException: null, concurrentAnalysis: false, logAnalyzerExecutionTime: false)).GetAnalyzerDiagnosticsAsync();

        var applied = 0;
        foreach (var fixer in Fixers)
        {
            var fixable = diagnostics.Where(d => fixer.FixableDiagnosticIds.Contains(d.Id) && d.Location.IsInSource).ToArray();
            CodeAction? first = null;
            foreach (var diagnostic in fixable)
            {
                var actions = new List<CodeAction>();
                await fixer.RegisterCodeFixesAsync(new CodeFixContext(document, diagnostic, (action, _) => actions.Add(action), CancellationToken.None));
                foreach (var action in actions)
                {
                    await action.GetOperationsAsync(CancellationToken.None);
                    first ??= action;
                    applied++;
                }
            }

            if (first is not null && fixer.GetFixAllProvider() is { } provider)
            {
                var context = new FixAllContext(document, fixer, FixAllScope.Solution, first.EquivalenceKey, fixer.FixableDiagnosticIds, new Fixed(fixable), CancellationToken.None);
                if (await provider.GetFixAsync(context) is { } fixAll)
                {
                    await fixAll.GetOperationsAsync(CancellationToken.None);
                }
            }
        }

        return applied;
    }

    private sealed class Fixed(IEnumerable<Diagnostic> diagnostics) : FixAllContext.DiagnosticProvider
    {
        public override Task<IEnumerable<Diagnostic>> GetDocumentDiagnosticsAsync(Document document, CancellationToken cancellationToken) => Task.FromResult(diagnostics);

        public override Task<IEnumerable<Diagnostic>> GetProjectDiagnosticsAsync(Project project, CancellationToken cancellationToken) => Task.FromResult(Enumerable.Empty<Diagnostic>());

        public override Task<IEnumerable<Diagnostic>> GetAllDiagnosticsAsync(Project project, CancellationToken cancellationToken) => Task.FromResult(diagnostics);
    }
}
