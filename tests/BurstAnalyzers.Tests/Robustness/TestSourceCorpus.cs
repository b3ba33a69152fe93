using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using BurstAnalyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

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

    private static IReadOnlyList<(string Name, string Code)> Load()
    {
        var testsDirectory = Path.Combine(RepoLayout.Root, "tests", "BurstAnalyzers.Tests");
        var files = Directory.GetFiles(Path.Combine(testsDirectory, "Rules"), "*Tests.cs", SearchOption.AllDirectories)
            .Where(IsAnalyzerTest)
            .Concat(Directory.GetFiles(Path.Combine(testsDirectory, "Handlers"), "*.cs"))
            .OrderBy(f => f, StringComparer.Ordinal);

        var sources = new List<(string, string)>();
        foreach (var file in files)
        {
            var root = CSharpSyntaxTree.ParseText(File.ReadAllText(file)).GetRoot();
            var index = 0;
            foreach (var token in root.DescendantTokens())
            {
                if (token.IsKind(SyntaxKind.MultiLineRawStringLiteralToken) && token.ValueText.Contains(';', StringComparison.Ordinal))
                {
                    sources.Add(($"{Path.GetFileNameWithoutExtension(file)}#{index++}", Markup.Parse(token.ValueText).Code));
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
