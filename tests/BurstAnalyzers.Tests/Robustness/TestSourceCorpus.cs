using System;
using System.Collections.Generic;
using System.IO;
using System.Collections.Immutable;
using System.Linq;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Text;

namespace BurstAnalyzers.Tests.Robustness;

/// <summary>
/// Every C# test source the analyzer and handler tests use: the raw string literals of their test files, read from
/// the repository and stripped of diagnostic markup. New tests join the robustness corpus without any extra step.
/// (Fixer tests are left out: their sources repeat the analyzer tests' code, before and after.)
/// </summary>
internal static class TestSourceCorpus
{
    private static readonly Lazy<IReadOnlyList<(string Name, string Code)>> Sources = new(Load);

    public static IReadOnlyList<(string Name, string Code)> All => Sources.Value;

    /// <summary>The fixer tests' "before" sources: the raw strings that mark a diagnostic.</summary>
    public static IReadOnlyList<string> FixerSources()
    {
        var files = Directory.GetFiles(Path.Combine(TestsDirectory, "Rules"), "*FixerTests.cs", SearchOption.AllDirectories)
            .OrderBy(f => f, StringComparer.Ordinal);
        return RawStrings(files, text => text.Contains("{|", StringComparison.Ordinal) || text.Contains("[|", StringComparison.Ordinal))
            .Select(s => s.Code)
            .ToList();
    }

    private static string TestsDirectory => Path.Combine(RepoLayout.Root, "tests", "BurstAnalyzers.Tests");

    private static IReadOnlyList<(string Name, string Code)> Load()
    {
        var files = Directory.GetFiles(Path.Combine(TestsDirectory, "Rules"), "*Tests.cs", SearchOption.AllDirectories)
            .Where(IsAnalyzerTest)
            .Concat(Directory.GetFiles(Path.Combine(TestsDirectory, "Handlers"), "*.cs"))
            .OrderBy(f => f, StringComparer.Ordinal);
        return RawStrings(files, text => text.Contains(';', StringComparison.Ordinal));
    }

    /// <summary>The C# sources written as raw string literals in the test files, stripped of diagnostic markup.</summary>
    private static List<(string Name, string Code)> RawStrings(IEnumerable<string> files, Func<string, bool> isSource)
    {
        var sources = new List<(string, string)>();
        foreach (var file in files)
        {
            var root = CSharpSyntaxTree.ParseText(File.ReadAllText(file)).GetRoot();
            var index = 0;
            foreach (var token in root.DescendantTokens())
            {
                if (token.IsKind(SyntaxKind.MultiLineRawStringLiteralToken) && isSource(token.ValueText))
                {
                    sources.Add(($"{Path.GetFileNameWithoutExtension(file)}#{index++}", TestSource.WithoutMarkup(token.ValueText)));
                }
            }
        }

        return sources;
    }

    /// <summary>Analyzer tests of every rule (BURST005's are organised by topic, not named ...AnalyzerTests).</summary>
    private static bool IsAnalyzerTest(string file)
    {
        var name = Path.GetFileName(file);
        return !name.EndsWith("FixerTests.cs", StringComparison.Ordinal)
            && !name.EndsWith("WireContractTests.cs", StringComparison.Ordinal)
            && !file.Contains(Path.DirectorySeparatorChar + "Offload" + Path.DirectorySeparatorChar, StringComparison.Ordinal);
    }
}
