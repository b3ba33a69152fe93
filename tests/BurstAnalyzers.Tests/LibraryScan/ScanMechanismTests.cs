using System;
using System.IO;
using System.Linq;
using BurstAnalyzers.BuildTasks.LibraryScan;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace BurstAnalyzers.Tests.LibraryScan;

/// <summary>
/// What the library scan follows and what it does not, on a small vendor library compiled here (Release, as packages
/// ship): interface dispatch, an override in a generic class, a lambda run in place or kept for later, a zero timeout,
/// an async method, an iterator enumerated inside the call or returned lazily, a throw helper's I/O (an error path), a clean twin.
/// </summary>
public sealed class ScanMechanismTests : IDisposable
{
    private const string Source = """
        using System;
        using System.Collections.Generic;
        using System.IO;
        using System.Linq;
        using System.Threading;
        using System.Threading.Tasks;

        namespace Vendor
        {
            public interface IStore { string Get(string key); Task<string> GetAsync(string key); }

            internal sealed class FileStore : IStore
            {
                public string Get(string key) => File.ReadAllText(key);
                public Task<string> GetAsync(string key) => File.ReadAllTextAsync(key);
            }

            public abstract class Cache<T> { public abstract void Save(T value); }

            public sealed class SlowCache<TKey, TValue> : Cache<TValue>
            {
                public override void Save(TValue value) => Thread.Sleep(5);
            }

            public static class Runner
            {
                private static Action s_saved = () => { };

                public static T Run<T>(Func<T> body) => body();
                public static void Later(Action body) { s_saved = body; }
                public static int Blocks() => Run(() => { Thread.Sleep(10); return 1; });
                public static int DoesNotBlock() { Later(() => Thread.Sleep(10)); return 1; }
                public static bool TryWait(SemaphoreSlim gate) => gate.Wait(0);
                public static void Wait(SemaphoreSlim gate) => gate.Wait();
                public static async Task SleepAsync() { await Task.Delay(1); Thread.Sleep(1); }
                public static List<string> Lines(string path) => ReadLines(path).ToList();
                public static IEnumerable<string> Lazy(string path) => ReadLines(path);
                private static IEnumerable<string> ReadLines(string path) { foreach (var line in File.ReadLines(path)) { yield return line; } }
                public static int Check(string text) { if (text.Length == 0) { ThrowEmpty(text); } return text.Length; }
                private static void ThrowEmpty(string text) { File.AppendAllText("errors.log", text); throw new ArgumentException(text); }
                public static Stream Open(string path) => new FileStream(path, FileMode.Open);
            }

            public sealed class Parser
            {
                public string Parse(string text) => text.Trim();
                public Task<string> ParseAsync(string text) => Task.FromResult(Parse(text));
            }
        }
        """;

    private readonly string _folder = Directory.CreateDirectory(Path.Combine(Path.GetTempPath(), "burst-scan-" + Guid.NewGuid().ToString("N"))).FullName;

    [Fact]
    public void Records_exactly_what_the_library_does()
    {
        var path = Path.Combine(_folder, "Vendor.dll");
        var references = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator)
            .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p));
        var compilation = CSharpCompilation.Create(
            "Vendor",
            new[] { CSharpSyntaxTree.ParseText(Source) },
            references,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, optimizationLevel: OptimizationLevel.Release));
        var emitted = compilation.Emit(path);
        Assert.True(emitted.Success, string.Join("\n", emitted.Diagnostics));

        using var assembly = LibraryAssembly.TryOpen(path, out _)!;
        var records = new LibraryScanner(new[] { assembly }).Scan(new[] { "Vendor" })["Vendor"];

        Assert.Equal(
            new[]
            {
                "M:Vendor.IStore.Get(System.String)\tBURST003\t2\t\t0,0,0,0\tIStore.Get → FileStore.Get → File.ReadAllText",
                "M:Vendor.Cache`1.Save(`0)\tBURST001\t2\t\t0,0,0,0\tCache.Save → SlowCache.Save → Thread.Sleep",
                "M:Vendor.SlowCache`2.Save(`1)\tBURST001\t1\t\t0,0,0,0\tSlowCache.Save → Thread.Sleep",
                "runs\tM:Vendor.Runner.Run``1(System.Func{``0})\t0",
                "M:Vendor.Runner.Blocks\tBURST001\t2\t\t0,0,0,0\tRunner.Blocks → Runner.Blocks → Thread.Sleep",
                "M:Vendor.Runner.Wait(System.Threading.SemaphoreSlim)\tBURST004\t1\t\t0,0,0,0\tRunner.Wait → SemaphoreSlim.Wait",
                "M:Vendor.Runner.Lines(System.String)\tBURST003\t2\t\t0,0,0,0\tRunner.Lines → Runner.ReadLines → File.ReadLines",
                "M:Vendor.Runner.Open(System.String)\tBURST003\t1\t\t0,0,0,0\tRunner.Open → new FileStream",
                "clean\tM:Vendor.Parser.Parse(System.String)",
            },
            records);
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);
}
