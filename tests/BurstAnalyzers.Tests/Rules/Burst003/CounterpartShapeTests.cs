using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst003;

/// <summary>
/// The shapes that make, or do not make, a library method named Name + "Async" the counterpart of a sync call
/// (docs/rules/BURST003.md): a counterpart must take every argument the sync call passes, in compatible types, be a
/// real async method, and the sync call must return a value it can stand for. Anything else is a name that happens to
/// match, and reporting it would suggest a call that does not compile or still blocks.
/// </summary>
public class CounterpartShapeTests
{
    private const string Sdk = """
        namespace Acme.Sdk
        {
            using System;
            using System.Collections.Generic;
            using System.Threading.Tasks;

            public class Catalog
            {
                public string Load(string key, int retries) => key;
                public Task<string> LoadAsync(string key) => Task.FromResult(key);
                public string Find(string key) => key;
                public Task<string> FindAsync(string key, int retries = 0) => Task.FromResult(key);
            }

            public class Channel
            {
                public void Send(string text) { }
                public Task SendAsync(Memory<byte> data) => Task.CompletedTask;
                public void Post(string text) { }
                public Task PostAsync(ReadOnlyMemory<byte> data) => Task.CompletedTask;
                public int Receive(Span<byte> buffer) => 0;
                public Task<int> ReceiveAsync(Memory<byte> buffer) => Task.FromResult(0);
            }

            public class Cache
            {
                public void Set(string key, Dictionary<string, object> values) { }
                public Task SetAsync<T>(string key, Dictionary<string, T> values) => Task.CompletedTask;
                public void Save(List<int> ids) { }
                public Task SaveAsync(List<string> names) => Task.CompletedTask;
                public void Keep(Dictionary<string, int> counts) { }
                public Task KeepAsync(Dictionary<int, int> counts) => Task.CompletedTask;
            }

            public class Slots
            {
                private readonly int[] _slots = new int[8];
                public ref int Slot(int index) => ref _slots[index];
                public Task<int> SlotAsync(int index) => Task.FromResult(_slots[index]);
            }

            public class Store { }

            public static class StoreReads
            {
                public static string Load(this Store store) => "";
                public static string List(this Store store) => "";
                public static string Scan(this Store store) => "";
                public static string Fetch(this Store store) => "";
            }
        }
        """;

    [Fact]
    public Task ATwinTakingFewerArgumentsIsNoCounterpart() => Verify.VerifyAnalyzerAsync(
        TestSource.Files("""
            using Acme.Sdk;
            using Microsoft.AspNetCore.Mvc;

            public class CatalogController : ControllerBase
            {
                public string Get(Catalog catalog, string key) => catalog.Load(key, 3) + {|#0:catalog.Find(key)|};
            }
            """),
        references: ReferenceSets.WithLibrary("Acme.Sdk", Sdk),
        expected: new[]
        {
            Verify.Diagnostic("BURST003").WithLocation(0).WithArguments("Catalog.Find", "CatalogController.Get", "await Catalog.FindAsync"),
        });

    /// <summary>Span pairs with Memory and ReadOnlySpan with ReadOnlyMemory (Stream.Read / ReadAsync); a twin taking
    /// memory is no counterpart of a method taking anything else.</summary>
    [Fact]
    public Task MemoryPairsWithSpanOnly() => Verify.VerifyAnalyzerAsync(
        TestSource.Files("""
            using Acme.Sdk;
            using Microsoft.AspNetCore.Mvc;

            public class ChannelController : ControllerBase
            {
                public int Get(Channel channel, byte[] bytes)
                {
                    channel.Send("text");
                    channel.Post("text");
                    return {|#0:channel.Receive(bytes)|};
                }
            }
            """),
        references: ReferenceSets.WithLibrary("Acme.Sdk", Sdk),
        expected: new[]
        {
            Verify.Diagnostic("BURST003").WithLocation(0).WithArguments("Channel.Receive", "ChannelController.Get", "await Channel.ReceiveAsync"),
        });

    /// <summary>Generic parameters of the same type definition pair when their type arguments do, a type parameter
    /// pairing with anything.</summary>
    [Fact]
    public Task GenericParametersPairByTheirTypeArguments() => Verify.VerifyAnalyzerAsync(
        TestSource.Files("""
            using System.Collections.Generic;
            using Acme.Sdk;
            using Microsoft.AspNetCore.Mvc;

            public class CacheController : ControllerBase
            {
                public void Put(Cache cache, string key, Dictionary<string, object> values, List<int> ids, Dictionary<string, int> counts)
                {
                    {|#0:cache.Set(key, values)|};
                    cache.Save(ids);
                    cache.Keep(counts);
                }
            }
            """),
        references: ReferenceSets.WithLibrary("Acme.Sdk", Sdk),
        expected: new[]
        {
            Verify.Diagnostic("BURST003").WithLocation(0).WithArguments("Cache.Set", "CacheController.Put", "await Cache.SetAsync"),
        });

    /// <summary>A method returning by reference hands out a variable, which no awaited value can stand for.</summary>
    [Fact]
    public Task AMethodReturningByReferenceHasNoCounterpart() => Verify.VerifyAnalyzerAsync(
        TestSource.Files("""
            using Acme.Sdk;
            using Microsoft.AspNetCore.Mvc;

            public class SlotsController : ControllerBase
            {
                public int Get(Slots slots)
                {
                    slots.Slot(0) = 1;
                    return slots.Slot(1);
                }
            }
            """),
        references: ReferenceSets.WithLibrary("Acme.Sdk", Sdk));

    /// <summary>
    /// An extension twin a team wrote as Task.Run or Task.Factory.StartNew over a library's sync call, awaited or not,
    /// with or without ConfigureAwait or parentheses: async over sync, no counterpart. A real async twin beside them is one.
    /// </summary>
    [Fact]
    public Task AsyncOverSyncExtensionTwinsAreNoCounterparts() => Verify.VerifyAnalyzerAsync(
        TestSource.Files("""
            using System.Threading.Tasks;
            using Acme.Sdk;
            using Microsoft.AspNetCore.Mvc;

            public static class StoreReadsAsync
            {
                public static Task<string> LoadAsync(this Store store) => Task.Run(() => store.Load());
                public static async Task<string> ListAsync(this Store store) => await Task.Run(() => store.List()).ConfigureAwait(false);
                public static async Task<string> ScanAsync(this Store store)
                {
                    return await (Task.Factory.StartNew(() => store.Scan()));
                }

                public static Task<string> FetchAsync(this Store store) => Task.FromResult("");
            }

            public class StoreController : ControllerBase
            {
                public string Get(Store store) => store.Load() + store.List() + store.Scan() + {|#0:store.Fetch()|};
            }
            """),
        references: ReferenceSets.WithLibrary("Acme.Sdk", Sdk),
        expected: new[]
        {
            Verify.Diagnostic("BURST003").WithLocation(0).WithArguments("StoreReads.Fetch", "StoreController.Get", "await StoreReadsAsync.FetchAsync"),
        });
}
