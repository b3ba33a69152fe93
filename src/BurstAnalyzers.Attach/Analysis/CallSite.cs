using System.Collections.Generic;
using System.Linq;

namespace BurstAnalyzers.Attach.Analysis;

/// <summary>
/// A wait's stack, trimmed to what a developer acts on: the framework member that blocked, and the code frames (the
/// application's and libraries') that called it, innermost first. Equal sites are one row of the report.
/// </summary>
/// <param name="Kind">What blocked.</param>
/// <param name="BlockingCall">The framework member the code called, as written where the stack allows.</param>
/// <param name="CodeFrames">Up to the tool's frame limit, innermost first; a generated frame stands for the request delegate.</param>
internal sealed record CallSite(WaitKind Kind, string BlockingCall, IReadOnlyList<Frame> CodeFrames)
{
    public string Key { get; } = Kind + "|" + BlockingCall + "|" + string.Join("<-", CodeFrames.Select(f => f.Method));

    /// <summary>"A ← B ← C", innermost first, as the report prints it.</summary>
    public string Chain => CodeFrames.Count == 0
        ? "(framework code only)"
        : string.Join(" <- ", CodeFrames.Select(f => f.IsGenerated ? "(generated code)" : f.Method));

    public bool Equals(CallSite? other) => other is not null && other.Key == Key;

    public override int GetHashCode() => Key.GetHashCode(System.StringComparison.Ordinal);
}
