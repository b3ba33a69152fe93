namespace BurstAnalyzers;

/// <summary>Every diagnostic id BurstAnalyzers reports. Ids are public API: never renumber or reuse one.</summary>
public static class DiagnosticIds
{
    public const string ThreadSleep = "BURST001";
}
