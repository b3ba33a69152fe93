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
/// an async method, an iterator enumerated inside the call or returned lazily, a throw helper's I/O (an error path), a
/// sleep in a catch handler (blocking only after a failure, recorded so), a clean twin, a lazily built field and a
/// lookup's miss (recorded as a first call or a cache miss), a comparison of the clock with a stored time (a refresh),
/// a wait on a semaphore used as a mutex (recorded as contended),
/// and dispatch inside the library: blocking only when it blocks whichever implementation runs (forwarders aside).
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

            // A platform placeholder (a package's lib/ assembly where the real one is under runtimes/): every member throws,
            // so the scan knows nothing of what the real one does, and never calls it clean.
            public sealed class PlaceholderCommand
            {
                public int Execute() => throw new PlatformNotSupportedException();
                public Task<int> ExecuteAsync() => throw new PlatformNotSupportedException();
            }

            // Dispatch inside the library: one implementation of several waits (the caller is not blocking: it depends on
            // which runs), every implementation blocks (the caller is), a decorator forwarding to an inner instance of its
            // own interface does not veto.
            public abstract class IdSource { public abstract long Next(); }

            internal sealed class CountingIds : IdSource { private long _last; public override long Next() => ++_last; }

            internal sealed class ReservingIds : IdSource
            {
                private readonly SemaphoreSlim _gate = new(1);
                public override long Next() { _gate.Wait(); _gate.Release(); return 1; }
            }

            public sealed class Tracker
            {
                private readonly IdSource _ids;
                public Tracker(IdSource ids) { _ids = ids; }
                public long Track() => _ids.Next();
            }

            public interface ITransport { void Send(string data); }

            internal sealed class FileTransport : ITransport { public void Send(string data) => File.AppendAllText("out.log", data); }

            internal sealed class SlowTransport : ITransport { public void Send(string data) => Thread.Sleep(5); }

            public sealed class Mailer
            {
                private readonly ITransport _transport;
                public Mailer(ITransport transport) { _transport = transport; }
                public void Deliver(string data) => _transport.Send(data);
            }

            public interface IArchive { void Put(string data); }

            internal sealed class DiskArchive : IArchive { public void Put(string data) => File.WriteAllText("archive", data); }

            internal sealed class CountingArchive : IArchive
            {
                private readonly IArchive _inner;
                private int _count;
                public CountingArchive(IArchive inner) { _inner = inner; }
                public void Put(string data) { _count++; _inner.Put(data); }
            }

            public sealed class Archiver
            {
                private readonly IArchive _archive;
                public Archiver(IArchive archive) { _archive = archive; }
                public void Keep(string data) => _archive.Put(data);
            }

            // Neither an implementation that only throws nor a forwarder that hands its call to a helper as a lambda vetoes.
            public interface IQueue { void Push(string item); }

            internal sealed class DiskQueue : IQueue { public void Push(string item) => File.AppendAllText("queue", item); }

            internal sealed class ReadOnlyQueue : IQueue { public void Push(string item) => throw new NotSupportedException(); }

            internal sealed class FailoverQueue : IQueue
            {
                private readonly IQueue _active;
                private Action<string, IQueue>? _last;
                public FailoverQueue(IQueue active) { _active = active; }
                public void Push(string item) => Run(item, (x, queue) => queue.Push(x));
                private void Run(string item, Action<string, IQueue> push) { _last = push; _last(item, _active); }
            }

            public sealed class Producer
            {
                private readonly IQueue _queue;
                public Producer(IQueue queue) { _queue = queue; }
                public void Produce(string item) => _queue.Push(item);
            }

            // A subclass's override of a protected hook: the base's caller runs whichever override the instance has.
            public class Client
            {
                public void Connect() => OnConnected();
                protected virtual void OnConnected() { }
            }

            public sealed class FileClient : Client
            {
                protected override void OnConnected() { base.OnConnected(); File.Create("session").Dispose(); }
            }

            // Exception handlers: a retry's backoff runs only after a failed attempt (recorded with its condition); a
            // cleanup in a catch does not hide the ordinary path's own I/O, which is the chain recorded.
            public static class Retrying
            {
                public static int Count(Func<int> attempt)
                {
                    while (true)
                    {
                        try { return attempt(); }
                        catch (IOException) { Thread.Sleep(100); }
                    }
                }

                public static string Load(string path)
                {
                    try { return File.ReadAllText(path); }
                    catch (IOException) { Thread.Sleep(100); throw; }
                }
            }

            // A first call or a cache miss: I/O behind a lazily built field or a lookup that missed is recorded with that
            // condition; a flag (disposed), a lookup whose miss does no I/O, a hoisted local's null test in an iterator and
            // I/O after the lookup on every path are not conditions.
            public sealed class Settings
            {
                private static readonly Dictionary<string, string> s_files = new();
                private string? _text;
                private bool _closed;

                public string Text => _text ??= File.ReadAllText("settings.json");

                public static string Cached(string path)
                {
                    if (!s_files.TryGetValue(path, out var text))
                    {
                        text = File.ReadAllText(path);
                        s_files[path] = text;
                    }

                    return text;
                }

                public static string Fresh(string path)
                {
                    if (!s_files.TryGetValue(path, out var text))
                    {
                        text = "";
                    }

                    return text + File.ReadAllText(path);
                }

                public void Close()
                {
                    if (_closed) { return; }
                    File.Delete("settings.lock");
                    _closed = true;
                }

                public static IEnumerable<string> Rows(TextReader? reader)
                {
                    if (reader == null) { reader = File.OpenText("rows.txt"); }
                    string? line;
                    while ((line = reader.ReadLine()) != null) { yield return line; }
                }

                public static List<string> AllRows() => Rows(null).ToList();
            }

            // A lock: a wait on a semaphore used as a mutex (created with a count of 1, released by its type) blocks only
            // while another thread holds it, also with a timeout computed in the call; a member that also blocks on every
            // call keeps that chain. A signal (count 0), a pool of two and a semaphore its type never releases are waits
            // like any other (as is Runner.Wait's, on a semaphore passed in).
            public sealed class Journal
            {
                private static readonly SemaphoreSlim s_lock = new(1);
                private readonly SemaphoreSlim _lock = new SemaphoreSlim(1, 1);
                private readonly SemaphoreSlim _ready = new(0);
                private readonly SemaphoreSlim _slots = new(2);
                private readonly SemaphoreSlim _once = new(1);
                private int _count;

                public void Append(string line)
                {
                    _lock.Wait();
                    try { _count += line.Length; } finally { _lock.Release(); }
                }

                public static bool Flush()
                {
                    if (!s_lock.Wait(TimeSpan.FromSeconds(1))) { return false; }
                    s_lock.Release();
                    return true;
                }

                public void Pause()
                {
                    _lock.Wait();
                    try { Thread.Sleep(10); } finally { _lock.Release(); }
                }

                public void WaitReady() => _ready.Wait();

                public void Signal() { _ready.Release(); _slots.Release(); }

                public void TakeSlot() { _slots.Wait(); _slots.Release(); }

                public void Enter() => _once.Wait();

                // Not a mutex either (the review of 2026-11-29): a field that may hold the caller's semaphore, and one
                // also stored by reference (Interlocked.Exchange), whatever else is stored in it.
                private readonly SemaphoreSlim _gate;
                private SemaphoreSlim _shared = new(1, 1);

                public Journal(SemaphoreSlim? gate = null) => _gate = gate ?? new SemaphoreSlim(1, 1);

                public void Gate() { _gate.Wait(); _gate.Release(); }

                public void Reset() => Interlocked.Exchange(ref _shared, new SemaphoreSlim(0));

                public void Shared() { _shared.Wait(); _shared.Release(); }

                // The wait's receiver is not the mutex field last loaded: only tested, or one of two values.
                public void Tested(SemaphoreSlim other) { if (_lock != null) { other.Wait(); } }

                public void Either(bool flag) => (flag ? _lock : _ready).Wait();
            }

            // A refresh: I/O on the branch a comparison of the clock with a stored time takes once the clock is past it
            // (clock first or second, read into a local, behind a null test too). A loop on the clock (a deadline) and
            // I/O after the comparison on every path are not conditions.
            public sealed class Tokens
            {
                private string? _token;
                private DateTime _expiresAt;

                public string Token()
                {
                    if (DateTime.UtcNow >= _expiresAt)
                    {
                        _token = File.ReadAllText("token");
                        _expiresAt = DateTime.UtcNow.AddMinutes(5);
                    }

                    return _token!;
                }

                public string Cached()
                {
                    var now = DateTimeOffset.UtcNow;
                    if (new DateTimeOffset(_expiresAt) > now)
                    {
                        return _token!;
                    }

                    return _token = File.ReadAllText("token");
                }

                public string Either()
                {
                    if (_token != null && DateTime.UtcNow < _expiresAt)
                    {
                        return _token;
                    }

                    _token = File.ReadAllText("token");
                    _expiresAt = DateTime.UtcNow.AddMinutes(5);
                    return _token;
                }

                public static void Poll(DateTime deadline)
                {
                    while (DateTime.UtcNow < deadline)
                    {
                        Thread.Sleep(10);
                    }

                    File.Delete("poll");
                }

                public string Stale()
                {
                    if (DateTime.UtcNow > _expiresAt)
                    {
                        _token = null;
                    }

                    return File.ReadAllText("token");
                }
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
                "M:Vendor.IdSource.Next\tBURST004\t2\t\t0,0,0,0\tIdSource.Next → ReservingIds.Next → SemaphoreSlim.Wait",
                "contended\tM:Vendor.IdSource.Next",
                "M:Vendor.ITransport.Send(System.String)\tBURST003\t2\t\t0,0,0,0\tITransport.Send → FileTransport.Send → File.AppendAllText",
                "M:Vendor.Mailer.Deliver(System.String)\tBURST003\t3\t\t0,0,0,0\tMailer.Deliver → ITransport.Send → FileTransport.Send → File.AppendAllText",
                "M:Vendor.IArchive.Put(System.String)\tBURST003\t2\t\t0,0,0,0\tIArchive.Put → DiskArchive.Put → File.WriteAllText",
                "M:Vendor.Archiver.Keep(System.String)\tBURST003\t3\t\t0,0,0,0\tArchiver.Keep → IArchive.Put → DiskArchive.Put → File.WriteAllText",
                "M:Vendor.IQueue.Push(System.String)\tBURST003\t2\t\t0,0,0,0\tIQueue.Push → DiskQueue.Push → File.AppendAllText",
                "M:Vendor.Producer.Produce(System.String)\tBURST003\t3\t\t0,0,0,0\tProducer.Produce → IQueue.Push → DiskQueue.Push → File.AppendAllText",
                "M:Vendor.FileClient.OnConnected\tBURST003\t1\t\t0,0,0,0\tFileClient.OnConnected → File.Create",
                "M:Vendor.Retrying.Count(System.Func{System.Int32})\tBURST001\t1\t\t0,0,0,0\tRetrying.Count → Thread.Sleep",
                "failure\tM:Vendor.Retrying.Count(System.Func{System.Int32})",
                "runs\tM:Vendor.Retrying.Count(System.Func{System.Int32})\t0",
                "M:Vendor.Retrying.Load(System.String)\tBURST003\t1\t\t0,0,0,0\tRetrying.Load → File.ReadAllText",
                "M:Vendor.Settings.get_Text\tBURST003\t1\t\t0,0,0,0\tSettings.Text → File.ReadAllText",
                "miss\tM:Vendor.Settings.get_Text",
                "M:Vendor.Settings.Cached(System.String)\tBURST003\t1\t\t0,0,0,0\tSettings.Cached → File.ReadAllText",
                "miss\tM:Vendor.Settings.Cached(System.String)",
                "M:Vendor.Settings.Fresh(System.String)\tBURST003\t1\t\t0,0,0,0\tSettings.Fresh → File.ReadAllText",
                "M:Vendor.Settings.Close\tBURST003\t1\t\t0,0,0,0\tSettings.Close → File.Delete",
                "M:Vendor.Settings.AllRows\tBURST003\t2\t\t0,0,0,0\tSettings.AllRows → Settings.Rows → File.OpenText",
                "M:Vendor.Journal.Append(System.String)\tBURST004\t1\t\t0,0,0,0\tJournal.Append → SemaphoreSlim.Wait",
                "contended\tM:Vendor.Journal.Append(System.String)",
                "M:Vendor.Journal.Flush\tBURST004\t1\t\t0,0,0,0\tJournal.Flush → SemaphoreSlim.Wait",
                "contended\tM:Vendor.Journal.Flush",
                "M:Vendor.Journal.Pause\tBURST001\t1\t\t0,0,0,0\tJournal.Pause → Thread.Sleep",
                "M:Vendor.Journal.WaitReady\tBURST004\t1\t\t0,0,0,0\tJournal.WaitReady → SemaphoreSlim.Wait",
                "M:Vendor.Journal.TakeSlot\tBURST004\t1\t\t0,0,0,0\tJournal.TakeSlot → SemaphoreSlim.Wait",
                "M:Vendor.Journal.Enter\tBURST004\t1\t\t0,0,0,0\tJournal.Enter → SemaphoreSlim.Wait",
                "M:Vendor.Journal.Gate\tBURST004\t1\t\t0,0,0,0\tJournal.Gate → SemaphoreSlim.Wait",
                "M:Vendor.Journal.Shared\tBURST004\t1\t\t0,0,0,0\tJournal.Shared → SemaphoreSlim.Wait",
                "M:Vendor.Journal.Tested(System.Threading.SemaphoreSlim)\tBURST004\t1\t\t0,0,0,0\tJournal.Tested → SemaphoreSlim.Wait",
                "M:Vendor.Journal.Either(System.Boolean)\tBURST004\t1\t\t0,0,0,0\tJournal.Either → SemaphoreSlim.Wait",
                "M:Vendor.Tokens.Token\tBURST003\t1\t\t0,0,0,0\tTokens.Token → File.ReadAllText",
                "refresh\tM:Vendor.Tokens.Token",
                "M:Vendor.Tokens.Cached\tBURST003\t1\t\t0,0,0,0\tTokens.Cached → File.ReadAllText",
                "refresh\tM:Vendor.Tokens.Cached",
                "M:Vendor.Tokens.Either\tBURST003\t1\t\t0,0,0,0\tTokens.Either → File.ReadAllText",
                "refresh\tM:Vendor.Tokens.Either",
                "M:Vendor.Tokens.Poll(System.DateTime)\tBURST003\t1\t\t0,0,0,0\tTokens.Poll → File.Delete",
                "M:Vendor.Tokens.Stale\tBURST003\t1\t\t0,0,0,0\tTokens.Stale → File.ReadAllText",
            },
            records);
    }

    public void Dispose() => Directory.Delete(_folder, recursive: true);
}
