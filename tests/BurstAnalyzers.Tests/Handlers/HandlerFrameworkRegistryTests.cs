using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using BurstAnalyzers.Handlers;
using BurstAnalyzers.Options;
using BurstAnalyzers.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace BurstAnalyzers.Tests.Handlers;

/// <summary>
/// What docs/architecture.md's "Checklist: a new handler framework" promises, checked: a framework recognised by its own
/// methods is one class implementing <see cref="IHandlerFramework"/>, and registering it in
/// <see cref="HandlerFrameworks"/> is all the wiring the rules need. A class that implements the interface but is not
/// registered would be asked by nothing.
/// </summary>
public class HandlerFrameworkRegistryTests
{
    [Fact]
    public void EveryHandlerFrameworkIsRegisteredOnce()
    {
        var implementations = typeof(IHandlerFramework).Assembly.GetTypes()
            .Where(type => typeof(IHandlerFramework).IsAssignableFrom(type) && type.IsClass && !type.IsAbstract)
            .OrderBy(type => type.FullName, StringComparer.Ordinal)
            .ToList();

        var registered = Registry(CSharpCompilation.Create("Empty", references: ReferenceSets.BclOnly)).All
            .Select(framework => framework.GetType())
            .ToList();

        Assert.NotEmpty(implementations);
        Assert.Equal(registered.Count, registered.Distinct().Count());
        Assert.Equal(implementations, registered.OrderBy(type => type.FullName, StringComparer.Ordinal));
    }

    [Fact]
    public void NoFrameworkIsPresentWithoutItsPackage()
    {
        var registry = Registry(CSharpCompilation.Create("Empty", references: ReferenceSets.BclOnly));

        Assert.Empty(registry.All.Where(framework => framework.IsPresent).Select(framework => framework.GetType().Name));
    }

    [Fact]
    public void TheFrameworksOfTheirPackagesArePresent()
    {
        var present = new HashSet<string>(
            Registry(CSharpCompilation.Create("Web", references: ReferenceSets.WithFunctionsAndFastEndpoints)).All
                .Where(framework => framework.IsPresent)
                .Select(framework => framework.GetType().Name));

        foreach (var name in new[] { nameof(ControllerActions), nameof(MvcFilters), nameof(AzureFunctions), nameof(FastEndpointsHandlers), nameof(MassTransitConsumers) })
        {
            Assert.Contains(name, present);
        }
    }

    /// <summary>A framework that looks up its own types (MassTransitConsumers: the checklist's worked example of "one
    /// file") is present with its package alone, and nothing else is: no web framework is asked to make it count.</summary>
    [Fact]
    public void AMassTransitWorkerHasItsConsumersAlone()
    {
        var present = Registry(CSharpCompilation.Create("Worker", references: ReferenceSets.MassTransitWorker)).All
            .Where(framework => framework.IsPresent)
            .Select(framework => framework.GetType().Name);

        Assert.Equal(new[] { nameof(MassTransitConsumers) }, present);
    }

    /// <summary>Whether the rules register anything in a compilation of each reference set the tests have (the model is
    /// null where no handler can exist), pinned: the answer must not change when how it is decided changes. A
    /// WebAssembly-only Blazor project has no server components, but it references Microsoft.AspNetCore.Authorization
    /// (through Microsoft.AspNetCore.Components), whose authorization handlers count; the BCL alone has no handlers
    /// unless the options declare some. A MassTransit worker (the BCL and MassTransit.Abstractions, no web framework) has
    /// its consumers, counted by their one registration line and nothing else.</summary>
    [Theory]
    [InlineData("BclOnly", false)]
    [InlineData("Default", true)]
    [InlineData("WithEntityFrameworkCore", true)]
    [InlineData("Net48", true)]
    [InlineData("WithFunctionsAndFastEndpoints", true)]
    [InlineData("BlazorWebAssembly", true)]
    [InlineData("MassTransitWorker", true)]
    public void TheModelExistsWhereHandlersCan(string referenceSet, bool hasHandlers)
    {
        var compilation = CSharpCompilation.Create("App", new[] { CSharpSyntaxTree.ParseText("class C { }", path: "/src/C.cs") }, References(referenceSet));

        Assert.Equal(hasHandlers, RequestHandlerModel.For(compilation, new FixedAnalyzerConfigOptions("root = true", "/src/C.cs")) is not null);
    }

    [Theory]
    [InlineData(BurstOptionKeys.HandlerAttributes, "Acme.HandlerAttribute")]
    [InlineData(BurstOptionKeys.HandlerBaseTypes, "Acme.HandlerBase")]
    public void HandlersDeclaredInTheOptionsNeedNoFramework(string key, string value)
    {
        var compilation = CSharpCompilation.Create("App", new[] { CSharpSyntaxTree.ParseText("class C { }", path: "/src/C.cs") }, ReferenceSets.BclOnly);

        Assert.NotNull(RequestHandlerModel.For(compilation, new FixedAnalyzerConfigOptions($"root = true\n[*.cs]\n{key} = {value}", "/src/C.cs")));
    }

    private static ImmutableArray<MetadataReference> References(string referenceSet) => referenceSet switch
    {
        "BclOnly" => ReferenceSets.BclOnly,
        "Default" => ReferenceSets.Default,
        "WithEntityFrameworkCore" => ReferenceSets.WithEntityFrameworkCore,
        "Net48" => ReferenceSets.Net48,
        "WithFunctionsAndFastEndpoints" => ReferenceSets.WithFunctionsAndFastEndpoints,
        "BlazorWebAssembly" => ReferenceSets.BlazorWebAssembly,
        "MassTransitWorker" => ReferenceSets.MassTransitWorker,
        _ => throw new ArgumentOutOfRangeException(nameof(referenceSet)),
    };

    private static HandlerFrameworks Registry(CSharpCompilation compilation)
        => new(compilation, HandlerFrameworkSymbols.For(compilation));
}
