using BurstAnalyzers.Incremental;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace BurstAnalyzers.Tests.Incremental;

/// <summary>
/// The "…Async" methods of a tree's top-level static classes, where extension counterparts can come from: those of the
/// class and of the types nested in it, whatever the members' bodies hold (the walk does not enter them).
/// </summary>
public class TypeDeclarationIndexTests
{
    [Fact]
    public void StaticClassAsyncMethodsAreTheDeclaredOnes()
    {
        const string source = """
            static class Extensions
            {
                static int s_field = Run(() => 1);
                static int Count { get { int LocalAsync() => 1; return LocalAsync(); } }
                public static Task SaveAsync(this Db db) { void InnerAsync() { } InnerAsync(); return Task.CompletedTask; }
                public static Task<int> CountAsync(this Db db) => Task.FromResult(0);
                static int Load() => 0;
                class Nested { public Task ReadAsync() => Task.CompletedTask; }
            }

            class NotStatic { public Task WriteAsync() => Task.CompletedTask; }
            """;

        var index = TypeDeclarationIndex.Of(CSharpSyntaxTree.ParseText(source));

        Assert.Equal("SaveAsync, CountAsync, ReadAsync", string.Join(", ", index.StaticClassAsyncMethods));
    }
}
