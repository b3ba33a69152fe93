using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.Options;

/// <summary>Finds malformed option values (BURST900): each distinct key and entry once per compilation.</summary>
internal static class ConfigurationValidator
{
    public static List<Problem> FindProblems(Compilation compilation, AnalyzerConfigOptionsProvider provider)
    {
        var problems = new List<Problem>();
        var seen = new HashSet<string>();

        void Check(string? raw, string key)
        {
            // Stryker disable once String : no key is a prefix of another, so key + value is unambiguous without the separator
            if (raw is null || !seen.Add(key + "\n" + raw))
            {
                return;
            }

            if (raw.Trim().Length == 0)
            {
                return;
            }

            // A single number, not a list: a comma in it is part of the invalid value.
            if (key == BurstOptionKeys.MaxCallDepth)
            {
                if (!OptionValue.TryParsePositiveInteger(raw, out _))
                {
                    problems.Add(new Problem(key, raw.Trim(), "expected a positive whole number such as '8'"));
                }

                // Stryker disable once Statement : the list check below has no case for this key
                return;
            }

            if (key == BurstOptionKeys.PublicApiInLibraries)
            {
                if (!PublicApiPolicy.TryParse(raw, out _))
                {
                    problems.Add(new Problem(key, raw.Trim(), "expected 'keep' or 'change'"));
                }

                // Stryker disable once Statement : the list check below has no case for this key
                return;
            }

            foreach (var entry in OptionValue.SplitList(raw))
            {
                switch (key)
                {
                    case BurstOptionKeys.HandlerAttributes or BurstOptionKeys.HandlerBaseTypes when !OptionValue.IsMetadataName(entry):
                        problems.Add(new Problem(key, entry, "expected a full metadata type name such as 'Acme.Web.HandlerAttribute'"));
                        break;
                    case BurstOptionKeys.AdditionalBlockingApis or BurstOptionKeys.ExcludedApis when !OptionValue.IsMemberDocumentationId(entry):
                        problems.Add(new Problem(key, entry, "expected a documentation-comment id such as 'M:Acme.Legacy.Client.Call(System.String)'"));
                        break;
                }
            }
        }

        void CheckAll(AnalyzerConfigOptions options)
        {
            foreach (var key in s_keys)
            {
                if (options.TryGetValue(key, out var raw))
                {
                    Check(raw, key);
                }
            }
        }

        // Roslyn merges the global options into every tree's options, so this finds nothing new when the compilation has a
        // tree; it keeps the check independent of that merge.
        // Stryker disable once Statement : equivalent while the merge holds (docs/mutation-testing.md)
        CheckAll(provider.GlobalOptions);

        // Trees under the same .editorconfig sections share one options object: each is read once, not once per tree.
        var read = new HashSet<AnalyzerConfigOptions>(ReferenceComparer.Instance);
        foreach (var tree in compilation.SyntaxTrees)
        {
            var options = provider.GetOptions(tree);
            if (read.Add(options))
            {
                CheckAll(options);
            }
        }

        return problems;
    }

    private sealed class ReferenceComparer : IEqualityComparer<AnalyzerConfigOptions>
    {
        public static readonly ReferenceComparer Instance = new();

        public bool Equals(AnalyzerConfigOptions? x, AnalyzerConfigOptions? y) => ReferenceEquals(x, y);

        public int GetHashCode(AnalyzerConfigOptions obj) => System.Runtime.CompilerServices.RuntimeHelpers.GetHashCode(obj);
    }

    private static readonly string[] s_keys =
    {
        BurstOptionKeys.HandlerAttributes,
        BurstOptionKeys.HandlerBaseTypes,
        BurstOptionKeys.AdditionalBlockingApis,
        BurstOptionKeys.ExcludedApis,
        BurstOptionKeys.MaxCallDepth,
        BurstOptionKeys.PublicApiInLibraries,
    };

    /// <summary>One invalid entry of one option, reported as BURST900.</summary>
    public readonly struct Problem
    {
        public Problem(string key, string value, string reason)
        {
            Key = key;
            Value = value;
            Reason = reason;
        }

        public string Key { get; }

        public string Value { get; }

        public string Reason { get; }
    }
}
