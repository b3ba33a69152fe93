using System.Linq;
using BurstAnalyzers.CallGraph;
using BurstAnalyzers.Incremental;
using BurstAnalyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace BurstAnalyzers.Tests.Incremental;

/// <summary>
/// Compilations share one set of declarations while every tree, position by position, declares the same: an edit in a
/// body keeps the set, an edit of a declaration or a tree added makes a new one, and many regenerated trees (as source
/// generators make) are taken in without losing it.
/// </summary>
public class DeclarationSetTests
{
    [Fact]
    public void ABodyEditKeepsTheSetAndADeclarationEditDoesNot()
    {
        var first = Compile(3);
        var tree = first.SyntaxTrees.ElementAt(1);

        var bodyEdited = first.ReplaceSyntaxTree(tree, Reparse(tree, "=> 1;", "=> 2;"));
        var declarationEdited = first.ReplaceSyntaxTree(tree, Reparse(tree, "public int M1()", "public int M1(int x)"));
        var treeAdded = first.AddSyntaxTrees(CSharpSyntaxTree.ParseText("class Extra { }", path: "/p/Extra.cs"));

        Assert.Same(DeclarationSet.Of(first), DeclarationSet.Of(bodyEdited));
        Assert.NotSame(DeclarationSet.Of(first), DeclarationSet.Of(declarationEdited));
        Assert.NotEqual(DeclarationSet.Of(first).Fingerprint, DeclarationSet.Of(declarationEdited).Fingerprint);
        Assert.NotSame(DeclarationSet.Of(first), DeclarationSet.Of(treeAdded));
    }

    [Fact]
    public void ManyRegeneratedTreesDeclaringTheSameKeepTheSet()
    {
        var first = Compile(40);
        var regenerated = first;
        foreach (var tree in first.SyntaxTrees.Skip(1).Take(30))
        {
            regenerated = regenerated.ReplaceSyntaxTree(tree, CSharpSyntaxTree.ParseText(tree.GetText(), (CSharpParseOptions)tree.Options, tree.FilePath));
        }

        var set = DeclarationSet.Of(first);
        Assert.Same(set, DeclarationSet.Of(regenerated));

        // Taken in: an edit after the regeneration still finds the same set, by its first or last tree.
        var last = regenerated.SyntaxTrees.Last();
        Assert.Same(set, DeclarationSet.Of(regenerated.ReplaceSyntaxTree(last, Reparse(last, "=> 1;", "=> 3;"))));
    }

    private static CSharpCompilation Compile(int files)
        => CSharpCompilation.Create(
            "Project",
            Enumerable.Range(0, files).Select(i => CSharpSyntaxTree.ParseText($"public class C{i} {{ public int M{i}() => 1; }}", path: $"/p/C{i}.cs")),
            ReferenceSets.BclOnly,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));

    private static SyntaxTree Reparse(SyntaxTree tree, string oldText, string newText)
    {
        var text = tree.GetText().ToString();
        Assert.Contains(oldText, text, System.StringComparison.Ordinal);
        return tree.WithChangedText(Microsoft.CodeAnalysis.Text.SourceText.From(text.Replace(oldText, newText, System.StringComparison.Ordinal)));
    }
}
