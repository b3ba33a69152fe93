namespace BurstAnalyzers.Benchmarks.Corpus;

/// <summary>Layers below the handlers, deepest last: handler → service → repository → helper → I/O (2–5 levels).</summary>
internal enum Layer
{
    Service,
    Repository,
    Helper,
    Io,
}

/// <summary>What a call chain carries: one record by id, or a page of records.</summary>
internal enum Shape
{
    Single,
    Batch,
}

/// <summary>How a caller invokes its callee; decided by the planner so blocking can be counted where it is planted.</summary>
internal enum CallStyle
{
    /// <summary>A sync call (from sync or async code) to a sync method with no async twin.</summary>
    Direct,
    /// <summary>await of an async method.</summary>
    Await,
    /// <summary>An async caller awaits the async twin of a sync method.</summary>
    AwaitTwin,
    /// <summary>An async caller calls the sync method although an async twin exists: CA1849's case.</summary>
    SyncDespiteTwin,
    /// <summary>Sync-over-async: <c>MethodAsync(...).Result</c>.</summary>
    BlockOnResult,
    /// <summary>Sync-over-async: <c>MethodAsync(...).GetAwaiter().GetResult()</c>.</summary>
    BlockOnGetResult,
}

/// <summary>A method of a service, repository, helper or I/O class that handlers reach through calls.</summary>
internal sealed class ChainMethod(Layer layer, string baseName, Shape shape, bool isAsync)
{
    public Layer Layer { get; } = layer;
    public string BaseName { get; } = baseName;
    public Shape Shape { get; } = shape;
    public bool IsAsync { get; } = isAsync;

    /// <summary>A sync method that also has a Task-returning "…Async" twin (common in repositories and services).</summary>
    public bool HasAsyncTwin { get; set; }

    public ChainMethod? Callee { get; set; }
    public CallStyle CallStyle { get; set; }
    public BlockingKind? Blocking { get; set; }

    public string Name => IsAsync ? BaseName + "Async" : BaseName;
    public string Parameter => Shape == Shape.Single ? "id" : "page";
}
