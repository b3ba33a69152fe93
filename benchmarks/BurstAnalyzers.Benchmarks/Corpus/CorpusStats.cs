using System.Collections.Generic;

namespace BurstAnalyzers.Benchmarks.Corpus;

/// <summary>What a generated corpus contains, so a report can say what the analyzers were given to find.</summary>
internal sealed class CorpusStats
{
    public const string InHandler = "in handlers";
    public const string NonHandler = "in non-handler code";

    public int Files { get; set; }
    public int Lines { get; set; }
    public int Modules { get; set; }

    public int ControllerActions { get; set; }
    public int MinimalApiHandlers { get; set; }
    public int WcfOperations { get; set; }
    public int ChainMethods { get; set; }

    /// <summary>Blocking calls planted, by kind (sync-over-async calls between layers included).</summary>
    public SortedDictionary<string, int> BlockingByKind { get; } = new();

    /// <summary>Blocking calls planted, by where they are: handlers, each layer below them, non-handler code.</summary>
    public SortedDictionary<string, int> BlockingByPlace { get; } = new();

    /// <summary>Blocking calls inside async methods or lambdas: what CA1849 looks at.</summary>
    public int BlockingInAsyncCode { get; set; }

    /// <summary>Async code calling a sync method that has an "…Async" twin: CA1849's other case.</summary>
    public int SyncCallsDespiteAsyncTwin { get; set; }

    /// <summary>Issue 35's shapes (<see cref="IndirectPlan"/>): modules with each shape and variant.</summary>
    public SortedDictionary<string, int> IndirectShapes { get; } = new();

    /// <summary>Issue 35's call sites in the insights controllers, by shape and what BurstAnalyzers should report there.</summary>
    public SortedDictionary<string, int> IndirectSites { get; } = new();

    /// <summary>Lines of the issue-35 files (the shared DbContext included); 0 with --no-indirect-shapes.</summary>
    public int IndirectLines { get; set; }

    public void Count(string shape) => Increment(IndirectShapes, shape);

    public void CountSite(string site) => Increment(IndirectSites, site);

    public int TotalBlocking
    {
        get
        {
            var total = 0;
            foreach (var count in BlockingByKind.Values)
            {
                total += count;
            }

            return total;
        }
    }

    public void RecordBlocking(BlockingKind kind, string place, bool inAsyncCode)
    {
        Increment(BlockingByKind, BlockingKinds.DisplayName(kind));
        Increment(BlockingByPlace, place);
        if (inAsyncCode)
        {
            BlockingInAsyncCode++;
        }
    }

    public static string PlaceOf(Layer layer) => layer switch
    {
        Layer.Service => "in services (depth 1)",
        Layer.Repository => "in repositories (depth 2)",
        Layer.Helper => "in helpers (depth 3)",
        _ => "in I/O helpers (depth 4)",
    };

    private static void Increment(SortedDictionary<string, int> counts, string key)
        => counts[key] = counts.TryGetValue(key, out var count) ? count + 1 : 1;
}
