using System.Collections.Immutable;
using BurstAnalyzers.Internals;
using BurstAnalyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace BurstAnalyzers.Tests.Internals;

/// <summary>
/// The per-compilation type look-up keeps what the references answer across compilations (an editor makes one per
/// keystroke). It must answer exactly what the compilation answers: the source wins over references, a nested name
/// follows its top-level type, an ambiguous name is null, and nothing leaks from one reference set to another.
/// </summary>
public class WellKnownTypesTests
{
    private const string Plain = "public class Plain { }";

    [Fact]
    public void ATypeTheSourceDeclaresWinsInThatCompilationOnly()
    {
        var first = Compile(ReferenceSets.BclOnly, Plain);
        var shadowing = first.ReplaceSyntaxTree(first.SyntaxTrees[0], Parse("namespace System.Threading.Tasks { public class Task { } }"));
        var again = shadowing.ReplaceSyntaxTree(shadowing.SyntaxTrees[0], Parse(Plain));

        var fromReferences = AssertSameAsCompilation(first, "System.Threading.Tasks.Task");
        var fromSource = AssertSameAsCompilation(shadowing, "System.Threading.Tasks.Task");
        var sharedAgain = AssertSameAsCompilation(again, "System.Threading.Tasks.Task");

        Assert.NotEqual(first.Assembly, fromReferences!.ContainingAssembly);
        Assert.Equal(shadowing.Assembly, fromSource!.ContainingAssembly);
        Assert.Same(fromReferences, sharedAgain);
    }

    [Fact]
    public void ANestedNameFollowsTheTopLevelTypeTheSourceDeclares()
    {
        var withoutNested = Compile(ReferenceSets.BclOnly, "namespace System { public static class Environment { } }");
        var plain = withoutNested.ReplaceSyntaxTree(withoutNested.SyntaxTrees[0], Parse(Plain));

        Assert.Null(AssertSameAsCompilation(withoutNested, "System.Environment+SpecialFolder"));
        Assert.NotNull(AssertSameAsCompilation(plain, "System.Environment+SpecialFolder"));
    }

    [Fact]
    public void TypesOfTheGlobalNamespaceAreAskedOfTheSource()
    {
        var topLevelStatements = Compile(ReferenceSets.BclOnly, "System.Console.WriteLine();", OutputKind.ConsoleApplication);
        var globalEnum = Compile(ReferenceSets.BclOnly, "public enum Color { Red }");

        var withoutEnum = globalEnum.ReplaceSyntaxTree(globalEnum.SyntaxTrees[0], Parse(Plain));

        Assert.NotNull(AssertSameAsCompilation(topLevelStatements, "Program"));
        Assert.NotNull(AssertSameAsCompilation(globalEnum, "Color"));
        Assert.Null(AssertSameAsCompilation(globalEnum, "Program"));
        Assert.Null(AssertSameAsCompilation(withoutEnum, "Color"));
    }

    [Fact]
    public void AnswersAreSharedOnlyByCompilationsWithTheSameReferences()
    {
        var widgetA = Library("Acme.A");
        var widgetB = Library("Acme.B");
        var both = Compile(ReferenceSets.BclOnly.Add(widgetA).Add(widgetB), Plain);
        var one = Compile(ReferenceSets.BclOnly.Add(widgetA), Plain);
        var bothAgain = both.ReplaceSyntaxTree(both.SyntaxTrees[0], Parse("public class Other { }"));

        Assert.Null(AssertSameAsCompilation(both, "Acme.Widget"));
        Assert.NotNull(AssertSameAsCompilation(one, "Acme.Widget"));
        Assert.Null(AssertSameAsCompilation(bothAgain, "Acme.Widget"));
        Assert.Null(AssertSameAsCompilation(one, "Acme.Missing"));
    }

    private static INamedTypeSymbol? AssertSameAsCompilation(Compilation compilation, string metadataName)
    {
        var answer = WellKnownTypes.For(compilation).Get(metadataName);
        Assert.Equal(compilation.GetTypeByMetadataName(metadataName), answer, SymbolEqualityComparer.Default);
        return answer;
    }

    private static CSharpCompilation Compile(ImmutableArray<MetadataReference> references, string source, OutputKind kind = OutputKind.DynamicallyLinkedLibrary)
        => CSharpCompilation.Create("Project", new[] { Parse(source) }, references, new CSharpCompilationOptions(kind));

    private static SyntaxTree Parse(string source) => CSharpSyntaxTree.ParseText(source);

    private static MetadataReference Library(string assemblyName)
        => Compile(ReferenceSets.BclOnly, "namespace Acme { public class Widget { } }").WithAssemblyName(assemblyName).ToMetadataReference();
}
