namespace BurstAnalyzers.Options;

/// <summary>The .editorconfig keys BurstAnalyzers reads. Public API: never rename one.</summary>
public static class BurstOptionKeys
{
    /// <summary>Comma-separated full metadata names of attributes that mark request handlers (on a method, or on a
    /// type for all its public instance methods).</summary>
    public const string HandlerAttributes = "burst_analyzers.handler_attributes";

    /// <summary>Comma-separated full metadata names of base types (or interfaces) whose derived types' public instance
    /// methods are request handlers.</summary>
    public const string HandlerBaseTypes = "burst_analyzers.handler_base_types";

    /// <summary>Comma-separated documentation-comment ids of APIs that block and have no async alternative (BURST006).</summary>
    public const string AdditionalBlockingApis = "burst_analyzers.additional_blocking_apis";

    /// <summary>Comma-separated documentation-comment ids of APIs never reported by any rule.</summary>
    public const string ExcludedApis = "burst_analyzers.excluded_apis";

    /// <summary>A positive whole number: how many methods BURST005 follows between a request handler and a blocking
    /// call.</summary>
    public const string MaxCallDepth = "burst_analyzers.max_call_depth";

    /// <summary>What the async code fixes may do to members visible outside a library project (a project that builds a
    /// DLL and references no request-handler framework): "keep" (the default: such members are neither renamed nor
    /// retyped, so the fix is not offered through them) or "change".</summary>
    public const string PublicApiInLibraries = "burst_analyzers.public_api_in_libraries";
}
