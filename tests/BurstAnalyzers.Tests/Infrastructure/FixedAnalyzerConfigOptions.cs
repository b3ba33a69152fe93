using System.Collections.Generic;
using System.Collections.Immutable;
using System.Diagnostics.CodeAnalysis;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.Tests.Infrastructure;

/// <summary>The same .editorconfig options for every tree: for tests that analyse many generated trees.</summary>
internal sealed class FixedAnalyzerConfigOptions : AnalyzerConfigOptionsProvider
{
    private readonly Options _options;

    public FixedAnalyzerConfigOptions(string editorConfig, string sourcePath)
    {
        var config = AnalyzerConfig.Parse(editorConfig, "/.editorconfig");
        var result = AnalyzerConfigSet.Create(ImmutableArray.Create(config)).GetOptionsForSourcePath(sourcePath);
        _options = new Options(result.AnalyzerOptions);
    }

    public override AnalyzerConfigOptions GlobalOptions { get; } = new Options(ImmutableDictionary<string, string>.Empty);

    public override AnalyzerConfigOptions GetOptions(SyntaxTree tree) => _options;

    public override AnalyzerConfigOptions GetOptions(AdditionalText textFile) => _options;

    private sealed class Options(ImmutableDictionary<string, string> values) : AnalyzerConfigOptions
    {
        public override bool TryGetValue(string key, [NotNullWhen(true)] out string? value) => values.TryGetValue(key, out value);

        public override IEnumerable<string> Keys => values.Keys;
    }
}
