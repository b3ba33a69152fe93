using System.Collections.Immutable;
using BurstAnalyzers.Handlers;
using BurstAnalyzers.Options;
using BurstAnalyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace BurstAnalyzers.Tests.Internals;

/// <summary>
/// The per-compilation handler model: absent where nothing can be a request handler (every rule bails out there, so a
/// class library pays nothing), shared by the analyzers and the code fixes whichever asks first, and answering for a
/// method under the options it is asked with.
/// </summary>
public class RequestHandlerModelTests
{
    private const string Source = """
        namespace Acme
        {
            [System.AttributeUsage(System.AttributeTargets.Method)]
            public sealed class JobHandlerAttribute : System.Attribute { }

            public class Jobs
            {
                [JobHandler]
                public void Run() { }
            }
        }
        """;

    private static readonly FixedAnalyzerConfigOptions NoOptions = new("root = true", "/src/Jobs.cs");

    [Fact]
    public void AProjectWithoutAHandlerFrameworkOrDeclaredHandlersHasNone()
        => Assert.Null(RequestHandlerModel.For(Compile(ReferenceSets.BclOnly), NoOptions));

    [Fact]
    public void HandlersDeclaredInEditorConfigAloneMakeAModel()
    {
        var options = new FixedAnalyzerConfigOptions(
            "root = true\n[*.cs]\nburst_analyzers.handler_attributes = Acme.JobHandlerAttribute\n", "/src/Jobs.cs");

        Assert.NotNull(RequestHandlerModel.For(Compile(ReferenceSets.BclOnly), options));
    }

    [Fact]
    public void AProjectReferencingAspNetCoreHasOne()
        => Assert.NotNull(RequestHandlerModel.For(Compile(ReferenceSets.Default), NoOptions));

    /// <summary>A class library's chain export asks for the model first (ForFix) as often as the rules do, the order
    /// being the driver's: that must not make a library without handlers look like one with them (every rule then ran
    /// there, and its cost depended on which analyzer started first).</summary>
    [Fact]
    public void TheChainExportAskingFirstDoesNotGiveALibraryHandlers()
    {
        var compilation = Compile(ReferenceSets.BclOnly);
        RequestHandlerModel.ForFix(compilation);

        Assert.Null(RequestHandlerModel.For(compilation, NoOptions));
    }

    /// <summary>An editor may compute a fix before the analyzers run on a compilation: the model the fix made first must
    /// not make the analyzers bail out afterwards.</summary>
    [Fact]
    public void AFixAskingFirstLeavesTheModelToTheAnalyzers()
    {
        var compilation = Compile(ReferenceSets.Default);
        var forFix = RequestHandlerModel.ForFix(compilation);

        Assert.Same(forFix, RequestHandlerModel.For(compilation, NoOptions));
    }

    /// <summary>The answer is remembered per method, but only under the options it was found with: another file's
    /// options (another .editorconfig section) get their own answer, and asking again under the first gets the first.</summary>
    [Fact]
    public void AMethodIsAHandlerUnderTheOptionsThatDeclareIt()
    {
        var compilation = Compile(ReferenceSets.BclOnly);
        var model = RequestHandlerModel.ForFix(compilation);
        var run = compilation.GetTypeByMetadataName("Acme.Jobs")!.GetMembers("Run")[0] as IMethodSymbol;
        var declaring = new BurstConfiguration(
            ImmutableHashSet.Create<INamedTypeSymbol>(SymbolEqualityComparer.Default, compilation.GetTypeByMetadataName("Acme.JobHandlerAttribute")!),
            ImmutableHashSet<INamedTypeSymbol>.Empty,
            ImmutableHashSet<ISymbol>.Empty,
            ImmutableHashSet<ISymbol>.Empty,
            BurstConfiguration.DefaultMaxCallDepth);

        Assert.True(model.IsRequestHandler(run!, declaring));
        Assert.False(model.IsRequestHandler(run!, BurstConfiguration.Empty));
        Assert.True(model.IsRequestHandler(run!, declaring));
    }

    private static Compilation Compile(ImmutableArray<MetadataReference> references)
        => CSharpCompilation.Create(
            "Jobs",
            new[] { CSharpSyntaxTree.ParseText(Source, path: "/src/Jobs.cs") },
            references,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
}
