using System.Runtime.CompilerServices;
using BurstAnalyzers.CallGraph;
using BurstAnalyzers.Handlers;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

namespace BurstAnalyzers.CrossProject;

/// <summary>
/// The call graph of a class library's build that exports its chains (<see cref="CrossProjectSettings.ExportsChains"/>),
/// one per compilation, shared by <see cref="ChainExportAnalyzer"/> and <c>CallChainAnalyzer</c>. Both read the same
/// method bodies from the driver into the same facts: with one graph each body is walked once, and each summary is
/// made once. The export records open calls (<see cref="OpenCall"/>), which the call chain rule never reads; everything
/// else in a method's facts is the same either way. Only a build exports, and a build analyses the whole compilation:
/// implementations are indexed for all of it, and no facts are kept for a later compilation.
/// </summary>
internal static class BuildCallGraph
{
    private static readonly ConditionalWeakTable<Compilation, Shared> s_byCompilation = new();

    /// <summary>The compilation's shared graph, built with <paramref name="options"/>; a graph of its own for a caller
    /// whose options are not those the shared one was built with (a host that gives each analyzer other options).</summary>
    public static CallChainResolver For(Compilation compilation, AnalyzerOptions options)
    {
        var shared = s_byCompilation.GetValue(compilation, c => new Shared(Create(c, options), options));
        return ReferenceEquals(shared.Options.AnalyzerConfigOptionsProvider, options.AnalyzerConfigOptionsProvider)
            && shared.Options.AdditionalFiles == options.AdditionalFiles
                ? shared.Resolver
                : Create(compilation, options);
    }

    // Whole-compilation answers: nothing is kept for a later compilation (the caller keeps this).
    private static CallChainResolver Create(Compilation compilation, AnalyzerOptions options)
        => new(RequestHandlerModel.ForFix(compilation), compilation, options.AnalyzerConfigOptionsProvider, options.AdditionalFiles, static () => true, static () => false, recordOpenCalls: true);

    private sealed class Shared
    {
        public Shared(CallChainResolver resolver, AnalyzerOptions options)
        {
            Resolver = resolver;
            Options = options;
        }

        public CallChainResolver Resolver { get; }

        public AnalyzerOptions Options { get; }
    }
}
