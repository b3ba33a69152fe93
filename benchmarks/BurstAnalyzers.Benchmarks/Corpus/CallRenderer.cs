namespace BurstAnalyzers.Benchmarks.Corpus;

/// <summary>Renders a planned call as an expression, and the types chain methods return at each layer.</summary>
internal static class CallRenderer
{
    public static string Call(CallStyle style, string receiver, ChainMethod callee, string argument, bool configureAwait = false)
    {
        var suffix = configureAwait ? ".ConfigureAwait(false)" : string.Empty;
        return style switch
        {
            CallStyle.Await => $"await {receiver}.{callee.Name}({argument}){suffix}",
            CallStyle.AwaitTwin => $"await {receiver}.{callee.BaseName}Async({argument}){suffix}",
            CallStyle.BlockOnResult => $"{receiver}.{callee.Name}({argument}).Result",
            CallStyle.BlockOnGetResult => $"{receiver}.{callee.Name}({argument}).GetAwaiter().GetResult()",
            _ => $"{receiver}.{callee.Name}({argument})",
        };
    }

    public static bool Awaits(CallStyle style) => style is CallStyle.Await or CallStyle.AwaitTwin;

    /// <summary>The result type of a chain method, before any Task wrapping.</summary>
    public static string ResultType(ChainMethod method, ModuleNames names) => (method.Layer, method.Shape) switch
    {
        (Layer.Io, Shape.Single) or (Layer.Helper, Shape.Single) => "string",
        (Layer.Io, _) => "string[]",
        (Layer.Helper, _) => "List<string>",
        (Layer.Repository, Shape.Single) => names.Entity,
        (Layer.Repository, _) => "List<" + names.Entity + ">",
        (_, Shape.Single) => names.Dto,
        _ => "List<" + names.Dto + ">",
    };

    public static string ReturnType(ChainMethod method, ModuleNames names)
        => method.IsAsync ? "Task<" + ResultType(method, names) + ">" : ResultType(method, names);
}
