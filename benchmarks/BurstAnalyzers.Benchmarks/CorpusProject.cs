using Microsoft.CodeAnalysis.CSharp;

namespace BurstAnalyzers.Benchmarks;

/// <summary>One project of the corpus's build: its compilation, and whether it is a class library (whose build exports
/// its chains for the projects above) or the web application.</summary>
internal sealed record CorpusProject(CSharpCompilation Compilation, bool IsLibrary)
{
    public string Name => Compilation.AssemblyName ?? "?";

    public int Lines
    {
        get
        {
            var lines = 0;
            foreach (var tree in Compilation.SyntaxTrees)
            {
                lines += tree.GetText().Lines.Count;
            }

            return lines;
        }
    }
}
