using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Xml.Linq;
using BurstAnalyzers.Attach.Advice;
using Xunit;
using BurstAnalyzers.BuildTasks.LibraryScan;

namespace BurstAnalyzers.Attach.Tests;

/// <summary>
/// The documentation ids burst-attach prints, read from metadata by token, against the C# compiler's own: the ids in
/// this assembly's documentation file, for methods with every shape of signature.
/// </summary>
public sealed class DocumentationIdTests
{
    public static TheoryData<string> Methods()
    {
        var data = new TheoryData<string>();
        foreach (string id in CompilerIds())
        {
            data.Add(id);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Methods))]
    public void Equals_the_compilers_documentation_id(string compilerId)
    {
        MethodBase method = typeof(DocumentationIdSamples).Assembly.GetTypes()
            .SelectMany(t => t.GetMembers(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static | BindingFlags.Instance | BindingFlags.DeclaredOnly))
            .OfType<MethodBase>()
            .Single(m => DocumentationIds.Method(m.Module.FullyQualifiedName, m.MetadataToken) == compilerId);
        Assert.NotNull(method);
    }

    [Fact]
    public void Every_sample_has_a_compiler_id() =>
        Assert.Equal(7, CompilerIds().Count);

    private static IReadOnlyList<string> CompilerIds()
    {
        string xml = Path.ChangeExtension(typeof(DocumentationIdSamples).Assembly.Location, ".xml");
        return XDocument.Load(xml).Descendants("member")
            .Select(m => (string)m.Attribute("name")!)
            .Where(n => n.StartsWith("M:BurstAnalyzers.Attach.Tests.DocumentationIdSamples", StringComparison.Ordinal))
            .ToArray();
    }
}

/// <summary>Signatures of every shape a library method may have.</summary>
public static class DocumentationIdSamples
{
    /// <summary>Primitive and reference parameters.</summary>
    public static int Plain(int count, string name) => count + name.Length;

    /// <summary>No parameters: no parentheses in the id.</summary>
    public static void NoParameters()
    {
    }

    /// <summary>A generic method, by-ref, arrays, a constructed generic type.</summary>
    public static void Generic<T>(List<T> items, ref int count, out string name, int[] flat, int[,] grid, T[] typed)
    {
        count = items.Count + flat.Length + grid.Length + typed.Length;
        name = "";
    }

    /// <summary>A nullable value type and a nested constructed type.</summary>
    public static void Nullable(int? maybe, Dictionary<string, List<int>> map) => _ = (maybe, map);

    /// <summary>A generic type with a nested type.</summary>
    /// <typeparam name="TKey">The key.</typeparam>
    public sealed class Cache<TKey>
    {
        /// <summary>A constructor.</summary>
        public Cache(TKey first) => _ = first;

        /// <summary>The type's parameter, and the method's own.</summary>
        public TValue Get<TValue>(TKey key, Func<TKey, TValue> load) => load(key);

        /// <summary>A nested type's method.</summary>
        public sealed class Entry
        {
            /// <summary>The enclosing type's parameter.</summary>
            public void Set(TKey key) => _ = key;
        }
    }
}
