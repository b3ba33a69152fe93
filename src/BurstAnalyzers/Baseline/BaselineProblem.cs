using Microsoft.CodeAnalysis.Text;

namespace BurstAnalyzers.Baseline;

/// <summary>A line of a baseline file that is not an entry (BURST901): where it is, what it says, and why.</summary>
/// <param name="Line">0-based line number.</param>
internal sealed record BaselineProblem(int Line, TextSpan Span, string Text, string Reason);
