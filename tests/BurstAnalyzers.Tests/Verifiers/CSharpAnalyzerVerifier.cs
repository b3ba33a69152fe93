using System.Collections.Immutable;
using System.Threading;
using Microsoft.CodeAnalysis;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis.CSharp.Testing;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Testing;

namespace BurstAnalyzers.Tests.Verifiers;

/// <summary>
/// Analyzer tests on Microsoft.CodeAnalysis.Testing: sources with <c>{|BURST001:...|}</c> markup (or <c>[|...|]</c> for
/// an analyzer with a single rule) must produce exactly the marked diagnostics, compile, and not throw.
/// </summary>
public static class CSharpAnalyzerVerifier<TAnalyzer>
    where TAnalyzer : DiagnosticAnalyzer, new()
{
    public static DiagnosticResult Diagnostic(string diagnosticId)
        => CSharpAnalyzerVerifier<TAnalyzer, DefaultVerifier>.Diagnostic(diagnosticId);

    public static Task VerifyAnalyzerAsync(string source, params DiagnosticResult[] expected)
    {
        var test = new Test { TestCode = source };
        test.ExpectedDiagnostics.AddRange(expected);
        return test.RunAsync(CancellationToken.None);
    }

    /// <summary>A .NET Framework 4.8 project (C# 7.3) with System.Web, ASMX, WCF and Web API 2.</summary>
    public static Task VerifyNet48AnalyzerAsync(string source, params DiagnosticResult[] expected)
    {
        var test = new Test { TestCode = source };
        test.Project.UseNet48();
        test.ExpectedDiagnostics.AddRange(expected);
        return test.RunAsync(CancellationToken.None);
    }

    /// <summary>Several named files, an .editorconfig, other references, an executable's top-level statements, or code
    /// with compiler errors (for tests of half-typed code).</summary>
    public static Task VerifyAnalyzerAsync(
        ImmutableArray<TestSource> sources,
        string? editorConfig = null,
        ImmutableArray<MetadataReference>? references = null,
        bool allowCompilerErrors = false,
        OutputKind? outputKind = null,
        params DiagnosticResult[] expected)
    {
        var test = new Test();
        TestProject.AddTo(test.TestState, sources, editorConfig, outputKind);
        if (references is { } set)
        {
            test.Project.References = set;
        }

        if (allowCompilerErrors)
        {
            test.CompilerDiagnostics = CompilerDiagnostics.None;
        }

        test.ExpectedDiagnostics.AddRange(expected);
        return test.RunAsync(CancellationToken.None);
    }

    public sealed class Test : CSharpAnalyzerTest<TAnalyzer, DefaultVerifier>
    {
        public Test() => Project.ApplyTo(this);

        public TestProject Project { get; } = new();
    }
}
