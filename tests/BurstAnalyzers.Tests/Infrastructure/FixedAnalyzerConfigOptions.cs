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

    /// <param name="globalConfig">A global analyzer config ("is_global = true" first), as a build passes MSBuild
    /// properties (build_property.*), or empty.</param>
    public FixedAnalyzerConfigOptions(string editorConfig, string sourcePath, string globalConfig = "")
    {
        var configs = ImmutableArray.Create(AnalyzerConfig.Parse(editorConfig, "/.editorconfig"));
        if (globalConfig.Length > 0)
        {
            configs = configs.Add(AnalyzerConfig.Parse(globalConfig, "/build.globalconfig"));
        }

        var set = AnalyzerConfigSet.Create(configs);
        _options = new Options(set.GetOptionsForSourcePath(sourcePath).AnalyzerOptions);
        GlobalOptions = new Options(set.GlobalConfigOptions.AnalyzerOptions);
    }

    public override AnalyzerConfigOptions GlobalOptions { get; }

    public override AnalyzerConfigOptions GetOptions(SyntaxTree tree) => _options;

    public override AnalyzerConfigOptions GetOptions(AdditionalText textFile) => _options;

    private sealed class Options(ImmutableDictionary<string, string> values) : AnalyzerConfigOptions
    {
        public override bool TryGetValue(string key, [NotNullWhen(true)] out string? value) => values.TryGetValue(key, out value);

        public override IEnumerable<string> Keys => values.Keys;
    }
}
