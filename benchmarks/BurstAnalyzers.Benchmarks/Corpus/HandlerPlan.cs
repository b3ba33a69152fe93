namespace BurstAnalyzers.Benchmarks.Corpus;

/// <summary>The kinds of request handler the corpus contains.</summary>
internal enum HandlerKind
{
    ControllerAction,
    MinimalApi,
    WcfOperation,
}

/// <summary>A request handler and the service method it calls.</summary>
internal sealed class HandlerPlan(HandlerKind kind, string baseName, Shape shape, bool isAsync, ChainMethod service, CallStyle callStyle)
{
    public HandlerKind Kind { get; } = kind;
    public string BaseName { get; } = baseName;
    public Shape Shape { get; } = shape;
    public bool IsAsync { get; } = isAsync;
    public ChainMethod Service { get; } = service;
    public CallStyle CallStyle { get; } = callStyle;
    public BlockingKind? Blocking { get; set; }

    public string Name => IsAsync ? BaseName + "Async" : BaseName;
    public string Parameter => Shape == Shape.Single ? "id" : "page";
}

/// <summary>A method of a background job: not a handler, so its blocking must not be reported by BurstAnalyzers.</summary>
internal sealed class JobMethodPlan(string name, bool isAsync, ChainMethod target, CallStyle callStyle, BlockingKind? blocking)
{
    public string Name { get; } = name;
    public bool IsAsync { get; } = isAsync;
    public ChainMethod Target { get; } = target;
    public CallStyle CallStyle { get; } = callStyle;
    public BlockingKind? Blocking { get; } = blocking;
}
