using System;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace BurstAnalyzers.Tests.Infrastructure;

/// <summary>
/// What the command-line compiler's objects do that the harness's do not, given to the harness's compilations so
/// that every analyzer test meets them. `csc` sets its own metadata reference resolver in the compilation options,
/// whose <c>GetHashCode</c> throws <see cref="NotImplementedException"/> (equality is by reference): an analyzer
/// that hashes <see cref="CompilationOptions"/> crashes with AD0001 in every real build and never under the harness
/// (issue 33). The real compiler itself is run by the consumer builds (tests/BurstAnalyzers.Tests/Integration/).
/// </summary>
internal static class CommandLineCompilerObjects
{
    /// <summary>The options with a resolver that behaves like the command-line compiler's.</summary>
    public static TOptions AsCommandLineCompiler<TOptions>(this TOptions options)
        where TOptions : CompilationOptions
        => (TOptions)options.WithMetadataReferenceResolver(new UnhashableReferenceResolver());

    /// <summary>Resolves nothing (the references are given), hashes like <c>LoggingMetadataFileReferenceResolver</c>.</summary>
    private sealed class UnhashableReferenceResolver : MetadataReferenceResolver, IEquatable<UnhashableReferenceResolver>
    {
        public override ImmutableArray<PortableExecutableReference> ResolveReference(string reference, string? baseFilePath, MetadataReferenceProperties properties)
            => ImmutableArray<PortableExecutableReference>.Empty;

        public bool Equals(UnhashableReferenceResolver? other) => ReferenceEquals(this, other);

        public override bool Equals(object? other) => Equals(other as UnhashableReferenceResolver);

        public override int GetHashCode() => throw new NotImplementedException("As the command-line compiler's reference resolver: not hashable.");
    }
}
