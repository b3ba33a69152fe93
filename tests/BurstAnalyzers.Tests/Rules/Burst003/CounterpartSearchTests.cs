using System.Threading.Tasks;
using BurstAnalyzers.Tests.Infrastructure;
using BurstAnalyzers.Tests.Verifiers;
using Microsoft.CodeAnalysis.Testing;
using Xunit;
using ChainVerify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.CallChainAnalyzer>;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.BlockingCallAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst003;

/// <summary>
/// Which calls into a library count as synchronous I/O because an async counterpart exists, and what the message tells
/// the user to await: a member named Name + "Async" on the type, its bases or the interfaces an interface extends, or
/// an extension for the receiver, with the same parameters (plus a trailing CancellationToken or optional ones) and an
/// awaitable of the same result. A twin that does not fit that shape is no counterpart.
/// </summary>
public class CounterpartSearchTests
{
    // StackExchange.Redis declares the sync commands on IDatabase and their async twins on IDatabaseAsync, which
    // IDatabase extends: the counterpart is found on the extended interface and named by it.
    private const string Redis = """
        namespace StackExchange.Redis
        {
            using System.Threading.Tasks;

            public enum CommandFlags { None = 0 }

            public readonly struct RedisKey { public static implicit operator RedisKey(string key) => default; }

            public readonly struct RedisValue { public override string ToString() => ""; }

            public interface IRedisAsync
            {
                Task<System.TimeSpan> PingAsync(CommandFlags flags = CommandFlags.None);
            }

            public interface IDatabaseAsync : IRedisAsync
            {
                Task<RedisValue> StringGetAsync(RedisKey key, CommandFlags flags = CommandFlags.None);
                Task<bool> KeyDeleteAsync(RedisKey key, CommandFlags flags = CommandFlags.None);
            }

            public interface IRedis : IRedisAsync
            {
                System.TimeSpan Ping(CommandFlags flags = CommandFlags.None);
            }

            public interface IDatabase : IRedis, IDatabaseAsync
            {
                RedisValue StringGet(RedisKey key, CommandFlags flags = CommandFlags.None);
                bool KeyDelete(RedisKey key, CommandFlags flags = CommandFlags.None);
                int Database { get; }
            }
        }
        """;

    [Fact]
    public Task RedisCommandsPairWithTheirTwinsOnTheExtendedInterface() => Verify.VerifyAnalyzerAsync(
        TestSource.Files("""
            using Microsoft.AspNetCore.Mvc;
            using StackExchange.Redis;

            public class CartController : ControllerBase
            {
                public string Get(IDatabase redis)
                {
                    var latency = {|#0:redis.Ping()|};
                    {|#1:redis.KeyDelete("old")|};
                    return {|#2:redis.StringGet("cart")|}.ToString() + latency + redis.Database;
                }
            }
            """),
        references: ReferenceSets.WithLibrary("StackExchange.Redis", Redis),
        expected: new[]
        {
            Verify.Diagnostic("BURST003").WithLocation(0).WithArguments("IRedis.Ping", "CartController.Get", "await IRedisAsync.PingAsync"),
            Verify.Diagnostic("BURST003").WithLocation(1).WithArguments("IDatabase.KeyDelete", "CartController.Get", "await IDatabaseAsync.KeyDeleteAsync"),
            Verify.Diagnostic("BURST003").WithLocation(2).WithArguments("IDatabase.StringGet", "CartController.Get", "await IDatabaseAsync.StringGetAsync"),
        });

    // A vendor SDK whose "...Async" methods do not all fit their sync twins: only the ones that do are counterparts.
    private const string Vendor = """
        namespace Vendor.Sdk
        {
            using System;
            using System.IO;
            using System.Threading;
            using System.Threading.Tasks;

            public class Record { }

            public class SpecialRecord : Record { }

            public class Connection
            {
                // Fit: same parameters, an awaitable of the same result, a trailing token or optional parameter.
                public virtual void Open() { }
                public Task OpenAsync(CancellationToken cancellationToken) => Task.CompletedTask;
                public Record Fetch(int id) => new();
                public ValueTask<Record> FetchAsync(int id, bool tracked = false, CancellationToken cancellationToken = default) => default;
                public Record Latest() => new();
                public Task<SpecialRecord> LatestAsync() => Task.FromResult(new SpecialRecord());
                public T Read<T>(string key) => default!;
                public Task<T> ReadAsync<T>(string key) => Task.FromResult(default(T)!);
                public void Store(ReadOnlySpan<byte> data) { }
                public ValueTask StoreAsync(ReadOnlyMemory<byte> data, CancellationToken cancellationToken = default) => default;
                public static Connection Connect(string address) => new();
                public static Task<Connection> ConnectAsync(string address) => Task.FromResult(new Connection());

                // No fit: another result, a required extra parameter, another parameter type or ref kind, a static
                // twin of an instance method, an obsolete twin, a twin that returns no awaitable.
                public int Count() => 0;
                public Task CountAsync() => Task.CompletedTask;
                public void Flush() { }
                public Task<int> FlushAsync() => Task.FromResult(0);
                public Record Find(string key) => new();
                public Task<string> FindAsync(string key) => Task.FromResult("");
                public void Send(string message) { }
                public Task SendAsync(string message, TimeSpan timeout) => Task.CompletedTask;
                public void Seek(long position) { }
                public Task SeekAsync(string position) => Task.CompletedTask;
                public bool TryTake(out Record record) { record = new(); return true; }
                public Task<bool> TryTakeAsync(Record record) => Task.FromResult(true);
                public void Close() { }
                public static Task CloseAsync() => Task.CompletedTask;
                public void Ping() { }
                [Obsolete("Use Ping.")]
                public Task PingAsync() => Task.CompletedTask;
                public void Reset() { }
                public IAsyncResult ResetAsync() => null!;
                public string Name() => "";
                protected Task<string> NameAsync() => Task.FromResult("");

                public Task SyncAsync(CancellationToken cancellationToken = default) => Task.CompletedTask;
            }

            public class PooledConnection : Connection
            {
                public override void Open() { }
            }

            public static class ConnectionExtensions
            {
                // An extension whose counterpart is an instance member of the receiver's type.
                public static void Sync(this Connection connection) { }
            }
        }
        """;

    [Fact]
    public Task TwinsThatFitAreCounterparts_OthersAreNot() => Verify.VerifyAnalyzerAsync(
        TestSource.Files("""
            using Microsoft.AspNetCore.Mvc;
            using Vendor.Sdk;

            public class RecordsController : ControllerBase
            {
                public object Get(PooledConnection connection, byte[] data)
                {
                    {|#0:connection.Open()|};
                    var one = {|#1:connection.Fetch(1)|};
                    var latest = {|#2:connection.Latest()|};
                    var text = {|#3:connection.Read<string>("k")|};
                    {|#4:connection.Store(data)|};
                    var other = {|#5:Connection.Connect("db")|};
                    {|#6:connection.Sync()|};

                    var count = connection.Count();
                    connection.Flush();
                    var found = connection.Find("k");
                    connection.Send("m");
                    connection.Seek(0);
                    connection.TryTake(out var taken);
                    connection.Close();
                    connection.Ping();
                    connection.Reset();
                    var name = connection.Name();
                    return (one, latest, text, other, count, found, taken, name);
                }
            }
            """),
        references: ReferenceSets.WithLibrary("Vendor.Sdk", Vendor),
        expected: new[]
        {
            Verify.Diagnostic("BURST003").WithLocation(0).WithArguments("PooledConnection.Open", "RecordsController.Get", "await Connection.OpenAsync"),
            Verify.Diagnostic("BURST003").WithLocation(1).WithArguments("Connection.Fetch", "RecordsController.Get", "await Connection.FetchAsync"),
            Verify.Diagnostic("BURST003").WithLocation(2).WithArguments("Connection.Latest", "RecordsController.Get", "await Connection.LatestAsync"),
            Verify.Diagnostic("BURST003").WithLocation(3).WithArguments("Connection.Read", "RecordsController.Get", "await Connection.ReadAsync"),
            Verify.Diagnostic("BURST003").WithLocation(4).WithArguments("Connection.Store", "RecordsController.Get", "await Connection.StoreAsync"),
            Verify.Diagnostic("BURST003").WithLocation(5).WithArguments("Connection.Connect", "RecordsController.Get", "await Connection.ConnectAsync"),
            Verify.Diagnostic("BURST003").WithLocation(6).WithArguments("ConnectionExtensions.Sync", "RecordsController.Get", "await Connection.SyncAsync"),
        });

    // A call that finds no counterpart is remembered as a miss only under what decided it: a miss where the extension
    // is not imported does not hide the same call where it is, and a miss over a stream in memory does not hide the
    // same call over the response body.
    [Fact]
    public Task AMissDecidedByTheImportsOrAStreamInMemoryIsNotReusedElsewhere() => Verify.VerifyAnalyzerAsync("""
        using System.IO;
        using System.Linq;
        using System.Text.Json;
        using Microsoft.AspNetCore.Mvc;

        namespace Acme.Data
        {
            using System.Collections.Generic;
            using System.Threading.Tasks;

            public static class QueryableAsync
            {
                public static Task<List<T>> ToListAsync<T>(this IQueryable<T> source) => Task.FromResult(source.ToList());
            }
        }

        namespace Acme.Reports
        {
            public class ReportsController : ControllerBase
            {
                public int Get(IQueryable<int> rows) => rows.ToList().Count;
            }
        }

        namespace Acme.Orders
        {
            using Acme.Data;

            public class OrdersController : ControllerBase
            {
                public int Get(IQueryable<int> rows) => {|#0:rows.ToList()|}.Count;

                public void Post(int[] order)
                {
                    JsonSerializer.Serialize(new MemoryStream(), order);
                    {|#1:JsonSerializer.Serialize(Response.Body, order)|};
                }
            }
        }
        """,
        Verify.Diagnostic("BURST003").WithLocation(0).WithArguments("Enumerable.ToList", "OrdersController.Get", "await QueryableAsync.ToListAsync"),
        Verify.Diagnostic("BURST003").WithLocation(1).WithArguments("JsonSerializer.Serialize", "OrdersController.Post", "await JsonSerializer.SerializeAsync"));

    // Extensions from a referenced library, found for the receivers they can apply to: a type parameter, a base
    // class, an interface the receiver implements; not for a receiver they cannot apply to (a Note, whether passed as
    // a variable or as a null literal, which has no type to look extensions up for).
    private const string Documents = """
        namespace Documents.Client
        {
            using System.Threading.Tasks;

            public interface IDocument { }

            public class Document : IDocument { }

            public class Invoice : Document { }

            public class Note { }

            public static class DocumentExtensions
            {
                public static T Reload<T>(this T document) where T : class => document;
                public static Task<T> ReloadAsync<T>(this T document) where T : class => Task.FromResult(document);
                public static bool Save(this Document document) => true;
                public static Task<bool> SaveAsync(this Document document) => Task.FromResult(true);
                public static bool Delete(this IDocument document) => true;
                public static Task<bool> DeleteAsync(this IDocument document) => Task.FromResult(true);
            }

            public static class NoteExtensions
            {
                public static bool Save(this Note note) => true;
            }

            public static class AnyExtensions
            {
                public static string Describe(this object value) => "";
                public static Task<string> DescribeAsync(this object value) => Task.FromResult("");
                public static int Checksum(this byte[] data) => 0;
                public static Task<int> ChecksumAsync(this byte[] data) => Task.FromResult(0);
            }
        }
        """;

    [Fact]
    public Task ExtensionCounterpartsFromAReferencedLibrary() => Verify.VerifyAnalyzerAsync(
        TestSource.Files("""
            using Documents.Client;
            using Microsoft.AspNetCore.Mvc;

            public class InvoicesController : ControllerBase
            {
                public bool Put(Invoice invoice, Note note, byte[] data)
                {
                    var fresh = {|#0:invoice.Reload()|};
                    var text = {|#3:note.Describe()|} + {|#4:data.Checksum()|};
                    return {|#1:fresh.Save()|} && {|#2:invoice.Delete()|} && note.Save() && NoteExtensions.Save(null);
                }
            }
            """),
        references: ReferenceSets.WithLibrary("Documents.Client", Documents),
        expected: new[]
        {
            Verify.Diagnostic("BURST003").WithLocation(0).WithArguments("DocumentExtensions.Reload", "InvoicesController.Put", "await DocumentExtensions.ReloadAsync"),
            Verify.Diagnostic("BURST003").WithLocation(1).WithArguments("DocumentExtensions.Save", "InvoicesController.Put", "await DocumentExtensions.SaveAsync"),
            Verify.Diagnostic("BURST003").WithLocation(2).WithArguments("DocumentExtensions.Delete", "InvoicesController.Put", "await DocumentExtensions.DeleteAsync"),
            Verify.Diagnostic("BURST003").WithLocation(3).WithArguments("AnyExtensions.Describe", "InvoicesController.Put", "await AnyExtensions.DescribeAsync"),
            Verify.Diagnostic("BURST003").WithLocation(4).WithArguments("AnyExtensions.Checksum", "InvoicesController.Put", "await AnyExtensions.ChecksumAsync"),
        });

    // In a generic helper the receiver is a type parameter: the extension of its constraint is still found, and the
    // handler's chain ends in the call.
    [Fact]
    public Task AnExtensionOfATypeParametersConstraintIsACounterpart() => ChainVerify.VerifyAnalyzerAsync(
        TestSource.Files("""
            using Documents.Client;
            using Microsoft.AspNetCore.Mvc;

            public static class Saving
            {
                public static bool SaveAll<T>(T document) where T : Document => document.Save();
            }

            public class InvoicesController : ControllerBase
            {
                public bool Put(Invoice invoice) => {|#0:Saving.SaveAll(invoice)|};
            }
            """),
        references: ReferenceSets.WithLibrary("Documents.Client", Documents),
        expected: ChainVerify.Diagnostic("BURST005").WithLocation(0).WithOptions(DiagnosticOptions.IgnoreAdditionalLocations)
            .WithArguments("InvoicesController.Put", "Put → Saving.SaveAll → DocumentExtensions.Save"));

    // An extension the team wrote as Task.Run over the sync call, however it is spelled, is async over sync: no
    // counterpart. One that awaits real asynchronous work is.
    [Fact]
    public Task AsyncOverSyncIsNoCounterpartHoweverItIsSpelled() => Verify.VerifyAnalyzerAsync("""
        using System.Linq;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public static class QueryableAsync
        {
            public static Task<System.Collections.Generic.List<T>> ToListAsync<T>(this IQueryable<T> source) => (System.Threading.Tasks.Task.Run(() => source.ToList()));

            public static Task<T[]> ToArrayAsync<T>(this IQueryable<T> source)
            {
                return Task.Run(() => source.ToArray());
            }

            public static async Task<T> FirstAsync<T>(this IQueryable<T> source) => await Task.Factory.StartNew(() => source.First());

            public static async Task<int> CountAsync<T>(this IQueryable<T> source)
            {
                await Task.Yield();
                return source.Count();
            }
        }

        public class RowsController : ControllerBase
        {
            public int Get(IQueryable<int> rows) => rows.ToList().Count + rows.ToArray().Length + rows.First() + {|#0:rows.Count()|};
        }
        """,
        Verify.Diagnostic("BURST003").WithLocation(0).WithArguments("Queryable.Count", "RowsController.Get", "await QueryableAsync.CountAsync"));

    // Tasks and primitives belong to BURST002/BURST004: a wait they do not report (the task has completed) does not
    // come back as I/O through its WaitAsync twin.
    [Fact]
    public Task ACompletedTasksWaitIsNotIoThroughItsWaitAsyncTwin() => Verify.VerifyAnalyzerAsync("""
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;

        public class QuotesController : ControllerBase
        {
            public async Task<int> Get(Task<int> pending, CancellationToken cancellationToken)
            {
                await pending;
                pending.Wait(cancellationToken);
                return pending.Result;
            }
        }
        """);
}
