using BurstAnalyzers.Incremental;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace BurstAnalyzers.Tests.Incremental;

/// <summary>
/// The text pre-filter of the registration scans says "no" only when no identifier of the tree can be named with one of
/// the endings: a name as a whole word or at the end of a longer one, written with <c>@</c>, with a Unicode escape or a
/// formatting character (whose value text differs from the text as written), or a tree without its text, all count.
/// </summary>
public class NamesInTextTests
{
    private static readonly string[] Endings = ["Use", "Scoped"];

    [Theory]
    [InlineData("class C { void M(App app) => app.Use(Handler); }")]
    [InlineData("class C { void M(S s) => s.AddScoped<I, T>(); }")]
    [InlineData("class C { void M(App app) => app.@Use(Handler); }")]
    [InlineData("class C { void M(App app) => app.\\u0055se(Handler); }")]
    [InlineData("class C { void M(App app) => app.U\u200Bse(Handler); }")]
    [InlineData("class C { void M(App app) => app.Use")]
    [InlineData("class C { void M(App app) => app.Useé(Handler); }")]
    public void MayHoldTheName(string source)
        => Assert.True(NamesInText.MayHoldName(CSharpSyntaxTree.ParseText(source), Endings));

    [Theory]
    [InlineData("class C { User Users; void M(S s) => s.UseCase().ScopedValue(); }")]
    [InlineData("class C { void M(App app) => app.Map(Handler); }")]
    [InlineData("")]
    public void DoesNotHoldTheName(string source)
        => Assert.False(NamesInText.MayHoldName(CSharpSyntaxTree.ParseText(source), Endings));

    [Fact]
    public void ATreeWithoutItsTextMayHoldAny()
    {
        var tree = CSharpSyntaxTree.Create(SyntaxFactory.ParseCompilationUnit("class C { }"));
        Assert.Equal(tree.TryGetText(out _), !NamesInText.MayHoldName(tree, Endings));
    }
}
