using System;

namespace BurstAnalyzers.Benchmarks.Corpus;

/// <summary>The blocking calls the corpus plants: the ones that starve the pool in request handlers.</summary>
internal enum BlockingKind
{
    ThreadSleep,
    TaskResult,
    TaskWait,
    GetAwaiterGetResult,
    FileReadAllText,
    StreamRead,
    SemaphoreWait,
    HttpClientResult,
}

internal static class BlockingKinds
{
    public static readonly BlockingKind[] All = (BlockingKind[])Enum.GetValues(typeof(BlockingKind));

    public static string DisplayName(BlockingKind kind) => kind switch
    {
        BlockingKind.ThreadSleep => "Thread.Sleep",
        BlockingKind.TaskResult => "task.Result",
        BlockingKind.TaskWait => "task.Wait()",
        BlockingKind.GetAwaiterGetResult => "GetAwaiter().GetResult()",
        BlockingKind.FileReadAllText => "File.ReadAllText",
        BlockingKind.StreamRead => "stream.Read",
        BlockingKind.SemaphoreWait => "SemaphoreSlim.Wait",
        BlockingKind.HttpClientResult => "HttpClient.GetAsync(...).Result",
        _ => kind.ToString(),
    };
}
