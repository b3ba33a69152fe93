using System.Linq;
using BurstAnalyzers.Baseline;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;
using Xunit;

namespace BurstAnalyzers.Tests.Baseline;

/// <summary>How the member and the code of an entry are written, for each kind of place a finding can be in.</summary>
public class FindingIdentityTests
{
    [Theory]
    [InlineData("namespace A.B { class C<T> { void M(int x, ref string y, params object[] z) { Call(); } } }", "A.B.C<T>.M(int,ref string,params object[])")]
    [InlineData("namespace A; class C { C(System.IO.Stream s) { Call(); } }", "A.C..ctor(System.IO.Stream)")]
    [InlineData("class C { static C() { Call(); } }", "C..cctor()")]
    [InlineData("class C { int P { get { Call(); return 0; } } }", "C.P")]
    [InlineData("class C { int this[int i] => Call(); }", "C.this[int]")]
    [InlineData("class C { static int f = Call(), g = 0; }", "C.f")]
    [InlineData("class C { void M() { void Local(int i) { Call(); } } }", "C.M().Local")]
    [InlineData("class C { void M() { System.Action a = () => { Call(); }; } }", "C.M()")]
    [InlineData("class Outer { class Inner { void M(System.Collections.Generic.List<(int a, string b)> l) { Call(); } } }", "Outer.Inner.M(System.Collections.Generic.List<(int a,string b)>)")]
    [InlineData("Call();", "<top-level statements>")]
    public void TheMember_IsWhatDeclaresTheCode_AsWritten(string source, string member)
        => Assert.Equal(member, FindingIdentity.MemberOf(CallIn(source)));

    [Theory]
    [InlineData("Thread.Sleep(1000)", "Thread.Sleep(1000)")]
    [InlineData("Thread . Sleep (\n    1000 /* ms */ )", "Thread.Sleep(1000)")]
    [InlineData("new HttpClient().GetStringAsync(url).Result", "new HttpClient().GetStringAsync(url).Result")]
    [InlineData("Parallel.ForEach(items, item => { Process(item); Log(item); })", "Parallel.ForEach(items,…)")]
    [InlineData("Run(@\"two\nlines\")", "Run(@\"two lines\")")]
    public void TheCode_IsItsTokens_WithoutTriviaOrLambdaBodies_OnOneLine(string expression, string code)
    {
        var node = SyntaxFactory.ParseExpression(expression);
        Assert.Equal(code, FindingIdentity.CodeOf(node));
    }

    [Fact]
    public void LongCode_IsCut_AndStaysOneLineWithinTheLimit()
    {
        var node = SyntaxFactory.ParseExpression("Client." + string.Join(".", Enumerable.Range(0, 60).Select(i => "Step" + i + "()")));
        var code = FindingIdentity.CodeOf(node);
        Assert.Equal(FindingIdentity.MaxCodeLength + 1, code.Length);
        Assert.EndsWith("…", code, System.StringComparison.Ordinal);
    }

    [Fact]
    public void TheFile_IsParsedOncePerContent_AcrossTextObjects()
    {
        var text = SourceText.From("BURST001 | C.M() | Thread.Sleep(1)\n");
        var again = SourceText.From("BURST001 | C.M() | Thread.Sleep(1)\n");

        var parsed = BaselineFiles.Parse(text);

        Assert.Same(parsed, BaselineFiles.Parse(text));
        Assert.Same(parsed, BaselineFiles.Parse(again));
        Assert.Equal(1, parsed.Recorded("BURST001 | C.M() | Thread.Sleep(1)"));
    }

    [Fact]
    public void TheSameEntryTwice_RecordsTwoFindings_AndPartsAreTrimmed()
    {
        var parsed = BaselineFile.Parse(SourceText.From("# comment\n\nBURST001 | C.M() | Sleep(1)\n  BURST001 |  C.M()  | Sleep(1)  \n"));

        Assert.Equal(2, parsed.Recorded("BURST001 | C.M() | Sleep(1)"));
        Assert.Empty(parsed.Problems);
    }

    private static SyntaxNode CallIn(string source)
    {
        var tree = CSharpSyntaxTree.ParseText(source, new CSharpParseOptions(LanguageVersion.Latest));
        return tree.GetRoot().DescendantNodes().OfType<InvocationExpressionSyntax>().First(i => i.Expression.ToString() == "Call");
    }
}
