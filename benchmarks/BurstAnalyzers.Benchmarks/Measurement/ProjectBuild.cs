using System.Collections.Generic;
using System.Collections.Immutable;
using System.Diagnostics.CodeAnalysis;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;

namespace BurstAnalyzers.Benchmarks.Measurement;

/// <summary>
/// What a project's build passes to the analyzers besides the compilation: whether it exports its chains (the package's
/// build file decides it from OutputType: a class library's build exports them, BURST904) and the chains files of the
/// projects it references (additional files, as the package's build file passes them).
/// </summary>
internal sealed class ProjectBuild(string outputType, ImmutableArray<AdditionalText> chainsFiles)
{
    /// <summary>The one-project corpus: a web application.</summary>
    public static readonly ProjectBuild WebApplication = new("Exe", ImmutableArray<AdditionalText>.Empty);

    public static readonly ProjectBuild Library = new("Library", ImmutableArray<AdditionalText>.Empty);

    public string OutputType { get; } = outputType;

    public AnalyzerOptions Options() => new(chainsFiles, new BuildProperties(OutputType));

    /// <summary>The chains file a library's build writes beside its assembly, from its BURST904 notes' properties.</summary>
    public static AdditionalText ChainsFile(string assemblyName, IReadOnlyList<string> carried)
    {
        var text = new System.Text.StringBuilder();
        foreach (var chain in carried)
        {
            text.Append("\"BurstAnalyzers.CarriedChain\": \"").Append(chain).Append("\",\n");
        }

        return new InMemoryText($"/corpus/bin/{assemblyName}.burstchains", text.ToString());
    }

    private sealed class InMemoryText(string path, string text) : AdditionalText
    {
        private readonly SourceText _text = SourceText.From(text);

        public override string Path { get; } = path;

        public override SourceText GetText(CancellationToken cancellationToken = default) => _text;
    }

    private sealed class BuildProperties(string outputType) : AnalyzerConfigOptionsProvider
    {
        private static readonly Options Empty = new(ImmutableDictionary<string, string>.Empty);

        // As build/BurstAnalyzers.Chains.targets passes it (src/BurstAnalyzers/Options/BuildProperties.cs).
        public override AnalyzerConfigOptions GlobalOptions { get; } = new Options(ImmutableDictionary<string, string>.Empty
            .Add("build_property._BurstAnalyzersExportsChains", outputType == "Library" ? "true" : ""));

        public override AnalyzerConfigOptions GetOptions(SyntaxTree tree) => Empty;

        public override AnalyzerConfigOptions GetOptions(AdditionalText textFile) => Empty;

        private sealed class Options(ImmutableDictionary<string, string> values) : AnalyzerConfigOptions
        {
            public override bool TryGetValue(string key, [NotNullWhen(true)] out string? value) => values.TryGetValue(key, out value);
        }
    }
}
