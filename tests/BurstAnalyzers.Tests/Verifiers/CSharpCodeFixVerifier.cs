using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp.Testing;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Testing;

namespace BurstAnalyzers.Tests.Verifiers;

/// <summary>
/// Code-fix tests on Microsoft.CodeAnalysis.Testing: the marked diagnostics before; exactly the expected code after,
/// applied one diagnostic at a time and through Fix All in document, project and solution scope (each with an exact
/// number of passes: one, unless a test says otherwise); the result compiles and carries exactly the diagnostics
/// marked in it. <c>[|...|]</c> marks the diagnostic the fixer fixes. Source equal to the fixed source means no fix
/// may be offered.
/// </summary>
public static class CSharpCodeFixVerifier<TAnalyzer, TCodeFix>
    where TAnalyzer : DiagnosticAnalyzer, new()
    where TCodeFix : CodeFixProvider, new()
{
    public static DiagnosticResult Diagnostic(string diagnosticId)
        => CSharpCodeFixVerifier<TAnalyzer, TCodeFix, DefaultVerifier>.Diagnostic(diagnosticId);

    public static Task VerifyCodeFixAsync(string source, string fixedSource)
        => new Test { TestCode = source, FixedCode = fixedSource }.RunAsync(CancellationToken.None);

    /// <summary>Several named files (before and after), an .editorconfig, or an executable's top-level statements.</summary>
    public static Task VerifyCodeFixAsync(
        ImmutableArray<TestSource> sources,
        ImmutableArray<TestSource> fixedSources,
        string? editorConfig = null,
        OutputKind? outputKind = null)
    {
        var test = new Test();
        TestProject.AddTo(test.TestState, sources, editorConfig, outputKind);
        TestProject.AddTo(test.FixedState, fixedSources, editorConfig, outputKind);
        return test.RunAsync(CancellationToken.None);
    }

    /// <summary>A .NET Framework 4.8 project (C# 7.3): the fix must not produce newer syntax.</summary>
    public static Task VerifyNet48CodeFixAsync(string source, string fixedSource)
    {
        var test = new Test { TestCode = source, FixedCode = fixedSource };
        test.Project.UseNet48();
        return test.RunAsync(CancellationToken.None);
    }

    /// <summary>
    /// The opt-in action "… and observe the request's cancellation" of an async fix, which passes the request's token
    /// where one is in scope (the default action passes none): applied one diagnostic at a time, where it is offered,
    /// and through its Fix All.
    /// </summary>
    public static Task VerifyObservingCancellationAsync(string source, string fixedSource)
        => ObservingCancellation(new Test { TestCode = source, FixedCode = fixedSource }).RunAsync(CancellationToken.None);

    /// <summary>
    /// The opt-in action where some diagnostics have no token in scope: one at a time they get no opt-in action
    /// (<paramref name="fixedSource"/>), while its Fix All converts them too, without a token (<paramref name="batchFixedSource"/>).
    /// </summary>
    public static Task VerifyObservingCancellationAsync(string source, string fixedSource, string batchFixedSource)
        => ObservingCancellation(new Test { TestCode = source, FixedCode = fixedSource, BatchFixedCode = batchFixedSource }).RunAsync(CancellationToken.None);

    /// <summary>The opt-in action on several named files.</summary>
    public static Task VerifyObservingCancellationAsync(ImmutableArray<TestSource> sources, ImmutableArray<TestSource> fixedSources, string? editorConfig = null)
    {
        var test = ObservingCancellation(new Test());
        TestProject.AddTo(test.TestState, sources, editorConfig, null);
        TestProject.AddTo(test.FixedState, fixedSources, editorConfig, null);
        return test.RunAsync(CancellationToken.None);
    }

    private static Test ObservingCancellation(Test test)
    {
        test.CodeActionEquivalenceKey = typeof(TCodeFix).Name + ".ObserveCancellation";
        return test;
    }

    /// <summary>A diagnostic for which no fix may be offered.</summary>
    public static Task VerifyNoFixAsync(string source) => VerifyCodeFixAsync(source, source);

    public sealed class Test : CSharpCodeFixTest<TAnalyzer, TCodeFix, DefaultVerifier>
    {
        public Test()
        {
            Project.ApplyTo(this);

            // Markup in the fixed code means what it says: the diagnostics the fix rightly leaves behind.
            FixedState.MarkupHandling = MarkupMode.Allow;
            BatchFixedState.MarkupHandling = MarkupMode.Allow;

            // A build reports BURST005 when the whole compilation is known (compilation end: "non-local" to the harness);
            // the IDE, which offers the fix, reports it per document, where it is local. AnalysisScopeTests shows that
            // both modes give the same diagnostics, so the harness's check for local diagnostics does not apply.
            if (typeof(TAnalyzer) == typeof(BurstAnalyzers.Rules.CallChainAnalyzer))
            {
                CodeFixTestBehaviors |= CodeFixTestBehaviors.SkipLocalDiagnosticCheck;
            }

            // Fix All only works for actions that can be grouped: every action needs an equivalence key.
            CodeActionVerifier = (action, verifier) =>
                verifier.True(action.EquivalenceKey is not null, $"Code action '{action.Title}' has no equivalence key, so Fix All cannot apply it.");
        }

        public TestProject Project { get; } = new();

        /// <summary>Analyzers run besides <typeparamref name="TAnalyzer"/>: where a fix hands the calls it leaves to
        /// another analyzer's rule (once the fix has added EF Core's using, the direct rule reports the handler's other
        /// queries), fixing one diagnostic at a time goes on with that one's reports, as in an editor.</summary>
        public List<DiagnosticAnalyzer> OtherAnalyzers { get; } = new();

        protected override IEnumerable<DiagnosticAnalyzer> GetDiagnosticAnalyzers() => base.GetDiagnosticAnalyzers().Concat(OtherAnalyzers);

        protected override async Task RunImplAsync(CancellationToken cancellationToken)
        {
            if (FixedState.Sources.Count > 0 && NumberOfFixAllIterations is null && FixesSomething())
            {
                // Exact, not "at most": one Fix All pass per scope, one Fix All in Document pass per document that has a
                // fixable diagnostic (a test whose fix changes that sets its own numbers).
                NumberOfFixAllIterations = 1;
                NumberOfFixAllInProjectIterations = 1;
                NumberOfFixAllInDocumentIterations ??= DocumentsWithFixableMarkup();
            }

            await base.RunImplAsync(cancellationToken);
        }

        /// <summary><c>[|...|]</c> means the fixer's rule when it fixes a single rule.</summary>
        protected override DiagnosticDescriptor? GetDefaultDiagnostic(DiagnosticAnalyzer[] analyzers)
        {
            var fixable = new TCodeFix().FixableDiagnosticIds;
            if (fixable.Length == 1)
            {
                foreach (var analyzer in analyzers)
                {
                    foreach (var descriptor in analyzer.SupportedDiagnostics)
                    {
                        if (descriptor.Id == fixable[0])
                        {
                            return descriptor;
                        }
                    }
                }
            }

            return base.GetDefaultDiagnostic(analyzers);
        }

        private bool FixesSomething()
            => TestState.Sources.Count != FixedState.Sources.Count
                || TestState.Sources.Zip(FixedState.Sources).Any(pair => pair.First.content.ToString() != pair.Second.content.ToString());

        private int DocumentsWithFixableMarkup()
        {
            var markers = new List<string> { "[|" };
            markers.AddRange(new TCodeFix().FixableDiagnosticIds.Select(id => "{|" + id + ":"));
            var count = TestState.Sources.Count(source => markers.Any(m => source.content.ToString().Contains(m, StringComparison.Ordinal)));
            return Math.Max(count, 1);
        }
    }
}
