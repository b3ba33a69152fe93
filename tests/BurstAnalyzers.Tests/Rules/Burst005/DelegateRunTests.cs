using System.Threading.Tasks;
using Microsoft.CodeAnalysis.Testing;
using Xunit;
using Verify = BurstAnalyzers.Tests.Verifiers.CSharpAnalyzerVerifier<BurstAnalyzers.Rules.CallChainAnalyzer>;

namespace BurstAnalyzers.Tests.Rules.Burst005;

/// <summary>
/// Each API known to run the delegate it is given: on a pool thread (Task.Run, TaskFactory.StartNew and
/// TaskFactory&lt;T&gt;.StartNew, ThreadPool.QueueUserWorkItem and UnsafeQueueUserWorkItem), the chain naming the call
/// as queued to the pool; or in place (LINQ, the List&lt;T&gt; and Array methods that take a predicate or an action,
/// ConcurrentDictionary.GetOrAdd and AddOrUpdate, IMemoryCache.GetOrCreate), the chain naming it plainly. A callback
/// registered to run later (ThreadPool.RegisterWaitForSingleObject) is not the helper's blocking.
/// </summary>
public class DelegateRunTests
{
    private const string Usings = """
        using System;
        using System.Collections.Concurrent;
        using System.Collections.Generic;
        using System.Linq;
        using System.Threading;
        using System.Threading.Tasks;
        using Microsoft.AspNetCore.Mvc;
        using Microsoft.Extensions.Caching.Memory;

        """;

    [Fact]
    public Task LambdasQueuedToThePoolAreNamedAsSuch() => Verify.VerifyAnalyzerAsync(
        Usings + """
            public class Jobs
            {
                public Task<int> Typed() => new TaskFactory<int>().StartNew(() => { Thread.Sleep(10); return 1; });

                public void Unsafe() => ThreadPool.UnsafeQueueUserWorkItem(_ => Thread.Sleep(10), null);

                public Task Cast() => Task.Run((Action)(() => Thread.Sleep(10)));

                public void Later(WaitHandle signal) => ThreadPool.RegisterWaitForSingleObject(signal, (_, _) => Thread.Sleep(10), null, -1, true);
            }

            public class JobsController : ControllerBase
            {
                private readonly Jobs _jobs = new();

                public object Typed() => {|#0:_jobs.Typed()|};

                public void Unsafe() => {|#1:_jobs.Unsafe()|};

                public object Cast() => {|#2:_jobs.Cast()|};

                public void Later(WaitHandle signal) => _jobs.Later(signal);
            }
            """,
        Verify.Diagnostic("BURST005").WithLocation(0).WithOptions(DiagnosticOptions.IgnoreAdditionalLocations).WithMessage(
            "Request handler 'JobsController.Typed' reaches a blocking call through other methods: Typed → Jobs.Typed → Thread.Sleep (in a lambda queued to the thread pool)"),
        Verify.Diagnostic("BURST005").WithLocation(1).WithOptions(DiagnosticOptions.IgnoreAdditionalLocations).WithMessage(
            "Request handler 'JobsController.Unsafe' reaches a blocking call through other methods: Unsafe → Jobs.Unsafe → Thread.Sleep (in a lambda queued to the thread pool)"),
        Verify.Diagnostic("BURST005").WithLocation(2).WithOptions(DiagnosticOptions.IgnoreAdditionalLocations).WithMessage(
            "Request handler 'JobsController.Cast' reaches a blocking call through other methods: Cast → Jobs.Cast → Thread.Sleep (in a lambda queued to the thread pool)"));

    [Fact]
    public Task LambdasRunInPlaceAreTheCallersBlocking() => Verify.VerifyAnalyzerAsync(
        Usings + """
            public class Lists
            {
                public void ForEach(List<int> items) => items.ForEach(i => Thread.Sleep(i));
                public int Find(List<int> items) => items.Find(i => { Thread.Sleep(i); return true; });
                public List<int> FindAll(List<int> items) => items.FindAll(i => { Thread.Sleep(i); return true; });
                public int FindIndex(List<int> items) => items.FindIndex(i => { Thread.Sleep(i); return true; });
                public int FindLast(List<int> items) => items.FindLast(i => { Thread.Sleep(i); return true; });
                public bool Exists(List<int> items) => items.Exists(i => { Thread.Sleep(i); return true; });
                public bool TrueForAll(List<int> items) => items.TrueForAll(i => { Thread.Sleep(i); return true; });
                public List<int> ConvertAll(List<int> items) => items.ConvertAll(i => { Thread.Sleep(i); return i; });
                public int RemoveAll(List<int> items) => items.RemoveAll(i => { Thread.Sleep(i); return true; });
            }

            public class Arrays
            {
                public void ForEach(int[] items) => Array.ForEach(items, i => Thread.Sleep(i));
                public int Find(int[] items) => Array.Find(items, i => { Thread.Sleep(i); return true; });
                public int[] FindAll(int[] items) => Array.FindAll(items, i => { Thread.Sleep(i); return true; });
                public int FindIndex(int[] items) => Array.FindIndex(items, i => { Thread.Sleep(i); return true; });
                public int FindLast(int[] items) => Array.FindLast(items, i => { Thread.Sleep(i); return true; });
                public bool Exists(int[] items) => Array.Exists(items, i => { Thread.Sleep(i); return true; });
                public bool TrueForAll(int[] items) => Array.TrueForAll(items, i => { Thread.Sleep(i); return true; });
                public string[] ConvertAll(int[] items) => Array.ConvertAll(items, i => { Thread.Sleep(i); return ""; });
            }

            public class Caches
            {
                private readonly ConcurrentDictionary<int, int> _map = new();

                public int GetOrAdd(int key) => _map.GetOrAdd(key, k => { Thread.Sleep(k); return k; });
                public int AddOrUpdate(int key) => _map.AddOrUpdate(key, k => k, (k, v) => { Thread.Sleep(k); return v; });
                public int GetOrCreate(IMemoryCache cache, int key) => cache.GetOrCreate(key, e => { Thread.Sleep(key); return key; });
                public int Linq(int[] items) => Enumerable.Sum(items, i => { Thread.Sleep(i); return i; });
            }

            public class InPlaceController : ControllerBase
            {
                public void Get(List<int> list, int[] array, IMemoryCache cache)
                {
                    var lists = new Lists();
                    {|#0:lists.ForEach(list)|};
                    {|BURST005:lists.Find(list)|};
                    {|BURST005:lists.FindAll(list)|};
                    {|BURST005:lists.FindIndex(list)|};
                    {|BURST005:lists.FindLast(list)|};
                    {|BURST005:lists.Exists(list)|};
                    {|BURST005:lists.TrueForAll(list)|};
                    {|BURST005:lists.ConvertAll(list)|};
                    {|BURST005:lists.RemoveAll(list)|};
                    var arrays = new Arrays();
                    {|BURST005:arrays.ForEach(array)|};
                    {|BURST005:arrays.Find(array)|};
                    {|BURST005:arrays.FindAll(array)|};
                    {|BURST005:arrays.FindIndex(array)|};
                    {|BURST005:arrays.FindLast(array)|};
                    {|BURST005:arrays.Exists(array)|};
                    {|BURST005:arrays.TrueForAll(array)|};
                    {|BURST005:arrays.ConvertAll(array)|};
                    var caches = new Caches();
                    {|BURST005:caches.GetOrAdd(1)|};
                    {|BURST005:caches.AddOrUpdate(1)|};
                    {|BURST005:caches.GetOrCreate(cache, 1)|};
                    {|BURST005:caches.Linq(array)|};
                }
            }
            """,
        Verify.Diagnostic("BURST005").WithLocation(0).WithOptions(DiagnosticOptions.IgnoreAdditionalLocations).WithMessage(
            "Request handler 'InPlaceController.Get' reaches a blocking call through other methods: Get → Lists.ForEach → Thread.Sleep"));
}
