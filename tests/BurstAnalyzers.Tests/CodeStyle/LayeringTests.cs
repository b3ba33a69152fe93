using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using BurstAnalyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Xunit;

namespace BurstAnalyzers.Tests.CodeStyle;

/// <summary>
/// The folder order docs/architecture.md states for src/BurstAnalyzers, checked on the code itself: the sources are
/// compiled and every name in code (not in comments) is bound; a name that binds to a type or member of a folder
/// higher up is a broken layer. Checked semantically, so neither a using directive nor a qualified name like
/// <c>Handlers.X</c> nor a name inside the same namespace hides a dependency.
/// </summary>
public class LayeringTests
{
    /// <summary>Bottom up, as docs/architecture.md's "Folders, bottom up" says. Folders of one level may use each other
    /// only where listed as one layer (CallGraph and CrossProject: a chain crosses into another project and, in an
    /// editor, goes on in that project's call graph). The root namespace's files (ids, descriptors) use no folder.</summary>
    private static readonly string[][] Levels =
    {
        new[] { "Incremental" },
        new[] { "Internals" },
        new[] { "Options", "FactsFiles" },
        new[] { "Blocking", "Baseline" },
        new[] { "Handlers" },
        new[] { "CallGraph", "CrossProject" },
        new[] { "Rules" },
    };

    private static readonly HashSet<(string, string)> OneLayer = new() { ("CallGraph", "CrossProject"), ("CrossProject", "CallGraph") };

    [Fact]
    public void EveryFolderUsesOnlyTheFoldersBelowIt()
    {
        var source = Path.Combine(RepoLayout.Root, "src", "BurstAnalyzers");
        var trees = Directory.EnumerateFiles(source, "*.cs", SearchOption.AllDirectories)
            .Where(path => !IsBuildOutput(Path.GetRelativePath(source, path)))
            .Select(path => CSharpSyntaxTree.ParseText(File.ReadAllText(path), new CSharpParseOptions(LanguageVersion.Latest), path))
            .ToList();
        var compilation = CSharpCompilation.Create("Layering", trees, References(), new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));

        var folders = Directory.GetDirectories(source).Select(Path.GetFileName).Where(name => name is not ("bin" or "obj")).ToHashSet();
        Assert.Equal(folders.OrderBy(f => f), Levels.SelectMany(level => level).OrderBy(f => f));

        var broken = new SortedSet<string>(StringComparer.Ordinal);
        foreach (var tree in trees)
        {
            var from = FolderOf(Path.GetRelativePath(source, tree.FilePath));
            var model = compilation.GetSemanticModel(tree);
            foreach (var name in tree.GetRoot().DescendantNodes(descendIntoTrivia: false).OfType<SimpleNameSyntax>())
            {
                var symbol = model.GetSymbolInfo(name).Symbol ?? model.GetSymbolInfo(name).CandidateSymbols.FirstOrDefault();
                if (FolderOf(symbol) is { } to && !Allowed(from, to))
                {
                    var line = name.GetLocation().GetLineSpan().StartLinePosition.Line + 1;
                    broken.Add($"{Path.GetRelativePath(source, tree.FilePath)}:{line} ({from}) uses {symbol!.ToDisplayString()} ({to})");
                }
            }
        }

        Assert.True(broken.Count == 0, "Folders used against the layer order:\n" + string.Join("\n", broken));
    }

    private static bool Allowed(string from, string to)
    {
        if (from == to || to == "")
        {
            return true;
        }

        if (from == "")
        {
            return false;
        }

        var fromLevel = Array.FindIndex(Levels, level => level.Contains(from));
        var toLevel = Array.FindIndex(Levels, level => level.Contains(to));
        return toLevel < fromLevel || OneLayer.Contains((from, to));
    }

    /// <summary>The folder a file is in ("" for the root).</summary>
    private static string FolderOf(string relativePath)
    {
        var separator = relativePath.IndexOf(Path.DirectorySeparatorChar);
        return separator < 0 ? "" : relativePath[..separator];
    }

    /// <summary>The folder of src/BurstAnalyzers a symbol is declared in ("" for the root), or null for anything else.</summary>
    private static string? FolderOf(ISymbol? symbol)
    {
        var declaration = symbol?.OriginalDefinition.DeclaringSyntaxReferences.FirstOrDefault();
        if (declaration is null || symbol is INamespaceSymbol || symbol is ILocalSymbol or IParameterSymbol or IRangeVariableSymbol or ILabelSymbol)
        {
            return null;
        }

        var source = Path.Combine(RepoLayout.Root, "src", "BurstAnalyzers");
        return FolderOf(Path.GetRelativePath(source, declaration.SyntaxTree.FilePath));
    }

    private static bool IsBuildOutput(string relativePath) => FolderOf(relativePath) is "bin" or "obj";

    /// <summary>The running platform and Roslyn: enough to bind every name of the analyzer's sources.</summary>
    private static IEnumerable<MetadataReference> References()
        => ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator)
            .Select(path => MetadataReference.CreateFromFile(path));
}
