using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;

namespace BurstAnalyzers.Tests.Robustness;

/// <summary>
/// Analyzers run on every keystroke, on half-typed code. Every test source, truncated at every token boundary and with
/// random tokens removed, goes through every analyzer (with every option set): not one analyzer exception (AD0001).
/// </summary>
public class AnalyzerRobustnessTests
{
    private const string EditorConfig = """
        root = true

        [*.cs]
        burst_analyzers.handler_attributes = Acme.Messaging.HandlesAttribute
        burst_analyzers.handler_base_types = Acme.Messaging.CommandHandler
        burst_analyzers.additional_blocking_apis = M:Acme.Legacy.Client.Call(System.String), P:Acme.Legacy.Client.Status
        burst_analyzers.excluded_apis = M:System.IO.File.ReadAllLines(System.String)
        """;

    private static readonly ImmutableArray<DiagnosticAnalyzer> Analyzers = ShippedComponents.Analyzers();

    [Fact]
    public void CorpusHoldsTheTestSources()
    {
        Assert.True(TestSourceCorpus.All.Count >= 30, $"only {TestSourceCorpus.All.Count} sources found");
        Assert.Contains(TestSourceCorpus.All, s => s.Name.StartsWith("CallChainDepthTests#", StringComparison.Ordinal));
        Assert.Contains(TestSourceCorpus.All, s => s.Name.StartsWith("ThreadSleepAnalyzerTests#", StringComparison.Ordinal));
        Assert.DoesNotContain(TestSourceCorpus.All, s => s.Name.Contains("FixerTests#", StringComparison.Ordinal));
    }

    [Fact]
    public async Task TruncatedAtEveryTokenBoundary()
    {
        var runs = 0;
        await ForEachVariantAsync(code =>
        {
            var tokens = CSharpSyntaxTree.ParseText(code).GetRoot().DescendantTokens().ToArray();
            return tokens.Select(t => code.Substring(0, t.Span.End));
        }, () => Interlocked.Increment(ref runs));

        Assert.True(runs > 1000, $"only {runs} truncations analysed");
    }

    [Fact]
    public async Task RandomTokensRemoved()
    {
        var random = new Random(20261122);
        var runs = 0;
        await ForEachVariantAsync(code =>
        {
            var tokens = CSharpSyntaxTree.ParseText(code).GetRoot().DescendantTokens().Where(t => t.Span.Length > 0).ToArray();
            var variants = new List<string>();
            for (var i = 0; i < 25 && tokens.Length > 0; i++)
            {
                lock (random)
                {
                    var removed = tokens[random.Next(tokens.Length)].Span;
                    var second = tokens[random.Next(tokens.Length)].Span;
                    var text = code.Remove(removed.Start, removed.Length);
                    variants.Add(text);
                    if (second.End <= text.Length && second.Start > removed.End)
                    {
                        variants.Add(text.Remove(second.Start - removed.Length, second.Length));
                    }
                }
            }

            return variants;
        }, () => Interlocked.Increment(ref runs));

        Assert.True(runs > 1000, $"only {runs} variants analysed");
    }

    private static async Task ForEachVariantAsync(Func<string, IEnumerable<string>> variantsOf, Action counted)
    {
        var failures = new List<string>();
        var options = new AnalyzerOptions(ImmutableArray<AdditionalText>.Empty, new FixedAnalyzerConfigOptions(EditorConfig, "/Test0.cs"));
        var parseOptions = new CSharpParseOptions(LanguageVersion.Latest);
        var baseline = CSharpCompilation.Create(
            "Robustness",
            references: ReferenceSets.Default,
            options: new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable));

        await Parallel.ForEachAsync(TestSourceCorpus.All, new ParallelOptions { MaxDegreeOfParallelism = Environment.ProcessorCount }, async (source, _) =>
        {
            // Every variant is a new tree in a compilation that shares the baseline's bound references.
            foreach (var variant in variantsOf(source.Code))
            {
                var compilation = baseline.AddSyntaxTrees(CSharpSyntaxTree.ParseText(variant, parseOptions, path: "/Test0.cs"));
                var problem = await AnalyzeAsync(compilation, options);
                counted();
                if (problem is not null)
                {
                    lock (failures)
                    {
                        failures.Add($"{source.Name}: {problem}\n--- code ---\n{variant}\n");
                    }

                    break;
                }
            }
        });

        Assert.True(failures.Count == 0, string.Join("\n", failures.Take(3)));
    }

    private static async Task<string?> AnalyzeAsync(Compilation compilation, AnalyzerOptions analyzerOptions)
    {
        Exception? thrown = null;
        var options = new CompilationWithAnalyzersOptions(
            analyzerOptions,
            onAnalyzerException: (exception, analyzer, _) => thrown ??= exception,
            concurrentAnalysis: false,
            logAnalyzerExecutionTime: false);
        var diagnostics = await compilation.WithAnalyzers(Analyzers, options).GetAnalyzerDiagnosticsAsync();
        var ad0001 = diagnostics.FirstOrDefault(d => d.Id == "AD0001");
        return thrown?.ToString() ?? ad0001?.GetMessage();
    }
}
