using System;
using System.Collections.Generic;
using System.Linq;
using BurstAnalyzers.Handlers;
using BurstAnalyzers.Tests.Infrastructure;
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

        foreach (var name in new[] { nameof(ControllerActions), nameof(MvcFilters), nameof(AzureFunctions), nameof(FastEndpointsHandlers) })
        {
            Assert.Contains(name, present);
        }
    }

    private static HandlerFrameworks Registry(CSharpCompilation compilation)
        => new(compilation, HandlerFrameworkSymbols.For(compilation));
}
