using System;
using System.Collections.Generic;
using BurstAnalyzers.Internals;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace BurstAnalyzers.Blocking;

/// <summary>
/// Which well-known APIs run the delegates they are given, and where. Resolved once per compilation; used by the
/// body walk behind BURST005, so that blocking in a lambda a helper hands to the pool, or runs in place, is found.
/// </summary>
internal sealed class DelegateRuns
{
    // Read-only after construction: plain collections, looked up for every lambda of the compilation.
    private readonly Dictionary<INamedTypeSymbol, (Run Run, HashSet<string>? Methods)> _byType = new(SymbolEqualityComparer.Default);

    public DelegateRuns(Compilation compilation)
    {
        var wellKnown = WellKnownTypes.For(compilation);
        void Add(string type, Run run, params string[] methods)
        {
            if (wellKnown.Get(type) is { } symbol)
            {
                _byType[symbol] = (run, methods.Length == 0 ? null : new HashSet<string>(methods, StringComparer.Ordinal));
            }
        }

        Add("System.Threading.Tasks.Task", Run.OnPool, "Run");
        Add("System.Threading.Tasks.TaskFactory", Run.OnPool, "StartNew");
        Add("System.Threading.Tasks.TaskFactory`1", Run.OnPool, "StartNew");
        Add("System.Threading.ThreadPool", Run.OnPool, "QueueUserWorkItem", "UnsafeQueueUserWorkItem");

        Add("System.Linq.Enumerable", Run.InPlace);
        Add("System.Collections.Generic.List`1", Run.InPlace, "ForEach", "Find", "FindAll", "FindIndex", "FindLast", "Exists", "TrueForAll", "ConvertAll", "RemoveAll");
        Add("System.Array", Run.InPlace, "ForEach", "Find", "FindAll", "FindIndex", "FindLast", "Exists", "TrueForAll", "ConvertAll");
        Add("System.Collections.Concurrent.ConcurrentDictionary`2", Run.InPlace, "GetOrAdd", "AddOrUpdate");
        Add("Microsoft.Extensions.Caching.Memory.CacheExtensions", Run.InPlace, "GetOrCreate");
    }

    /// <summary>Where <paramref name="lambda"/> runs, judged by the call it is passed to.</summary>
    public Run Of(IAnonymousFunctionOperation lambda) => Of(lambda, out _);

    /// <summary>Where <paramref name="lambda"/> runs, and the argument that passes it to a call (null when none does).</summary>
    public Run Of(IAnonymousFunctionOperation lambda, out IArgumentOperation? argument)
    {
        var current = lambda.Parent;
        while (current is IDelegateCreationOperation or IConversionOperation)
        {
            current = current.Parent;
        }

        argument = current as IArgumentOperation;
        if (argument is not { Parent: IInvocationOperation invocation })
        {
            return Run.Elsewhere;
        }

        var method = invocation.TargetMethod.ReducedFrom ?? invocation.TargetMethod;
        return method.ContainingType is { } type
            && _byType.TryGetValue(type.OriginalDefinition, out var entry)
            && (entry.Methods is null || entry.Methods.Contains(method.Name))
                ? entry.Run
                : Run.Elsewhere;
    }

    /// <summary>Where the code of a lambda passed to a call runs, as far as blocking is concerned.</summary>
    public enum Run
    {
        /// <summary>Unknown or later (a callback, an event handler, a timer): not the caller's code.</summary>
        Elsewhere,

        /// <summary>On another thread-pool thread, queued by the call (Task.Run, TaskFactory.StartNew, ThreadPool.QueueUserWorkItem):
        /// blocking there holds one more pool thread per request.</summary>
        OnPool,

        /// <summary>On the caller's thread, during the call or while its result is enumerated (LINQ to objects, List.ForEach,
        /// ConcurrentDictionary.GetOrAdd, IMemoryCache.GetOrCreate).</summary>
        InPlace,
    }
}
