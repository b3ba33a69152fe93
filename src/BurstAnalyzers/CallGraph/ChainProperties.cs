namespace BurstAnalyzers.CallGraph;

/// <summary>
/// What a BURST005 diagnostic tells its code fix beyond its locations: the id of the direct rule (BURST001-004/006)
/// the call at the end of the chain breaks, so the fix knows how to rewrite it. The blocking call itself is the
/// diagnostic's last additional location.
/// </summary>
internal static class ChainProperties
{
    public const string BlockingRule = "BlockingRule";
}
