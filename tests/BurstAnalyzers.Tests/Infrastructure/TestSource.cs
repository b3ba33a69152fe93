using System.Collections.Immutable;

namespace BurstAnalyzers.Tests.Infrastructure;

/// <summary>One file of a test project, written with diagnostic markup.</summary>
internal sealed record TestSource(string FileName, string Markup)
{
    public static implicit operator TestSource(string markup) => new("Test0.cs", markup);

    public static ImmutableArray<TestSource> Files(params TestSource[] sources) => ImmutableArray.Create(sources);
}
