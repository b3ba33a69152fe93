namespace BurstDemo.Variants;

/// <summary>The four versions of the server each scenario runs against.</summary>
internal enum VariantKind
{
    /// <summary>The sample as it is: the blocking code.</summary>
    Before,

    /// <summary>The sample after `dotnet format analyzers` applied BurstAnalyzers' async fixes.</summary>
    Async,

    /// <summary>The sample with BurstAnalyzers.Offload adopted and our offload fix applied.</summary>
    Offload,

    /// <summary>The before build run with the thread pool's minimum raised to 100, as the original reports did.</summary>
    Workaround,
}

internal static class VariantKinds
{
    public static readonly VariantKind[] All = { VariantKind.Before, VariantKind.Async, VariantKind.Offload, VariantKind.Workaround };

    public static string Name(this VariantKind kind) => kind.ToString().ToLowerInvariant();

    public static VariantKind Parse(string name)
    {
        foreach (var kind in All)
        {
            if (kind.Name() == name)
            {
                return kind;
            }
        }

        throw new ArgumentException($"Unknown variant '{name}'; known: {string.Join(", ", All.Select(k => k.Name()))}.");
    }

    /// <summary>Which build a variant runs: the workaround is the before build with another environment.</summary>
    public static VariantKind Build(this VariantKind kind) => kind == VariantKind.Workaround ? VariantKind.Before : kind;

    /// <summary>Environment the server of this variant gets on top of the sampler's.</summary>
    public static IReadOnlyDictionary<string, string> ServerEnvironment(this VariantKind kind)
        => kind == VariantKind.Workaround
            ? new Dictionary<string, string> { ["BURST_MIN_THREADS"] = "100" }
            : new Dictionary<string, string>();

    public static string Description(this VariantKind kind) => kind switch
    {
        VariantKind.Before => "the blocking code as it is in the sample",
        VariantKind.Async => "`dotnet format analyzers --diagnostics BURST001 BURST002 BURST003 BURST004 BURST005` on a copy: BurstAnalyzers' own async fixes",
        VariantKind.Offload => "BurstAnalyzers.Offload referenced and `builder.Services.AddBurstOffload();` added (SOAP sample: BurstAnalyzers.Offload.SoapCore and `AddBurstOffloadForSoapCore()`), then our offload fix (Fix All) puts [OffloadBlocking] on the blocking handlers",
        VariantKind.Workaround => "the before build run with BURST_MIN_THREADS=100 (ThreadPool.SetMinThreads(100, ...)), the old workaround",
        _ => kind.ToString(),
    };
}
