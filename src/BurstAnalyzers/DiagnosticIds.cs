namespace BurstAnalyzers;

/// <summary>Every diagnostic id BurstAnalyzers reports. Ids are public API: never renumber or reuse one.</summary>
public static class DiagnosticIds
{
    public const string ThreadSleep = "BURST001";
    public const string TaskWait = "BURST002";
    public const string SyncIo = "BURST003";
    public const string PrimitiveWait = "BURST004";
    public const string BlockingCallChain = "BURST005";
    public const string BlockingApi = "BURST006";
    public const string ServiceFactory = "BURST007";
    public const string InvalidConfiguration = "BURST900";
    public const string InvalidBaselineEntry = "BURST901";
    public const string ProjectWithoutPackage = "BURST903";
    public const string CarriedChain = "BURST904";
}
