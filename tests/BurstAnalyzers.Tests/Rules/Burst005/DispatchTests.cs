using System.Threading.Tasks;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.CallChainAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>Calls through interfaces and virtual methods reach every implementation and override; generic methods.</summary>
public class DispatchTests
{
    [Fact]
    public Task InterfaceCallReachesEveryImplementation() => Verify.VerifyAnalyzerAsync("""
        using System.IO;
        using Microsoft.AspNetCore.Mvc;

        public interface IStore
        {
            string Load(string key);
            string Name { get; }
        }

        public class MemoryStore : IStore
        {
            public string Load(string key) => key;
            public string Name => "memory";
        }

        public class FileStore : IStore
        {
            public string Load(string key) => File.ReadAllText(key);
            string IStore.Name => File.ReadAllText("name.txt");
        }

        public interface IQuiet { string Load(string key); }

        public class QuietStore : IQuiet { public string Load(string key) => key; }

        public class StoreController : ControllerBase
        {
            private readonly IStore _store = new MemoryStore();
            private readonly IQuiet _quiet = new QuietStore();
            private readonly MemoryStore _memory = new();

            public string Get(string key) => {|BURST005:_store.Load(key)|} + {|BURST005:_store.Name|};
            public string Quiet(string key) => _quiet.Load(key);

            // Called on the concrete type, only MemoryStore's method runs.
            public string Memory(string key) => _memory.Load(key) + _memory.Name;
        }
        """);

    [Fact]
    public Task VirtualCallReachesEveryOverride_BaseCallOnlyTheBase() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public abstract class Exporter
        {
            public abstract string Export();
            public virtual string Header() => "header";
            public string Run() => Header() + Export();
        }

        public class CsvExporter : Exporter
        {
            public override string Export() => "a,b";
        }

        public class SlowExporter : CsvExporter
        {
            public override string Export() { Thread.Sleep(10); return base.Export(); }
            public override string Header() => "slow";
            public string BaseOnly() => base.Header();
        }

        public sealed class SealedExporter : Exporter
        {
            public override string Export() => "sealed";
        }

        public class ExportController : ControllerBase
        {
            public string Any(Exporter exporter) => {|BURST005:exporter.Export()|};
            public string Csv(CsvExporter exporter) => {|BURST005:exporter.Export()|};
            public string Run(Exporter exporter) => {|BURST005:exporter.Run()|};
            public string Header(Exporter exporter) => exporter.Header();
            public string Sealed(SealedExporter exporter) => exporter.Export();
            public string BaseOnly(SlowExporter exporter) => exporter.BaseOnly();
        }
        """);

    [Fact]
    public Task GenericMethodsAndTypes() => Verify.VerifyAnalyzerAsync("""
        using System.Collections.Generic;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public interface IRepository<T>
        {
            T Find(int id);
        }

        public class Order { }

        public class OrderRepository : IRepository<Order>
        {
            public Order Find(int id) => LoadAsync(id).GetAwaiter().GetResult();
            private static Task<Order> LoadAsync(int id) => Task.Run(() => new Order());
        }

        public class Cache<TValue>
        {
            private readonly Dictionary<int, TValue> _items = new();
            public TValue GetOrLoad<TSource>(int id, TSource source) where TSource : IRepository<TValue>
                => _items.TryGetValue(id, out var item) ? item : source.Find(id);
        }

        public static class Extensions
        {
            public static T Single<T>(this IRepository<T> repository) => repository.Find(1);
        }

        public class OrdersController : ControllerBase
        {
            private readonly Cache<Order> _cache = new();
            private readonly OrderRepository _orders = new();
            private readonly IRepository<Order> _repository = new OrderRepository();

            public Order Get(int id) => {|BURST005:_cache.GetOrLoad(id, _orders)|};
            public Order First() => {|BURST005:_repository.Single()|};
            public Order Static() => {|BURST005:Extensions.Single(_repository)|};
        }
        """);

    [Fact]
    public Task TheFirstBlockingImplementationInSourceOrderIsNamed() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using Microsoft.AspNetCore.Mvc;

        public interface IClock { void Tick(); }
        public class FastClock : IClock { public void Tick() { } }
        public class SlowClock : IClock { public void Tick() => Thread.Sleep(1); }
        public class SlowerClock : IClock { public void Tick() => Thread.Sleep(2); }

        public class ClockController : ControllerBase
        {
            public void Tick(IClock clock) => {|BURST005:clock.Tick()|};
        }
        """);
}
